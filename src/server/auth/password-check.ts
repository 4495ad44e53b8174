import type { FastifyBaseLogger } from 'fastify';
import type { Hub } from '../hub';
import { HubError } from '../errors';
import { PASSWORD_MESSAGES, passwordProblems, WEAK_PASSWORD_MESSAGE } from '../../shared/password-policy';
import { isCommonPassword } from '../../shared/auth-common-passwords';
import { isBreachedPassword, isPwnedOnline } from './breached-passwords';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * The one server-side password policy, run by sign-up, password change and password reset:
 * the rules of spec §5, the maximum length, the common-password list, the shipped
 * breached-password corpus and, when HUB_PWNED_PASSWORDS_URL is set, the online k-anonymity
 * check (which fails open). Throws the 400 of spec §5 with every broken rule.
 */
export async function assertStrongPassword(hub: Hub, password: string, log: Log): Promise<void> {
  const reasons = passwordProblems(password, { isCommon: isCommonPassword, isBreached: isBreachedPassword });
  if (!reasons.length && (await isPwnedOnline(hub, password, log))) reasons.push(PASSWORD_MESSAGES.breached);
  if (reasons.length) throw new HubError('weak_password', WEAK_PASSWORD_MESSAGE, { reasons });
}

/**
 * At sign-in the password was right, so it is accepted: true when it is known to be breached
 * (the session then asks the person to change it; an administrator can require it).
 */
export async function isBreachedAtSignIn(hub: Hub, password: string, log: Log): Promise<boolean> {
  return isCommonPassword(password) || isBreachedPassword(password) || (await isPwnedOnline(hub, password, log));
}

/**
 * Issue 42: the one rule for a breached password an administrator requires changed — the
 * person's session does nothing but change it (plugins/session.ts refuses the API, the
 * authorization endpoint issues no code). A session where an administrator views as the user
 * (`act`) is not held: it cannot change the password, and it is not the person's own sign-in.
 */
export function mustChangePassword(auth: {
  session: { act: unknown };
  user: { passwordChange: string | null };
}): boolean {
  return auth.user.passwordChange === 'required' && !auth.session.act;
}
