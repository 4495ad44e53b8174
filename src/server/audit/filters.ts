import { z } from 'zod';
import { auditLogFiltersSchema } from '../../shared/api/audit';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../shared/audit-queue';
import { cursorParam } from '../http/cursor';

const auditFilterSchema = auditLogFiltersSchema;

export const auditListQuerySchema = auditFilterSchema.extend({
  /** The opaque `next_cursor` of the previous page: the (occurred_at, id) of its last row. */
  cursor: cursorParam('serial'),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});

export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(['csv', 'jsonl']).default('csv'),
});

export type AuditFilterInput = z.output<typeof auditFilterSchema>;

/** Filters after resolution: user given as an email becomes an id (or matches nothing). */
export interface AuditFilters {
  type?: string;
  severity?: string;
  userId?: string | null;
  /** true when the user filter named nobody: the result is empty. */
  matchesNothing?: boolean;
  source?: string;
  from?: Date;
  to?: Date;
  /** Show the browsers' page-load events (hidden by default: every page load sends two). */
  includeBrowser?: boolean;
}
