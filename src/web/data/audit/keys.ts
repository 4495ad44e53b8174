import type { AuditLogFilters } from './audit-log-query';

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditLogFilters) => ['audit', 'list', filters] as const,
};
