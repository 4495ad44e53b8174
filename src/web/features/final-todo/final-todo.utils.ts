import { PRIORITY_ORDER, type ChecklistTask, type TaskPriority } from './final-todo.types';

/**
 * The checklist's figures (spec §2 /final-todo), as pure functions of the tasks and the set of
 * ids the visitor has ticked; the page holds only that set.
 */

const isDone = (task: ChecklistTask, done: ReadonlySet<number>) => task.completed || done.has(task.id);
const sumHours = (tasks: ChecklistTask[]) => tasks.reduce((n, t) => n + t.estimatedHours, 0);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export interface ChecklistOverview {
  percent: number;
  completed: number;
  total: number;
  hoursRemaining: number;
  totalHours: number;
  criticalCompleted: number;
  criticalTotal: number;
}

export function computeOverview(tasks: ChecklistTask[], done: ReadonlySet<number>): ChecklistOverview {
  const completed = tasks.filter((t) => isDone(t, done));
  const critical = tasks.filter((t) => t.priority === 'Critical');
  return {
    percent: percent(completed.length, tasks.length),
    completed: completed.length,
    total: tasks.length,
    hoursRemaining: sumHours(tasks.filter((t) => !isDone(t, done))),
    totalHours: sumHours(tasks),
    criticalCompleted: critical.filter((t) => isDone(t, done)).length,
    criticalTotal: critical.length,
  };
}

export interface PriorityProgress {
  priority: TaskPriority;
  completed: number;
  total: number;
  percent: number;
}

export function computePriorityProgress(tasks: ChecklistTask[], done: ReadonlySet<number>): PriorityProgress[] {
  return PRIORITY_ORDER.map((priority) => {
    const group = tasks.filter((t) => t.priority === priority);
    const completed = group.filter((t) => isDone(t, done)).length;
    return { priority, completed, total: group.length, percent: percent(completed, group.length) };
  });
}

export interface TaskGroup {
  key: string;
  tasks: ChecklistTask[];
}

/** By Priority: groups in the order Critical, High, Medium, Low. */
export function groupByPriority(tasks: ChecklistTask[]): TaskGroup[] {
  return PRIORITY_ORDER.map((p) => ({ key: p, tasks: tasks.filter((t) => t.priority === p) }));
}

const rank = (p: TaskPriority) => PRIORITY_ORDER.indexOf(p);

/** By Category: categories in first-seen order, tasks inside sorted Critical, High, Medium, Low. */
export function groupByCategory(tasks: ChecklistTask[]): TaskGroup[] {
  const categories = [...new Set(tasks.map((t) => t.category))];
  return categories.map((c) => ({
    key: c,
    tasks: tasks.filter((t) => t.category === c).sort((a, b) => rank(a.priority) - rank(b.priority)),
  }));
}

export interface MvpFigures {
  criticalRemaining: number;
  highRemaining: number;
  /** Sum of the hours of unfinished Critical and High tasks. */
  hoursToMvp: number;
}

export function computeMvp(tasks: ChecklistTask[], done: ReadonlySet<number>): MvpFigures {
  const open = tasks.filter((t) => !isDone(t, done));
  const critical = open.filter((t) => t.priority === 'Critical');
  const high = open.filter((t) => t.priority === 'High');
  return {
    criticalRemaining: critical.length,
    highRemaining: high.length,
    hoursToMvp: sumHours([...critical, ...high]),
  };
}

export function groupCompletion(group: TaskGroup, done: ReadonlySet<number>) {
  const completed = group.tasks.filter((t) => isDone(t, done)).length;
  return { completed, total: group.tasks.length, percent: percent(completed, group.tasks.length) };
}
