import { FormattedMessage, useIntl } from 'react-intl';
import { useText } from '@/modules/shared/text';
import { groupTitle } from './final-todo.words';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { groupCompletion, type TaskGroup } from './final-todo.utils';
import { TaskItem } from './task-item';

/** A group (a priority or a category) with its task count, progress bar and tasks. */
export function TaskGroupCard({
  group,
  done,
  onToggle,
}: {
  group: TaskGroup;
  done: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  const { completed, total, percent } = groupCompletion(group, done);
  const intl = useIntl();
  const title = useText()(groupTitle(group.key));
  return (
    <Card className="min-w-0" data-testid="task-group" data-group={group.key}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          <span className="text-sm text-muted-foreground">
            <FormattedMessage
              id="finalTodo.groupCount"
              defaultMessage="{completed} of {total} tasks"
              values={{ completed, total }}
            />
          </span>
        </div>
        <Progress
          value={percent}
          aria-label={intl.formatMessage(
            { id: 'finalTodo.progressOf', defaultMessage: '{name} progress' },
            { name: title },
          )}
        />
      </CardHeader>
      <CardContent>
        <ul>
          {group.tasks.map((t) => (
            <TaskItem key={t.id} task={t} isDone={t.completed || done.has(t.id)} onToggle={onToggle} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
