import { Badge } from '@/components/ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import type { AuditLogEntry } from '@/data/audit/audit-log-query';
import { formatTimestamp, severityVariant } from './audit-log.utils';
import { SourceBadge } from './source-badge';

/** One event in full: the main fields, then the raw JSON exactly as the API returned it. */
export function AuditDetailsDrawer({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  return (
    <Sheet open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent aria-describedby={undefined}>
        {entry && (
          <>
            <SheetHeader>
              <SheetTitle className="font-mono">{entry.event_type}</SheetTitle>
              <SheetDescription>
                #{entry.id} · {formatTimestamp(entry.occurred_at)}
              </SheetDescription>
            </SheetHeader>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Severity</dt>
              <dd>
                <Badge variant={severityVariant(entry.severity)}>{entry.severity}</Badge>
              </dd>
              <dt className="text-muted-foreground">Source</dt>
              <dd>
                <SourceBadge source={entry.source} />
              </dd>
              <dt className="text-muted-foreground">User</dt>
              <dd className="break-all">{entry.user_email ?? entry.user_id ?? '—'}</dd>
              <dt className="text-muted-foreground">Session</dt>
              <dd className="font-mono break-all">{entry.session_id ?? '—'}</dd>
              <dt className="text-muted-foreground">IP address</dt>
              <dd className="font-mono">{entry.ip_address ?? 'Unknown'}</dd>
              <dt className="text-muted-foreground">User agent</dt>
              <dd className="break-all">{entry.user_agent ?? '—'}</dd>
              <dt className="text-muted-foreground">Hash</dt>
              <dd className="font-mono text-xs break-all">{entry.hash}</dd>
            </dl>
            <div className="grid gap-1.5">
              <h3 id="audit-raw-json-label" className="text-sm font-medium">
                Raw JSON
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
