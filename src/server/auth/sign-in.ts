import type { FastifyBaseLogger } from 'fastify';
import { counterKey, type CounterKey } from './counter-key';
import type { Hub } from '../hub';
import { SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import { findEffectiveRoles } from '../roles/queries';
import { isEcosystemAdminRoles } from '../../shared/roles';
import { verifyPassword } from './passwords';
import { clearAttemptsStatement } from './sign-in-limit-queries';
import { accountAttemptEvents, countedAttempt } from './counted-attempt';
import { reserveAttemptAndFindUser } from './sign-in-queries';
import { recordLoginStatement, setPasswordChange } from './user-queries';
import { isBreachedAtSignIn } from './password-check';
import { readSignInSettings } from './sign-in-settings';
import { insertSessionsStatement } from './session-queries';
import { joinOrgsByEmailDomain, refusePasswordWhenSsoRequired } from '../orgs/domain-join';
import { newBrowserSession, revokeSession } from './sessions';
import type { BrowserAuth } from './sessions';
import type { PlatformUser } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { hasSecondFactor, mfaCounts } from '../account/second-factor-queries';
import { insertToken } from './one-time-token-queries';
import type { DbOrTx } from '../db/client';
import type { MfaMethod } from '../../shared/api/mfa';

/** Where a request comes from: what the actor knows of the client, for sessions and audit rows. */
export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
  requestId?: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The rate-limit key of an email (one counter per address, shared by all nodes), keyed-hashed (auth/counter-key.ts). */
export function attemptKey(hub: Pick<Hub, 'config'>, email: string): CounterKey {
  return counterKey(hub.config.masterKey!, 'email', email);
}

/**
 * Spec §5/§9 sign-in. The attempt is counted atomically before the password is checked (see
 * reserveAttempt), the password is always verified (a dummy hash for unknown emails) so timing
 * does not reveal accounts, an inactive account fails like a wrong password, and success
 * clears the counter and issues a brand-new session token.
 */
export async function signIn(
  hub: Hub,
  input: { email: string; password: string; previousSessionId?: string | null },
  client: ClientInfo,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ token: string; auth: BrowserAuth } | { mfa: { pendingToken: string; methods: MfaMethod[] } }> {
  const email = normalizeEmail(input.email);
  const key = attemptKey(hub, email);
  const now = hub.clock();
  // Round trip 1: the attempt is counted and the account read in one statement.
  const { reservation, user: found, hasSecondFactor, roles } = await reserveAttemptAndFindUser(hub.db, key, email, now);
  const who = { userId: found?.id ?? null, sessionId: null, ...client };
  await countedAttempt(hub, {
    key,
    now,
    reservation,
    verify: async () => {
      const passwordOk = await verifyPassword(found?.passwordHash, input.password);
      if (!found) return 'unknown_email';
      if (!passwordOk) return 'wrong_password';
      return found.isActive ? null : 'inactive_account';
    },
    events: {
      ...accountAttemptEvents(email, who),
      // A block is answered before the account is looked at: its refusal names no user.
      refusedBlocked: accountAttemptEvents(email, { ...who, userId: null }).refusedBlocked,
    },
    wrong: { code: 'invalid_credentials', message: SIGN_IN_MESSAGES.invalid },
    clear: 'with-session',
  });
  const user = found!; // verify passed: the account exists and is active
  // Issue 29: an organization that requires SSO of its domain takes the password away (orgs/domain-join.ts).
  await refusePasswordWhenSsoRequired(hub, user, who);
  await flagBreachedPassword(hub, user, input.password, who, log);

  // A second factor is enrolled: the password was right, but this is not a session yet. The
  // counter is not cleared until the factor is proved, so codes cannot be guessed for free.
  const methods = hasSecondFactor ? await signInMethodsOf(hub.db, user.id) : [];
  if (methods.length) return { mfa: await startPendingMfa(hub, user, methods, client) };
  return finishSignIn(hub, user, client, { previousSessionId: input.previousSessionId ?? null, amr: ['pwd'], roles });
}

/**
 * Issue 42: a right password that is in the breached corpus (or the online check) is accepted,
 * and the account is marked so that every session asks for a new one ('asked'), or insists on
 * it when the administrator's setting says 'require'. Setting a new password clears the mark.
 */
async function flagBreachedPassword(
  hub: Hub,
  user: PlatformUser,
  password: string,
  who: ClientInfo & { userId: string | null; sessionId: null },
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!(await isBreachedAtSignIn(hub, password, log))) return;
  const mode = (await readSignInSettings(hub)).breached_password === 'require' ? 'required' : 'asked';
  if (user.passwordChange === mode) return;
  await setPasswordChange(hub.db, user.id, mode);
  user.passwordChange = mode;
  await hub.audit.record({
    type: 'sign_in_breached_password',
    ...who,
    details: { email: user.email, password_change: mode },
  });
}

