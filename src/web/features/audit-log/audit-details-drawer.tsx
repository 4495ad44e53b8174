import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import type { AuditLogEntry } from '@/data/audit/audit-log-query';
import { severityVariant } from './audit-log.utils';
import { formatOccurredAt, severityLabel } from './audit-messages';
import { SourceBadge } from './source-badge';

/** One event in full: the main fields, then the raw JSON exactly as the API returned it. */
export function AuditDetailsDrawer({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Sheet open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent aria-describedby={undefined}>
        {entry && (
          <>
            <SheetHeader>
              <SheetTitle className="font-mono">{entry.event_type}</SheetTitle>
              <SheetDescription>
                #{entry.id} · {formatOccurredAt(intl, entry.occurred_at)}
              </SheetDescription>
            </SheetHeader>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.severity" defaultMessage="Severity" />
              </dt>
              <dd>
                <Badge variant={severityVariant(entry.severity)}>{severityLabel(intl, entry.severity)}</Badge>
              </dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.source" defaultMessage="Source" />
              </dt>
              <dd>
                <SourceBadge source={entry.source} />
              </dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.user" defaultMessage="User" />
              </dt>
              <dd className="break-all">{entry.user_email ?? entry.user_id ?? '—'}</dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.session" defaultMessage="Session" />
              </dt>
              <dd className="font-mono break-all">{entry.session_id ?? '—'}</dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.ipAddress" defaultMessage="IP address" />
              </dt>
              <dd className="font-mono">
                {entry.ip_address ?? <FormattedMessage id="audit.details.unknownIp" defaultMessage="Unknown" />}
              </dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.userAgent" defaultMessage="User agent" />
              </dt>
              <dd className="break-all">{entry.user_agent ?? '—'}</dd>
              <dt className="text-muted-foreground">
                <FormattedMessage id="audit.details.hash" defaultMessage="Hash" />
              </dt>
              <dd className="font-mono text-xs break-all">{entry.hash}</dd>
            </dl>
            <div className="grid gap-1.5">
              <h3 id="audit-raw-json-label" className="text-sm font-medium">
                <FormattedMessage id="audit.details.rawJson" defaultMessage="Raw JSON" />
              </h3>
              {/* Focusable: keyboard users scroll long JSON with the arrow keys. */}
              <pre
                tabIndex={0}
                aria-labelledby="audit-raw-json-label"
                data-testid="audit-raw-json"
                className="max-h-[50vh] overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"
              >
                {JSON.stringify(entry, null, 2)}
              </pre>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
