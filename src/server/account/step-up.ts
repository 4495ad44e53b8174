import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import { attemptKey, clientInfoOf, verifyPasswordCounted, type ClientInfo } from '../auth/sign-in';
import type { AuditEvent } from '../audit/record';
import type { PlatformUser } from '../db/schema/index';
import { accountAttemptEvents, countedAttempt } from '../auth/counted-attempt';
import { STEP_UP_WINDOW_MS } from '../../shared/api/mfa';
import type { ReauthenticateBody } from '../../shared/api/mfa';
import { isMultiFactor } from '../../shared/amr';
import { markSessionAuthenticated } from '../auth/session-queries';
import { hasSecondFactor, mfaCounts } from './second-factor-queries';
import { consumeTotpCode } from './totp';
import { verifyPassword } from '../auth/passwords';
import { verifyPasskeyAssertion } from './passkeys';

/**
 * Admin MFA (issue 13): with HUB_ADMIN_MFA=required a platform_admin or super_admin without a
 * second factor is refused on every /api/admin/* route until they enrol one.
 */
export async function requireAdminSecondFactor(hub: Hub, actor: SignedInActor, route: { method: string; url: string }) {
  if (hub.config.adminMfa !== 'required') return;
  if (await hasSecondFactor(hub.db, actor.userId)) return;
  throw new Refusal('mfa_enrollment_required', {
    audit: { type: 'mfa_enrollment_required', ...actor.audit, details: { method: route.method, route: route.url } },
  });
}

/**
 * Step-up (ASVS V7): the session's last authentication must be at most 10 minutes old, and when
 * the account has a second factor it must have been used (password + factor, or a passkey).
 */
export async function requireRecentAuthentication(
  hub: Hub,
  actor: SignedInActor,
  route: { method: string; url: string },
): Promise<void> {
  const session = actor.auth.session;
  const fresh = hub.clock().getTime() - session.authTime.getTime() <= STEP_UP_WINDOW_MS;
  const strong = isMultiFactor(session.amr) || !(await hasSecondFactor(hub.db, actor.userId));
  if (fresh && strong) return;
  throw new Refusal('reauthentication_required', {
    extra: { reauthenticate: '/api/auth/reauthenticate' },
    audit: { type: 'reauthentication_required', ...actor.audit, details: { method: route.method, route: route.url } },
  });
}

/** POST /api/auth/reauthenticate: {password, code?} or a passkey assertion; renews auth_time and amr. */
export async function reauthenticate(hub: Hub, actor: SignedInActor, body: ReauthenticateBody) {
  const amr = await proveAccountOwner(hub, actor.auth.user, body, clientInfoOf(actor), {
    type: 'reauthentication_failure',
    ...actor.audit,
    details: { reason: 'passkey_not_verified' },
  });
  const now = hub.clock();
  await markSessionAuthenticated(hub.db, actor.sessionId, now, amr);
  await hub.audit.record({ type: 'reauthenticated', ...actor.audit, details: { methods: amr } });
  return {
    authenticated_at: now.toISOString(),
    step_up_until: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString(),
  };
}

/**
 * The proof that the person owns `user`: the password, with the authenticator code in the same
 * counted attempt when one is enrolled (a password alone is refused when the account has a second
 * factor), or a passkey. Resolves to the amr it earned; re-authentication and linking an upstream
 * identity to an existing account (federation/link-service.ts) share it. `passkeyRefused`: the
 * audit row of an assertion that does not verify.
 */
export async function proveAccountOwner(
  hub: Hub,
  user: PlatformUser,
  body: ReauthenticateBody,
  client: ClientInfo & { sessionId: string | null },
  passkeyRefused: AuditEvent,
): Promise<string[]> {
  if ('password' in body && typeof body.password === 'string') {
    const counts = await mfaCounts(hub.db, user.id);
    if (counts.totp && !body.code) {
      throw new HubError('invalid_code', 'Enter the code from your authenticator app.', { field: 'code' });
    }
    if (!counts.totp && counts.passkeys > 0) {
      throw new HubError('invalid_code', 'Confirm with your passkey.', { field: 'password' });
    }
    if (!counts.totp) {
      await verifyPasswordCounted(hub, user, body.password, client, 'password');
      return ['pwd'];
    }
    // Password and code are ONE counted attempt: a right password must not clear the count
    // that wrong codes add up to, or codes could be guessed without end.
    const password = body.password;
    const who = { ...client, userId: user.id };
    await countedAttempt(hub, {
      key: attemptKey(hub, user.email),
      verify: async () => {
        if (!(await verifyPassword(user.passwordHash, password))) return 'wrong_current_password';
        return (await consumeTotpCode(hub, user.id, String(body.code))) ? null : 'wrong_code';
      },
      events: accountAttemptEvents(user.email, who, (reason, failures) =>
        reason === 'wrong_code'
          ? { type: 'reauthentication_failure', ...who, details: { reason } }
          : { type: 'sign_in_failure', ...who, details: { email: user.email, reason, failures } },
      ),
      wrong: (reason) =>
        reason === 'wrong_code'
          ? { code: 'invalid_code', message: 'The code is not correct.', field: 'code' }
          : { code: 'invalid_credentials', message: 'The current password is not correct.', field: 'password' },
      clear: 'now',
    });
    return ['pwd', 'otp', 'mfa'];
  }
  const verified = await verifyPasskeyAssertion(hub, body as Parameters<typeof verifyPasskeyAssertion>[1], {
    userId: user.id,
  });
  if (!verified) throw new Refusal('passkey_invalid', { audit: passkeyRefused });
  return ['hwk', 'mfa'];
}
