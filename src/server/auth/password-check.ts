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
