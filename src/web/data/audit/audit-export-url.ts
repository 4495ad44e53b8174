import { auditFilterParams } from './audit-log-query';
import type { AuditLogFilters } from './keys';

/** The export is a download (the browser streams it to disk), so it is a link, not a fetch. */
export function auditExportUrl(filters: AuditLogFilters, format: 'csv' | 'jsonl'): string {
  const params = auditFilterParams(filters);
  params.set('format', format);
  return `/api/admin/audit/export?${params}`;
}
