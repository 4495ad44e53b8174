export const auditSinkKeys = {
  all: () => ['audit-sinks'] as const,
  list: () => ['audit-sinks', 'list'] as const,
};
