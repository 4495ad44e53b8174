import { ClockIcon, LinkIcon } from 'lucide-react';
import { FormattedList, FormattedMessage } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import type { ChecklistTask } from './final-todo.types';
import { PriorityBadge } from './priority-badge';
import { CATEGORY_TEXT } from './final-todo.words';

/** One task: checkbox, title (struck through when done), description, category, hours, dependencies, notes. */
export function TaskItem({
  task,
  isDone,
  onToggle,
}: {
  task: ChecklistTask;
  isDone: boolean;
  onToggle: (id: number) => void;
}) {
  const titleId = `task-${task.id}-title`;
  return (
    <li className="flex gap-3 border-b py-3 last:border-0" data-testid="checklist-task" data-done={isDone}>
      <Checkbox
        className="mt-0.5"
        checked={isDone}
        onCheckedChange={() => onToggle(task.id)}
        aria-labelledby={titleId}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span id={titleId} className={cn('font-medium', isDone && 'text-muted-foreground line-through')}>
            <FormattedMessage {...task.title} />
          </span>
          <PriorityBadge priority={task.priority} />
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          <FormattedMessage {...task.description} />
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Badge variant="outline">
            <FormattedMessage {...CATEGORY_TEXT[task.category as keyof typeof CATEGORY_TEXT]} />
          </Badge>
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="size-3" aria-hidden />
            <FormattedMessage id="finalTodo.hours" defaultMessage="{hours} h" values={{ hours: task.estimatedHours }} />
          </span>
          {task.dependencies && task.dependencies.length > 0 && (
            <span className="inline-flex items-center gap-1">
              <LinkIcon className="size-3" aria-hidden />
              <FormattedMessage
                id="finalTodo.dependsOn"
                defaultMessage="Depends on {tasks}"
                values={{ tasks: <FormattedList type="unit" value={task.dependencies.map((d) => `#${d}`)} /> }}
              />
            </span>
          )}
        </div>
        {task.notes && (
          <p className="mt-2 rounded-md bg-muted px-2 py-1 text-xs">
            <FormattedMessage
              id="finalTodo.note"
              defaultMessage="Note: {note}"
              values={{ note: <FormattedMessage {...task.notes} /> }}
            />
          </p>
        )}
      </div>
    </li>
  );
}
