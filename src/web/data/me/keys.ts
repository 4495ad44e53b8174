export const meKeys = {
  sessions: () => ['me', 'sessions'] as const,
};