/**
 * A right first factor of an account with a second one: not a session yet, a pending sign-in
 * (5 minutes, single use) that /api/auth/sign-in/mfa continues. `firstAmr`: what the first
 * factor was when not a password (a mailed code or link: 'otp'), for the session's amr.
 */
export async function startPendingMfa(
  hub: Hub,
  user: PlatformUser,
  methods: MfaMethod[],
  client: ClientInfo,
  firstAmr?: 'otp',
): Promise<{ pendingToken: string; methods: MfaMethod[] }> {
  const now = hub.clock();
  const pendingToken = randomToken();
  await insertToken(hub.db, {
    tokenHash: sha256Hex(pendingToken),
    purpose: MFA_PENDING_PURPOSE,
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + MFA_PENDING_MS),
    ...(firstAmr ? { data: { first_amr: firstAmr } } : {}),
  });
  await hub.audit.record({
    type: 'sign_in_mfa_required',
    ...client,
    userId: user.id,
    sessionId: null,
    details: { email: user.email, methods },
  });
  return { pendingToken, methods };
}

/** The pending sign-in between the password and the second factor (one_time_tokens purpose). */
export const MFA_PENDING_PURPOSE = 'mfa_pending';
export const MFA_PENDING_MS = 5 * 60_000;

/**
 * The end of every successful sign-in (password, password + factor, passkey): the counter is
 * cleared, the browser's previous session ends (no fixation), a new session records how the
 * user proved who they are (amr) and when (auth_time).
 *
 * The session row, the last-login time and the cleared counter are one unit of work with the
 * `sign_in_success` audit record, group-committed with whatever else is being audited
 * (audit/unit-of-work.ts): one statement, one commit, so the session exists exactly when its audit
 * record does, and concurrent sign-ins share commits instead of queueing for one each.
 * `roles`: the user's effective roles if the caller already read them (the password sign-in
 * reads them with the account, before the hash).
 */
export async function finishSignIn(
  hub: Hub,
  user: PlatformUser,
  client: ClientInfo,
  input: { previousSessionId: string | null; amr: string[]; roles?: string[]; idpId?: string | null },
): Promise<{ token: string; auth: BrowserAuth }> {
  const now = hub.clock();
  if (input.previousSessionId) await revokeSession(hub, input.previousSessionId, user.id);
  const roles = input.roles ?? (await findEffectiveRoles(hub.db, user.id, now));
  const { token, session } = newBrowserSession(hub, {
    userId: user.id,
    ...client,
    amr: input.amr,
    idpId: input.idpId,
  });
  await hub.unitOfWork.commit(
    { type: 'sign_in_success', ...client, userId: user.id, sessionId: session.id, details: { email: user.email } },
    [
      insertSessionsStatement([session]),
      recordLoginStatement(user.id, now),
      clearAttemptsStatement(attemptKey(hub, user.email)),
    ],
  );
  user.lastLoginAt = now;
  // Issue 29: a verified address in a domain an organization proved joins it (orgs/domain-join.ts).
  await joinOrgsByEmailDomain(hub, user, { ...client, sessionId: session.id });
  return { token, auth: { session, user, roles, isEcosystemAdmin: isEcosystemAdminRoles(roles) } };
}

/**
 * Checks a password a signed-in user types again (change password, email change, removing a
 * factor, re-authentication) under the same brute-force counter as sign-in: the attempt is
 * counted before the check, a block answers 429, a wrong password 401 (field `field`), and
 * success clears the counter. Audited as sign-in failures of that account.
 */
export async function verifyPasswordCounted(
  hub: Hub,
  user: { id: string; email: string; passwordHash: string | null },
  password: string,
  client: ClientInfo & { sessionId?: string | null },
  field = 'current_password',
): Promise<void> {
  const who = { userId: user.id, sessionId: client.sessionId ?? null, ...client };
  await countedAttempt(hub, {
    key: attemptKey(hub, user.email),
    verify: async () => ((await verifyPassword(user.passwordHash, password)) ? null : 'wrong_current_password'),
    events: accountAttemptEvents(user.email, who),
    wrong: { code: 'invalid_credentials', message: 'The current password is not correct.', field },
    clear: 'now',
  });
}

/** Where a request comes from, as the account services record it (with the actor's session). */
export function clientInfoOf(actor: {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
  sessionId?: string | null;
}): ClientInfo & { sessionId: string | null } {
  return {
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
    sessionId: actor.sessionId ?? null,
  };
}

/** The second factors a sign-in can continue with (empty: none enrolled, the password suffices). */
export async function signInMethodsOf(db: DbOrTx, userId: string): Promise<MfaMethod[]> {
  if (!(await hasSecondFactor(db, userId))) return [];
  const c = await mfaCounts(db, userId);
  const methods: MfaMethod[] = [];
  if (c.totp) methods.push('totp');
  if (c.totp && c.recoveryCodesLeft > 0) methods.push('recovery_code');
  if (c.passkeys > 0) methods.push('passkey');
  return methods;
}
