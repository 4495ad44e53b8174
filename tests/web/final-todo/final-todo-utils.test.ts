import { describe, expect, it } from 'vitest';
import { CHECKLIST_TASKS } from '@/features/final-todo/final-todo.data';
import type { ChecklistTask } from '@/features/final-todo/final-todo.types';
import {
  computeMvp,
  computeOverview,
  computePriorityProgress,
  groupByCategory,
  groupByPriority,
  groupCompletion,
} from '@/features/final-todo/final-todo.utils';

const task = (
  id: number,
  priority: ChecklistTask['priority'],
  category: string,
  estimatedHours: number,
): ChecklistTask => ({
  id,
  title: { id: `t${id}` },
  description: { id: 'd' },
  priority,
  category,
  completed: false,
  estimatedHours,
});

// A small list whose figures are easy to check by hand.
const TASKS = [
  task(1, 'Low', 'A', 4),
  task(2, 'Critical', 'B', 8),
  task(3, 'High', 'A', 10),
  task(4, 'Medium', 'B', 6),
  task(5, 'Critical', 'A', 2),
];

describe('checklist figures', () => {
  it('starts at zero progress with all hours remaining', () => {
    expect(computeOverview(TASKS, new Set())).toEqual({
      percent: 0,
      completed: 0,
      total: 5,
      hoursRemaining: 30,
      totalHours: 30,
      criticalCompleted: 0,
      criticalTotal: 2,
    });
    expect(computeMvp(TASKS, new Set())).toEqual({ criticalRemaining: 2, highRemaining: 1, hoursToMvp: 20 });
  });

  it('updates every figure as tasks are ticked', () => {
    const done = new Set([2, 3]);
    expect(computeOverview(TASKS, done)).toEqual({
      percent: 40,
      completed: 2,
      total: 5,
      hoursRemaining: 12,
      totalHours: 30,
      criticalCompleted: 1,
      criticalTotal: 2,
    });
    expect(computeMvp(TASKS, done)).toEqual({ criticalRemaining: 1, highRemaining: 0, hoursToMvp: 2 });
    expect(computeMvp(TASKS, new Set([1, 4]))).toEqual({ criticalRemaining: 2, highRemaining: 1, hoursToMvp: 20 });
  });

  it('rounds the percentage', () => {
    expect(computeOverview(TASKS.slice(0, 3), new Set([1])).percent).toBe(33);
    expect(computeOverview(TASKS.slice(0, 3), new Set([1, 2])).percent).toBe(67);
  });

  it('reports progress per priority in the order Critical, High, Medium, Low', () => {
    expect(computePriorityProgress(TASKS, new Set([5]))).toEqual([
      { priority: 'Critical', completed: 1, total: 2, percent: 50 },
      { priority: 'High', completed: 0, total: 1, percent: 0 },
      { priority: 'Medium', completed: 0, total: 1, percent: 0 },
      { priority: 'Low', completed: 0, total: 1, percent: 0 },
    ]);
  });

  it('groups by priority in spec order and by category with tasks sorted by priority', () => {
    expect(groupByPriority(TASKS).map((g) => [g.key, g.tasks.map((t) => t.id)])).toEqual([
      ['Critical', [2, 5]],
      ['High', [3]],
      ['Medium', [4]],
      ['Low', [1]],
    ]);
    expect(groupByCategory(TASKS).map((g) => [g.key, g.tasks.map((t) => t.id)])).toEqual([
      ['A', [5, 3, 1]],
      ['B', [2, 4]],
    ]);
    expect(groupCompletion(groupByCategory(TASKS)[0], new Set([3]))).toEqual({ completed: 1, total: 3, percent: 33 });
  });
});

describe('the real checklist', () => {
  it('totals 196 hours, 120 of them to the MVP (Critical 24 + High 96)', () => {
    expect(computeOverview(CHECKLIST_TASKS, new Set()).totalHours).toBe(
      CHECKLIST_TASKS.reduce((n, t) => n + t.estimatedHours, 0),
    );
    expect(computeOverview(CHECKLIST_TASKS, new Set()).totalHours).toBe(196);
    expect(computeMvp(CHECKLIST_TASKS, new Set())).toEqual({ criticalRemaining: 4, highRemaining: 7, hoursToMvp: 120 });
  });

  it('has 16 category groups whose tasks never go from a lower to a higher priority', () => {
    const order = ['Critical', 'High', 'Medium', 'Low'];
    const groups = groupByCategory(CHECKLIST_TASKS);
    expect(groups).toHaveLength(16);
    for (const g of groups) {
      const ranks = g.tasks.map((t) => order.indexOf(t.priority));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });

  it('reaches 100% and zero hours to MVP when every task is ticked', () => {
    const all = new Set(CHECKLIST_TASKS.map((t) => t.id));
    expect(computeOverview(CHECKLIST_TASKS, all)).toMatchObject({
      percent: 100,
      completed: 20,
      hoursRemaining: 0,
      criticalCompleted: 4,
    });
    expect(computeMvp(CHECKLIST_TASKS, all)).toEqual({ criticalRemaining: 0, highRemaining: 0, hoursToMvp: 0 });
  });
});
