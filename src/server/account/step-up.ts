import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import type { SignedInActor } from '../actor';
import type { AuditEvent } from '../audit/record';
import { attemptKey, blockedRefusal, clientInfoOf, countedFailure, verifyPasswordCounted } from '../auth/sign-in';
import { reserveAttempt, clearAttempts } from '../auth/sign-in-limit-queries';
import { STEP_UP_WINDOW_MS } from '../../shared/api/mfa';
import type { ReauthenticateBody } from '../../shared/api/mfa';
import { markSessionAuthenticated } from '../auth/session-queries';
import { hasSecondFactor, mfaCounts } from './second-factor-queries';
import { consumeTotpCode } from './totp';
import { verifyPasskeyAssertion } from './passkeys';

const SECOND_FACTORS = ['otp', 'hwk', 'swk'];

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
  const strong = session.amr.some((m) => SECOND_FACTORS.includes(m)) || !(await hasSecondFactor(hub.db, actor.userId));
  if (fresh && strong) return;
  throw new Refusal('reauthentication_required', {
    extra: { reauthenticate: '/api/auth/reauthenticate' },
    audit: { type: 'reauthentication_required', ...actor.audit, details: { method: route.method, route: route.url } },
  });
}

/** POST /api/auth/reauthenticate: {password, code?} or a passkey assertion; renews auth_time and amr. */
export async function reauthenticate(hub: Hub, actor: SignedInActor, body: ReauthenticateBody) {
  const user = actor.auth.user;
  const client = clientInfoOf(actor);
  let amr: string[];
  if ('password' in body && typeof body.password === 'string') {
    const counts = await mfaCounts(hub.db, user.id);
    if (counts.totp && !body.code) {
      throw new HubError('invalid_code', 'Enter the code from your authenticator app.', { field: 'code' });
    }
    if (!counts.totp && counts.passkeys > 0) {
      throw new HubError('invalid_code', 'Confirm with your passkey.', { field: 'password' });
    }
    await verifyPasswordCounted(hub, user, body.password, client, 'password');
    amr = ['pwd'];
    if (counts.totp) {
      const key = attemptKey(user.email);
      const now = hub.clock();
      const reservation = await reserveAttempt(hub.db, key, now);
      const who = { ...client, userId: user.id };
      if (reservation.blocked) {
        throw blockedRefusal(reservation.blockedUntil ?? now, now, [
          {
            type: 'sign_in_refused_blocked',
            ...who,
            details: { email: user.email, blocked_until: reservation.blockedUntil?.toISOString() ?? null },
          },
        ]);
      }
      if (!(await consumeTotpCode(hub, user.id, String(body.code)))) {
        const failure: AuditEvent = {
          type: 'reauthentication_failure',
          ...who,
          details: { reason: 'wrong_code' },
        };
        await countedFailure(
          hub,
          user,
          reservation,
          who,
          'wrong_code',
          {
            code: 'invalid_code',
            message: 'The code is not correct.',
            field: 'code',
          },
          failure,
        );
      }
      await clearAttempts(hub.db, key);
      amr = ['pwd', 'otp', 'mfa'];
    }
  } else {
    const verified = await verifyPasskeyAssertion(hub, body as Parameters<typeof verifyPasskeyAssertion>[1], {
      userId: user.id,
    });
    if (!verified) {
      throw new Refusal('passkey_invalid', {
        audit: { type: 'reauthentication_failure', ...actor.audit, details: { reason: 'passkey_not_verified' } },
      });
    }
    amr = ['hwk', 'mfa'];
  }
  const now = hub.clock();
  await markSessionAuthenticated(hub.db, actor.sessionId, now, amr);
  await hub.audit.record({ type: 'reauthenticated', ...actor.audit, details: { methods: amr } });
  return {
    authenticated_at: now.toISOString(),
    step_up_until: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString(),
  };
}
