/** Query keys of the /admin dashboard's data; invalidating a prefix refreshes every view of it. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  usersAll: () => ['admin', 'users'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  roles: (userId: string) => ['admin', 'roles', userId] as const,
  apps: () => ['admin', 'apps'] as const,
  sessions: () => ['admin', 'sessions'] as const,
  requestsAll: () => ['admin', 'credential-requests'] as const,
  requests: (scope: 'mine' | 'pending') => ['admin', 'credential-requests', scope] as const,
  grants: () => ['admin', 'credential-grants'] as const,
  analytics: () => ['admin', 'analytics'] as const,
  backup: () => ['admin', 'backup'] as const,
};
