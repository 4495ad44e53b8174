export const identityProviderKeys = {
  list: () => ['identity-providers', 'list'] as const,
  /** What /auth offers: public, so it outlives sign-out. */
  signIn: () => ['identity-providers', 'sign-in'] as const,
};
