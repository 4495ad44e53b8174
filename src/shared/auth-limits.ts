/** Sign-in limit of spec §9, enforced on the server (DESIGN §6). */
export const SIGN_IN_LIMIT = {
  /** The failure that brings the count to this or beyond starts a block. */
  threshold: 5,
  /** The count restarts after this long without a failure. */
  windowMinutes: 15,
  /** Block length = count × this, capped. */
  blockMinutesPerFailure: 2,
  maxBlockMinutes: 30,
  /** Stale counters are removed this often. */
  cleanupEveryMinutes: 5,
} as const;

/** Block length in minutes for a failure count (0 below the threshold). */
export function blockMinutesFor(failures: number): number {
  if (failures < SIGN_IN_LIMIT.threshold) return 0;
  return Math.min(failures * SIGN_IN_LIMIT.blockMinutesPerFailure, SIGN_IN_LIMIT.maxBlockMinutes);
}

export const SIGN_IN_MESSAGES = {
  fillAll: 'Please fill in all fields',
  missingCredentials: 'You must provide either an email or phone number and a password',
  invalid: (remaining: number) => `Invalid email or password. ${remaining} attempts remaining.`,
  blocked: (minutes: number) => `Too many failed attempts. Please try again in ${minutes} minutes.`,
  unexpected: 'An unexpected error occurred. Please try again.',
  emailTaken: 'This email is already registered. Please sign in instead.',
  signUpSuccess: 'Account created successfully! Please check your email to verify your account.',
} as const;
