import { z } from 'zod';
import { auditLogFiltersSchema } from '../../shared/api/audit';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../shared/audit-queue';
import { isInstantInRange } from '../../shared/dates';

const auditFilterSchema = auditLogFiltersSchema;

export const auditListQuerySchema = auditFilterSchema.extend({
  /** Opaque to clients: the id of the last row of the previous page. */
  cursor: z
    .string()
    .regex(/^(\d{1,15}\.)?\d{1,18}$/, 'is not a valid cursor')
    .refine((v) => !v.includes('.') || isInstantInRange(Number(v.split('.')[0])), 'is not a valid cursor')
    .optional(),
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
