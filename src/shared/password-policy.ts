/**
 * The password policy of spec §5, exactly, in one module the sign-up form and the server both
 * run: the rules, their messages, the score and the strength labels. The server adds two checks
 * beyond the spec (OWASP ASVS 5.0 §6.2): a maximum length, the common-password list
 * (src/shared/auth-common-passwords.ts) and the breached-password corpus
 * (src/server/auth/breached-passwords.ts), server-side only because the lists are large.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** ASVS 6.2.9 asks for at least 64, we accept up to 256 (argon2 hashes any length cheaply enough). */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MAX_SCORE = 4;

export const PASSWORD_MESSAGES = {
  length: 'Password must be at least 12 characters long',
  lowercase: 'Password must contain at least one lowercase letter',
  uppercase: 'Password must contain at least one uppercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  repeating: 'Password should not contain repeating characters',
  sequential: 'Password should not contain sequential characters',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  common: 'This password is one of the most commonly used passwords. Please choose a different one.',
  breached: 'This password has appeared in a data breach, so attackers try it first. Please choose a different one.',
} as const;

export const WEAK_PASSWORD_MESSAGE =
  'Password does not meet security requirements. Please check the requirements below.';

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordCheck {
  /** 0..4: satisfied checks (capped at 4) minus one per repeating / sequential problem. */
  score: number;
  label: StrengthLabel;
  /** The messages of every rule the password breaks, in the spec's order. */
  feedback: string[];
  /** Spec: valid when the score is at least 4 and there is no feedback. */
  valid: boolean;
}

/** Three or more identical characters in a row ('aa' is fine, 'aaa' is not). */
const REPEATING = /(.)\1{2,}/;
/** Three ascending letters or digits in a row, in either case ('abc', 'XYZ', '123', '789'). */
const SEQUENTIAL =
  /(?:abc|bcd|cde|def|efg|fgh|ghi|hij|ijk|jkl|klm|lmn|mno|nop|opq|pqr|qrs|rst|stu|tuv|uvw|vwx|wxy|xyz|012|123|234|345|456|567|678|789)/i;

export function strengthLabel(score: number): StrengthLabel {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  if (score === 2) return 'Fair';
  return 'Weak';
}

/** The spec's strength check (the part the browser shows while typing). */
export function checkPassword(password: string): PasswordCheck {
  const checks: Array<[boolean, string]> = [
    [password.length >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.length],
    [/[a-z]/.test(password), PASSWORD_MESSAGES.lowercase],
    [/[A-Z]/.test(password), PASSWORD_MESSAGES.uppercase],
    [/\d/.test(password), PASSWORD_MESSAGES.number],
    [/[^A-Za-z0-9]/.test(password), PASSWORD_MESSAGES.special],
  ];
  const feedback = checks.filter(([ok]) => !ok).map(([, message]) => message);
  let score = Math.min(checks.filter(([ok]) => ok).length, PASSWORD_MAX_SCORE);
  if (REPEATING.test(password)) {
    feedback.push(PASSWORD_MESSAGES.repeating);
    score -= 1;
  }
  if (SEQUENTIAL.test(password)) {
    feedback.push(PASSWORD_MESSAGES.sequential);
    score -= 1;
  }
  score = Math.max(0, score);
  return { score, label: strengthLabel(score), feedback, valid: score >= PASSWORD_MAX_SCORE && feedback.length === 0 };
}

/**
 * What the server enforces: the spec's rules plus the maximum length, the common-password list
 * and the breached-password corpus. The lists are injected so this module stays small enough for
 * the browser bundle (server: src/server/auth/password-check.ts, the one place that runs it).
 */
export function passwordProblems(
  password: string,
  lists: { isCommon?: (password: string) => boolean; isBreached?: (password: string) => boolean } = {},
): string[] {
  const problems = [...checkPassword(password).feedback];
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (lists.isCommon?.(password)) problems.push(PASSWORD_MESSAGES.common);
  else if (lists.isBreached?.(password)) problems.push(PASSWORD_MESSAGES.breached);
  return problems;
}
