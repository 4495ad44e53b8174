export const oauthKeys = {
  clients: () => ['oauth-admin', 'clients'] as const,
  authSessions: () => ['oauth-admin', 'auth-sessions'] as const,
};
