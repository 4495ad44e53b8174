import { useIntl } from 'react-intl';
import { PRIORITY_TEXT } from './final-todo.words';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { ChecklistOverview, PriorityProgress } from './final-todo.utils';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardContent className="px-3 sm:px-4">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl" data-testid={testId}>
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** Overview figures and progress per priority (spec §2 /final-todo). */
export function ChecklistOverviewPanel({
  overview,
  byPriority,
}: {
  overview: ChecklistOverview;
  byPriority: PriorityProgress[];
}) {
  const intl = useIntl();
  const of = (part: number, whole: number) =>
    intl.formatMessage({ id: 'finalTodo.of', defaultMessage: '{part} of {whole}' }, { part, whole });
  const pct = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  return (
    <section
      aria-label={intl.formatMessage({ id: 'finalTodo.overview', defaultMessage: 'Overview' })}
      className="flex flex-col gap-4"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={intl.formatMessage({ id: 'finalTodo.overall', defaultMessage: 'Overall Progress' })}
          value={pct(overview.percent)}
          testId="overall-progress"
        />
        <Figure
          label={intl.formatMessage({ id: 'finalTodo.tasksCompleted', defaultMessage: 'Tasks Completed' })}
          value={of(overview.completed, overview.total)}
          testId="tasks-completed"
        />
        <Figure
          label={intl.formatMessage({ id: 'finalTodo.hoursRemaining', defaultMessage: 'Hours Remaining' })}
          value={intl.formatMessage(
            { id: 'finalTodo.hoursOf', defaultMessage: '{part} of {whole} h' },
            { part: overview.hoursRemaining, whole: overview.totalHours },
          )}
          testId="hours-remaining"
        />
        <Figure
          label={intl.formatMessage({ id: 'finalTodo.criticalCompleted', defaultMessage: 'Critical Completed' })}
          value={of(overview.criticalCompleted, overview.criticalTotal)}
          testId="critical-completed"
        />
      </div>
      <Card>
        <CardContent className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {byPriority.map((p) => (
            <div
              key={p.priority}
              className="flex flex-col gap-1.5"
              data-testid="priority-progress"
              data-priority={p.priority}
            >
              <div className="flex justify-between text-sm">
                <span className="font-medium">{intl.formatMessage(PRIORITY_TEXT[p.priority])}</span>
                <span className="tabular-nums">{pct(p.percent)}</span>
              </div>
              <Progress
                value={p.percent}
                aria-label={intl.formatMessage(
                  { id: 'finalTodo.progressOf', defaultMessage: '{name} progress' },
                  { name: intl.formatMessage(PRIORITY_TEXT[p.priority]) },
                )}
              />
              <span className="text-xs text-muted-foreground">
                {intl.formatMessage(
                  { id: 'finalTodo.groupCount', defaultMessage: '{completed} of {total} tasks' },
                  { completed: p.completed, total: p.total },
                )}
              </span>
            </div>
          ))}
        </CardContent>
      </Card>
    </section>
  );
}
