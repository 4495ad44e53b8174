/** The viewer's filters; every value is a string as it sits in the URL. */
export interface AuditLogFilters {
  type?: string;
  severity?: string;
  user_id?: string;
  source?: string;
  from?: string;
  to?: string;
}


export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditLogFilters) => ['audit', 'list', filters] as const,
};
