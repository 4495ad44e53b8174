import { counterKey } from '../auth/counter-key';
import type { Hub } from '../hub';
import type { Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';
import { HubError, Refusal } from '../errors';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { hitRateCounter } from '../audit/queries';
import { hashPassword } from '../auth/passwords';
import type { FastifyBaseLogger } from 'fastify';
import { assertStrongPassword } from '../auth/password-check';
import { revokeUserSessions } from '../auth/sessions';
import { attemptKey, normalizeEmail, type ClientInfo } from '../auth/sign-in';
import { clearAttempts } from '../auth/sign-in-limit-queries';
import { findUserById, setPasswordHash } from '../auth/user-queries';
import { sendVerificationMail } from '../auth/email-verification';
import type { Mailer } from '../auth/mailer';
import type { SignedInActor } from '../actor';
import { consumeToken, consumeUserTokens, insertTokenForEmail } from '../auth/one-time-token-queries';
import { unlinkIdentitiesOfUnprovenAccount } from '../federation/ownership';

export const RESET_PURPOSE = 'password_reset';
export const RESET_LIFETIME_MS = 60 * 60_000;
/** Issue 13: 5 mails per email per hour (beyond: still 202, no mail), 20 requests per IP per hour (beyond: 429). */
export const FORGOT_LIMITS = { mailsPerEmail: 5, requestsPerIp: 20, windowMs: 60 * 60_000 } as const;
export const RESEND_INTERVAL_MS = 60_000;

function retryAfter(windowStartedAt: Date, windowMs: number, now: Date): string {
  return String(Math.max(1, Math.ceil((windowStartedAt.getTime() + windowMs - now.getTime()) / 1000)));
}

/**
 * POST /api/auth/password/forgot. The same statements run whether or not the account exists
 * (the token row is inserted by one INSERT … SELECT that finds the user or nothing), the mail is
 * handed to the mailer without waiting for it, so status and timing say nothing about accounts.
 */
export async function requestPasswordReset(
  hub: Hub,
  mailer: Mailer,
  rawEmail: string,
  client: ClientInfo,
  /** The request's language, for an account without a saved choice. */
  requested?: Locale,
) {
  const now = hub.clock();
  const email = normalizeEmail(rawEmail);
  const perIp = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'pwreset-ip', client.ipAddress ?? 'unknown'),
    now,
    FORGOT_LIMITS.windowMs,
  );
  if (perIp.count > FORGOT_LIMITS.requestsPerIp) {
    throw new HubError(
      'rate_limited',
      'Too many password reset requests. Please try again later.',
      {},
      { 'retry-after': retryAfter(perIp.windowStartedAt, FORGOT_LIMITS.windowMs, now) },
    );
  }
  const perEmail = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'pwreset-email', email),
    now,
    FORGOT_LIMITS.windowMs,
  );
  const token = randomToken();
  // Beyond the per-email limit the statement still runs, for an address nobody can have.
  const allowed = perEmail.count <= FORGOT_LIMITS.mailsPerEmail && email.length <= 254;
  const account = await insertTokenForEmail(hub.db, {
    tokenHash: sha256Hex(token),
    purpose: RESET_PURPOSE,
    email: allowed ? email : '',
    now,
    expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
  });
  await hub.audit.record({
    type: 'password_reset_requested',
    ...client,
    userId: account?.userId ?? null,
    sessionId: null,
    details: { email: email.slice(0, 254), mailed: account !== null },
  });
  if (account) {
    const link = `${hub.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: delivery time must not show in the answer's timing.
    // In the account's saved language (read by the token's own statement), else the request's.
    const mail = composeMail(recipientLocale(account.locale, requested), 'reset', { link });
    void mailer.send({ to: email, ...mail, link }).catch(() => undefined);
  }
}

/** POST /api/auth/password/reset: single use, 1 hour; the policy applies; every session ends. */
export async function resetPassword(
  hub: Hub,
  input: { token: string; password: string },
  client: ClientInfo,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  await assertStrongPassword(hub, input.password, log);
  const passwordHash = await hashPassword(input.password);
  const now = hub.clock();
  const result = await hub.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, sha256Hex(input.token), RESET_PURPOSE, now);
    if (!consumed) return null;
    const user = await findUserById(tx, consumed.userId);
    if (!user || !user.isActive) return null;
    await setPasswordHash(tx, user.id, passwordHash, now);
    await consumeUserTokens(tx, user.id, RESET_PURPOSE, now);
    const revoked = await revokeUserSessions(hub, user.id, user.id, tx);
    await hub.audit.record(
      { type: 'password_reset', ...client, userId: user.id, sessionId: null, details: { sessions_revoked: revoked } },
      tx,
    );
    // The mail proved the address: identities linked while nobody had go too (federation/ownership.ts).
    await unlinkIdentitiesOfUnprovenAccount(hub, tx, user.id, { ...client, sessionId: null });
    return user;
  });
  if (!result) {
    throw new Refusal('invalid_token', {
      audit: {
        type: 'password_reset_refused',
        ...client,
        userId: null,
        sessionId: null,
        details: { reason: 'invalid_token' },
      },
    });
  }
  // Whoever was locked out by guessing can sign in with the new password at once.
  await clearAttempts(hub.db, attemptKey(hub, result.email));
}

/** POST /api/auth/verify-email/resend: signed in and unverified; at most one mail per 60 s. */
export async function resendVerification(hub: Hub, mailer: Mailer, actor: SignedInActor) {
  const user = actor.auth.user;
  if (user.emailVerifiedAt) throw new HubError('already_verified');
  const now = hub.clock();
  const hit = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'verify-resend', user.id),
    now,
    RESEND_INTERVAL_MS,
  );
  if (hit.count > 1) {
    throw new HubError(
      'rate_limited',
      'A verification mail was sent less than a minute ago.',
      {},
      { 'retry-after': retryAfter(hit.windowStartedAt, RESEND_INTERVAL_MS, now) },
    );
  }
  await sendVerificationMail(hub, mailer, user, undefined, actor.locale);
  await hub.audit.record({ type: 'email_verification_resent', ...actor.audit });
}
