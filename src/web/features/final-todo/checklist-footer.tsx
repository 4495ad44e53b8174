import { RocketIcon } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Card, CardContent } from '@/components/ui/card';
import type { MvpFigures } from './final-todo.utils';

/** 'Ready for Production Deployment': what still stands between us and the MVP. */
export function ChecklistFooter({ mvp }: { mvp: MvpFigures }) {
  return (
    <Card className="border-primary/40 bg-accent/40" data-testid="checklist-footer">
      <CardContent className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <RocketIcon className="size-5 text-primary" aria-hidden />{' '}
          <FormattedMessage id="finalTodo.footer.title" defaultMessage="Ready for Production Deployment" />
        </h2>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="finalTodo.footer.body"
            defaultMessage="Complete all Critical and High priority items before deploying to production."
          />
        </p>
        <dl className="grid grid-cols-3 gap-3 text-center">
          <div>
            <dt className="text-xs text-muted-foreground">
              <FormattedMessage id="finalTodo.footer.critical" defaultMessage="Critical remaining" />
            </dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="critical-remaining">
              {mvp.criticalRemaining}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">
              <FormattedMessage id="finalTodo.footer.high" defaultMessage="High remaining" />
            </dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="high-remaining">
              {mvp.highRemaining}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">
              <FormattedMessage id="finalTodo.footer.hours" defaultMessage="Hours to MVP" />
            </dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="hours-to-mvp">
              {mvp.hoursToMvp}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
