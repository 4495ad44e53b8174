import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AuditLogEntry } from '@/data/audit/audit-log-query';
import { severityVariant } from './audit-log.utils';
import { formatOccurredAt, severityLabel } from './audit-messages';
import { SourceBadge } from './source-badge';

/**
 * Newest first, as the API returns them; a row opens the details drawer (click, Enter or
 * Space). On a phone the table scrolls in its own box, with a cue, and the IP column hides.
 */
export function AuditTable({ entries, onOpen }: { entries: AuditLogEntry[]; onOpen: (entry: AuditLogEntry) => void }) {
  const intl = useIntl();
  return (
    <div className="rounded-md border">
      <Table label={intl.formatMessage({ id: 'audit.table.label', defaultMessage: 'Audit events' })}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-44">
              <FormattedMessage id="audit.table.time" defaultMessage="Time" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="audit.table.event" defaultMessage="Event" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="audit.table.severity" defaultMessage="Severity" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="audit.table.user" defaultMessage="User" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="audit.table.source" defaultMessage="Source" />
            </TableHead>
            <TableHead className="hidden md:table-cell">
              <FormattedMessage id="audit.table.ip" defaultMessage="IP" />
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((e) => (
            <TableRow
              key={e.id}
              data-testid="audit-row"
              tabIndex={0}
              className="cursor-pointer focus-visible:bg-muted focus-visible:outline-none"
              onClick={() => onOpen(e)}
              onKeyDown={(ev) => (ev.key === 'Enter' || ev.key === ' ') && (ev.preventDefault(), onOpen(e))}
            >
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatOccurredAt(intl, e.occurred_at)}
              </TableCell>
              <TableCell className="font-mono text-xs">{e.event_type}</TableCell>
              <TableCell>
                <Badge variant={severityVariant(e.severity)}>{severityLabel(intl, e.severity)}</Badge>
              </TableCell>
              <TableCell className="max-w-48 truncate">
                {e.user_email ?? (e.user_id ? e.user_id.slice(0, 8) : '—')}
              </TableCell>
              <TableCell>
                <SourceBadge source={e.source} />
              </TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">
                {e.ip_address ?? intl.formatMessage({ id: 'audit.table.unknownIp', defaultMessage: 'Unknown' })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
