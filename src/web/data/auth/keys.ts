/** Query keys of the signed-in state; sign-out removes every other key. */
export const authKeys = {
  session: ['auth', 'session'] as const,
  /** The upstream identity this browser's detour left waiting to be linked (issue 27). */
  pendingLink: ['auth', 'pending-link'] as const,
};
