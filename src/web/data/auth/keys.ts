/** Query keys of the signed-in state; sign-out removes every other key. */
export const authKeys = {
  session: ['auth', 'session'] as const,
};
