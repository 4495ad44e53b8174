/** Query keys of the signed-in user's own data (/api/me/*); sign-out removes them all. */
export const meKeys = {
  all: ['me'] as const,
  profile: () => ['me', 'profile'] as const,
  sessions: () => ['me', 'sessions'] as const,
  passkeys: () => ['me', 'passkeys'] as const,
  apps: () => ['me', 'apps'] as const,
  identities: () => ['me', 'identities'] as const,
};
