import { z } from 'zod';
import { AUDIT_EVENT_TYPE_PATTERN, AUDIT_SEVERITIES, AUDIT_SOURCES } from '../../shared/audit-events';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from '../../shared/audit-queue';
import { boundedDateTime, isInstantInRange } from '../../shared/dates';

/**
 * The viewer's and the export's filters (DESIGN §5): one schema so both read the same rows.
 * `user_id` takes a user id or an email (the viewer's filter box accepts either).
 */
export const auditFilterSchema = z.object({
  type: z.string().regex(AUDIT_EVENT_TYPE_PATTERN, 'must be a snake_case event type').optional(),
  severity: z.enum(AUDIT_SEVERITIES).optional(),
  user_id: z.string().trim().min(1).max(320).optional(),
  source: z.enum(AUDIT_SOURCES).optional(),
  from: boundedDateTime.optional(),
  to: boundedDateTime.optional(),
  /** Browser page-load events (AUDIT_BROWSER_PAGE_LOAD_TYPES from source=client) are hidden unless `true`. */
  include_browser: z.enum(['true', 'false']).optional(),
});

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
