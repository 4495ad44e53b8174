import type { Hub } from '../hub';
import { HubError } from '../errors';
import { sha256Hex } from '../crypto/tokens';
import { attemptKey, finishSignIn, MFA_PENDING_PURPOSE, type ClientInfo } from '../auth/sign-in';
import { accountAttemptEvents, countedAttempt } from '../auth/counted-attempt';
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

  const { method, verify } = factorOf(hub, user.id, body);
  const who = { ...client, userId: user.id, sessionId: null };
  await countedAttempt(hub, {
    key: attemptKey(hub, user.email),
    now,
    verify: async () => ((await verify()) ? null : 'wrong_code'),
    events: accountAttemptEvents(user.email, who, (reason, failures) => ({
      type: 'sign_in_mfa_failure',
      ...who,
      details: { email: user.email, method, reason, failures },
    })),
    wrong: {
      code: 'invalid_code',
      message: method === 'passkey' ? 'The passkey could not be verified.' : 'The code is not correct.',
    },
    clear: 'with-session',
  });
  // Single use: of two requests that both passed, only one gets a session.
  if (!(await consumeToken(hub.db, hash, MFA_PENDING_PURPOSE, now))) throw new HubError('mfa_pending_expired');
  if (method === 'recovery_code') {
    const left = (await mfaCounts(hub.db, user.id)).recoveryCodesLeft;
    await hub.audit.record({ type: 'mfa_recovery_code_used', ...who, details: { left } });
  }
  // The first factor: a password, or a mailed code or link (auth/email-sign-in.ts) recorded on the pending row.
  const first = (pending.data as { first_amr?: string } | null)?.first_amr === 'otp' ? 'otp' : 'pwd';
  const amr = [...new Set([first, method === 'passkey' ? 'hwk' : 'otp', 'mfa'])];
  return finishSignIn(hub, user, client, { previousSessionId, amr });
}

/** The second factor the body presents, and its check (a right TOTP or recovery code is spent). */
function factorOf(
  hub: Hub,
  userId: string,
  body: SignInMfaBody,
): { method: 'totp' | 'recovery_code' | 'passkey'; verify: () => Promise<boolean> } {
  if ('code' in body && typeof body.code === 'string') {
    const code = body.code;
    return { method: 'totp', verify: () => consumeTotpCode(hub, userId, code) };
  }
  if ('recovery_code' in body && typeof body.recovery_code === 'string') {
    const code = body.recovery_code;
    return { method: 'recovery_code', verify: () => consumeRecoveryCodeOf(hub, userId, code) };
  }
  const assertion = body as Parameters<typeof verifyPasskeyAssertion>[1];
  return { method: 'passkey', verify: async () => (await verifyPasskeyAssertion(hub, assertion, { userId })) !== null };
}
