import type { AuditLogFilters } from '@shared/api/audit';

export type { AuditLogFilters };

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditLogFilters) => ['audit', 'list', filters] as const,
};
