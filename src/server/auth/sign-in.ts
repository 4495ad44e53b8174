import type { Hub } from '../hub';
import { HubError } from '../errors';
import { SIGN_IN_LIMIT, SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import { findEffectiveRoles } from '../roles/queries';
import { isEcosystemAdminRoles } from '../../shared/roles';
import { verifyPassword } from './passwords';
import { clearAttempts, reserveAttempt } from './sign-in-limit-queries';
import { findUserByEmail, recordLogin } from './user-queries';
import { createBrowserSession, revokeSession } from './sessions';
import type { BrowserAuth } from './sessions';

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The rate-limit key of an email (one counter per address, shared by all nodes). */
export function attemptKey(email: string): string {
  return `email:${email}`;
}

function blockedError(blockedUntil: Date, now: Date): HubError {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HubError(
    'too_many_attempts',
    SIGN_IN_MESSAGES.blocked(minutes),
    { retry_after_minutes: minutes },
    { 'retry-after': String(seconds) },
  );
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
): Promise<{ token: string; auth: BrowserAuth }> {
  const email = normalizeEmail(input.email);
  const key = attemptKey(email);
  const now = hub.clock();
  const reservation = await reserveAttempt(hub.db, key, now);
  if (reservation.blocked) {
    await hub.audit.record({
      eventType: 'sign_in_blocked',
      severity: 'medium',
      ...client,
      details: { email, blocked_until: reservation.blockedUntil?.toISOString() ?? null },
    });
    throw blockedError(reservation.blockedUntil ?? now, now);
  }

  const user = await findUserByEmail(hub.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || !user.isActive) {
    const reason = !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive_account';
    const startsBlock = reservation.blockedUntil !== null;
    await hub.audit.record([
      {
        eventType: 'sign_in_failure',
        severity: 'low',
        userId: user?.id ?? null,
        ...client,
        details: { email, reason, failures: reservation.failures },
      },
      ...(startsBlock
        ? [
            {
              eventType: 'sign_in_blocked',
              severity: 'high' as const,
              userId: user?.id ?? null,
              ...client,
              details: {
                email,
                failures: reservation.failures,
                blocked_until: reservation.blockedUntil!.toISOString(),
              },
            },
          ]
        : []),
    ]);
    if (startsBlock) throw blockedError(reservation.blockedUntil!, now);
    const remaining = Math.max(0, SIGN_IN_LIMIT.threshold - reservation.failures);
    throw new HubError('invalid_credentials', SIGN_IN_MESSAGES.invalid(remaining), { attempts_remaining: remaining });
  }

  await clearAttempts(hub.db, key);
  // No session fixation: whatever session the browser had is ended, and a new token issued.
  if (input.previousSessionId) await revokeSession(hub, input.previousSessionId, user.id);
  const { token, session } = await createBrowserSession(hub, { userId: user.id, ...client });
  await recordLogin(hub.db, user.id, now);
  user.lastLoginAt = now;
  const roles = await findEffectiveRoles(hub.db, user.id, now);
  await hub.audit.record({
    eventType: 'sign_in_success',
    severity: 'info',
    userId: user.id,
    sessionId: session.id,
    ...client,
    details: { email },
  });
  return { token, auth: { session, user, roles, isEcosystemAdmin: isEcosystemAdminRoles(roles) } };
}
