import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { auditExportUrl, useAuditLogQuery, type AuditLogEntry } from '@/data/audit/audit-log-query';
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
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = useAuditLogQuery(filters);
  const { log } = useAdminAudit();
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const entries = query.data?.pages.flatMap((p) => p.events) ?? [];

  const openEntry = (entry: AuditLogEntry) => {
    setOpen(entry);
    log('audit_event_viewed', 'low', { audit_id: entry.id, event_type: entry.event_type });
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>
            Every security event, server and browser, in one hash-chained log. Newest first.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <AuditVerifyButton log={log} />
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(filters, 'csv')} download>
              <Download />
              CSV
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={auditExportUrl(filters, 'jsonl')} download>
              <Download />
              JSONL
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AuditFilterBar />
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading audit events…</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load security audit data: {query.error.message}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No audit events match these filters.</p>
        ) : (
          <>
            <AuditTable entries={entries} onOpen={openEntry} />
            <div className="flex items-center justify-between text-sm text-muted-foreground">
              <span>{entries.length.toLocaleString()} shown</span>
              {query.hasNextPage && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Load older events'}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      <AuditDetailsDrawer entry={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
