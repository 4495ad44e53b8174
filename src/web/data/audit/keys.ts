import type { z } from 'zod';
import type { auditLogFiltersSchema } from '@shared/api/audit';

export type AuditLogFilters = z.output<typeof auditLogFiltersSchema>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditLogFilters) => ['audit', 'list', filters] as const,
};
