import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuditLogQuery, type AuditLogEntry } from '@/data/audit/audit-log-query';
import { auditExportUrl } from '@/data/audit/audit-export-url';
import { useAdminAudit } from '@/lib/audit/admin-audit';
import { AuditDetailsDrawer } from './audit-details-drawer';
import { AuditFilterBar } from './audit-filter-bar';
import { AuditTable } from './audit-table';
import { AuditVerifyButton } from './audit-verify-button';
import { filtersFromParams } from './audit-log.utils';

/**
 * The seventh /admin tab, 'Audit Log': the tamper-evident log, newest first, filtered by the
 * URL, one cursor page at a time, with export and chain verification. The admin page mounts it.
 */
export default function AuditLogTab() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = useAuditLogQuery({ filters });
  const { log } = useAdminAudit();
  const [open, setOpen] = useState<AuditLogEntry | null>(null);

  const openEntry = (entry: AuditLogEntry) => {
    setOpen(entry);
    log('audit_event_viewed', 'low', { audit_id: entry.id, event_type: entry.event_type });
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>
            <FormattedMessage id="audit.log.title" defaultMessage="Audit Log" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="audit.log.description"
              defaultMessage="Every security event, server and browser, in one hash-chained log. Newest first."
            />
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <AuditVerifyButton log={log} />
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(filters, 'csv')} download>
              <Download aria-hidden />
              CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(filters, 'jsonl')} download>
              <Download aria-hidden />
              JSONL
            </a>
          </Button>
        </div>
      </CardHeader>
      {/* One column that may shrink below its content: the table scrolls in its own box. */}
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <AuditFilterBar />
        <QueryState
          query={query}
          loadingLabel={intl.formatMessage({ id: 'audit.log.loading', defaultMessage: 'Loading audit events…' })}
          errorTitle={intl.formatMessage({
            id: 'audit.log.loadError',
            defaultMessage: 'Failed to load security audit data',
          })}
          isEmpty={(d) => d.pages[0].events.length === 0}
          empty={
            <EmptyState
              title={intl.formatMessage({
                id: 'audit.log.empty',
                defaultMessage: 'No audit events match these filters.',
              })}
              className="py-6"
            />
          }
        >
          {(data) => {
            const entries = data.pages.flatMap((p) => p.events);
            return (
              <>
                <AuditTable entries={entries} onOpen={openEntry} />
                <div className="flex items-center justify-between text-sm text-muted-foreground">
                  <span>
                    <FormattedMessage
                      id="audit.log.shown"
                      defaultMessage="{count, number} shown"
                      values={{ count: entries.length }}
                    />
                  </span>
                  {query.hasNextPage && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void query.fetchNextPage()}
                      disabled={query.isFetchingNextPage}
                    >
                      {query.isFetchingNextPage ? (
                        <FormattedMessage id="audit.log.loadingMore" defaultMessage="Loading…" />
                      ) : (
                        <FormattedMessage id="audit.log.loadOlder" defaultMessage="Load older events" />
                      )}
                    </Button>
                  )}
                </div>
              </>
            );
          }}
        </QueryState>
      </CardContent>
      <AuditDetailsDrawer entry={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
