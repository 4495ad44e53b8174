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
  return (
    <section aria-label="Overview" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Overall Progress" value={`${overview.percent}%`} testId="overall-progress" />
        <Figure label="Tasks Completed" value={`${overview.completed} of ${overview.total}`} testId="tasks-completed" />
        <Figure
          label="Hours Remaining"
          value={`${overview.hoursRemaining} of ${overview.totalHours} h`}
          testId="hours-remaining"
        />
        <Figure
          label="Critical Completed"
          value={`${overview.criticalCompleted} of ${overview.criticalTotal}`}
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
                <span className="font-medium">{p.priority}</span>
                <span className="tabular-nums">{p.percent}%</span>
              </div>
              <Progress value={p.percent} aria-label={`${p.priority} progress`} />
              <span className="text-xs text-muted-foreground">
                {p.completed} of {p.total} tasks
              </span>
            </div>
          ))}
        </CardContent>
      </Card>
    </section>
  );
}
