import type { Hub } from '../hub';
import { HubError } from '../errors';
import { sha256Hex } from '../crypto/tokens';
import type { AuditEvent } from '../audit/record';
import {
  attemptKey,
  blockedRefusal,
  countedFailure,
  finishSignIn,
  MFA_PENDING_PURPOSE,
  type ClientInfo,
} from '../auth/sign-in';
import { reserveAttempt } from '../auth/sign-in-limit-queries';
import { findUserById } from '../auth/user-queries';
import type { BrowserAuth } from '../auth/sessions';
import type { SignInMfaBody } from '../../shared/api/mfa';
import { consumeToken, findLiveToken } from '../auth/one-time-token-queries';
import { mfaCounts } from './second-factor-queries';
import { consumeRecoveryCodeOf, consumeTotpCode } from './totp';
import { verifyPasskeyAssertion } from './passkeys';

/**
 * POST /api/auth/sign-in/mfa: the second step of a password sign-in. Every attempt is counted by
 * the same brute-force counter as the password (per email), before the code is checked; a
 * correct factor consumes the pending sign-in (single use) and issues the session, whose amr
 * records both factors.
 */
export async function completeMfaSignIn(
  hub: Hub,
  pendingToken: string | undefined,
  body: SignInMfaBody,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<{ token: string; auth: BrowserAuth }> {
  const now = hub.clock();
  const hash = sha256Hex(pendingToken ?? '');
  const pending =
    pendingToken && pendingToken.length <= 200 ? await findLiveToken(hub.db, hash, MFA_PENDING_PURPOSE, now) : null;
  if (!pending) throw new HubError('mfa_pending_expired');
  const user = await findUserById(hub.db, pending.userId);
  if (!user || !user.isActive) throw new HubError('mfa_pending_expired');

  const key = attemptKey(user.email);
  const reservation = await reserveAttempt(hub.db, key, now);
  const who = { ...client, userId: user.id, sessionId: null };
  if (reservation.blocked) {
    throw blockedRefusal(reservation.blockedUntil ?? now, now, [
      {
        type: 'sign_in_refused_blocked',
        ...who,
        details: { email: user.email, blocked_until: reservation.blockedUntil?.toISOString() ?? null },
      },
    ]);
  }

  let method: string;
  let ok: boolean;
  let amr: string[];
  if ('code' in body && typeof body.code === 'string') {
    method = 'totp';
    ok = await consumeTotpCode(hub, user.id, body.code);
    amr = ['pwd', 'otp', 'mfa'];
  } else if ('recovery_code' in body && typeof body.recovery_code === 'string') {
    method = 'recovery_code';
    ok = await consumeRecoveryCodeOf(hub, user.id, body.recovery_code);
    amr = ['pwd', 'otp', 'mfa'];
  } else {
    method = 'passkey';
    const verified = await verifyPasskeyAssertion(hub, body as Parameters<typeof verifyPasskeyAssertion>[1], {
      userId: user.id,
    });
    ok = verified !== null;
    amr = ['pwd', 'hwk', 'mfa'];
  }
  if (!ok) {
    const failure: AuditEvent = {
      type: 'sign_in_mfa_failure',
      ...who,
      details: { email: user.email, method, reason: 'wrong_code', failures: reservation.failures },
    };
    await countedFailure(
      hub,
      user,
      reservation,
      who,
      'wrong_code',
      {
        code: 'invalid_code',
        message: method === 'passkey' ? 'The passkey could not be verified.' : 'The code is not correct.',
      },
      failure,
    );
  }
  // Single use: of two requests that both passed, only one gets a session.
  if (!(await consumeToken(hub.db, hash, MFA_PENDING_PURPOSE, now))) throw new HubError('mfa_pending_expired');
  if (method === 'recovery_code') {
    const left = (await mfaCounts(hub.db, user.id)).recoveryCodesLeft;
    await hub.audit.record({ type: 'mfa_recovery_code_used', ...who, details: { left } });
  }
  return finishSignIn(hub, user, client, { previousSessionId, amr });
}
