import { randomInt } from 'node:crypto';
import type { Hub } from '../hub';
import { HubError } from '../errors';
import { hitRateCounter } from '../audit/queries';
import { randomToken, safeEqual, sha256Hex } from '../crypto/tokens';
import { counterKey } from './counter-key';
import { refusePasswordWhenSsoRequired } from '../orgs/domain-join';
import { EMAIL_SIGN_IN } from '../../shared/api/email-sign-in';
import type { PlatformUser } from '../db/schema/index';
import type { MfaMethod } from '../../shared/api/mfa';
import { accountAttemptEvents, countedAttempt } from './counted-attempt';
import { reserveAttemptAndFindUser } from './sign-in-queries';
import {
  consumeToken,
  consumeTokensForEmail,
  findLiveToken,
  findLiveTokensOfUser,
  insertTokenForEmail,
} from './one-time-token-queries';
import { findUserById, markEmailVerified } from './user-queries';
import type { Mailer } from './mailer';
import type { Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';
import type { BrowserAuth } from './sessions';
import { attemptKey, finishSignIn, normalizeEmail, signInMethodsOf, startPendingMfa, type ClientInfo } from './sign-in';
import { emailSignInModes } from './sign-in-settings';

/**
 * Sign-in by emailed one-time code or link (issue 42), built on the password path's parts: the
 * codes and links are one_time_tokens rows (only hashes stored), every guess is counted by the
 * sign-in attempt counter of the account's email (counted-attempt.ts, shared by nodes), a second
 * factor is still asked for, and the session comes from finishSignIn. A sign-in by email proves
 * the address, so it marks it verified.
 */
export const CODE_PURPOSE = 'email_sign_in_code';
export const LINK_PURPOSE = 'email_sign_in_link';
/** The browser binding of a link: a cookie only /api/auth reads. */
export const LINK_BROWSER_COOKIE = 'hub_email_link';
/** Mails per email per hour (beyond: still 202, no mail) and requests per IP per hour (beyond: 429). */
export const EMAIL_SIGN_IN_LIMITS = { mailsPerEmail: 5, requestsPerIp: 20, windowMs: 60 * 60_000 } as const;

const sixDigits = () => String(randomInt(0, 10 ** EMAIL_SIGN_IN.codeDigits)).padStart(EMAIL_SIGN_IN.codeDigits, '0');

async function assertMode(hub: Hub, mode: 'code' | 'link'): Promise<void> {
  if (!(await emailSignInModes(hub))[mode]) throw new HubError('email_sign_in_disabled');
}

/**
 * POST /api/auth/email-sign-in. The same statements run and the same answer comes whether or
 * not the account exists (the token row is an INSERT … SELECT that finds the user or nothing;
 * the mail is not awaited). A link is bound to `browserSecret` (the cookie the route sets).
 */
export async function requestEmailSignIn(
  hub: Hub,
  mailer: Mailer,
  input: { email: string; mode: 'code' | 'link' },
  client: ClientInfo,
  browserSecret: string,
  /** The request's language (`actor.locale`): the mail's, when the account saved none. */
  requested?: Locale,
): Promise<{ confirmCode?: string }> {
  await assertMode(hub, input.mode);
  const now = hub.clock();
  const email = normalizeEmail(input.email);
  const perIp = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'email-sign-in-ip', client.ipAddress ?? 'unknown'),
    now,
    EMAIL_SIGN_IN_LIMITS.windowMs,
  );
  if (perIp.count > EMAIL_SIGN_IN_LIMITS.requestsPerIp) {
    throw new HubError('rate_limited', 'Too many sign-in mails asked for. Please try again later.');
  }
  const perEmail = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'email-sign-in', email),
    now,
    EMAIL_SIGN_IN_LIMITS.windowMs,
  );
  const allowed = perEmail.count <= EMAIL_SIGN_IN_LIMITS.mailsPerEmail && email.length <= 254;
  const target = allowed ? email : '';
  const purpose = input.mode === 'code' ? CODE_PURPOSE : LINK_PURPOSE;
  // A new code or link replaces the last one of its kind.
  await consumeTokensForEmail(hub.db, target, purpose, now);
  const code = sixDigits();
  const token = randomToken();
  const confirmCode = input.mode === 'link' ? sixDigits() : undefined;
  const minutes = input.mode === 'code' ? EMAIL_SIGN_IN.codeMinutes : EMAIL_SIGN_IN.linkMinutes;
  const account = await insertTokenForEmail(hub.db, {
    tokenHash: sha256Hex(token),
    purpose,
    email: target,
    now,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
    data:
      input.mode === 'code'
        ? { code_hash: sha256Hex(code) }
        : { browser_hash: sha256Hex(browserSecret), confirm_hash: sha256Hex(confirmCode!) },
  });
  const userId = account?.userId ?? null;
  await hub.audit.record({
    type: 'email_sign_in_requested',
    ...client,
    userId,
    sessionId: null,
    details: { email: email.slice(0, 254), mode: input.mode, mailed: userId !== null },
  });
  if (account) {
    const locale = recipientLocale(account.locale, requested);
    void mailer.send(signInMail(hub, email, locale, input.mode, code, token)).catch(() => undefined);
  }
  return { confirmCode };
}

/** The code or link mail, in the account's saved language (read by the token's own statement), else the request's. */
function signInMail(hub: Hub, to: string, locale: Locale, mode: 'code' | 'link', code: string, token: string) {
  if (mode === 'code')
    return { to, ...composeMail(locale, 'signInCode', { code, minutes: EMAIL_SIGN_IN.codeMinutes }), code };
  const link = `${hub.config.publicUrl}/email-sign-in?token=${encodeURIComponent(token)}`;
  return { to, ...composeMail(locale, 'signInLink', { minutes: EMAIL_SIGN_IN.linkMinutes, link }), link };
}

type EmailSignInResult = { token: string; auth: BrowserAuth } | { mfa: { pendingToken: string; methods: MfaMethod[] } };

/** POST /api/auth/email-sign-in/verify {email, code}: a wrong or unknown one answers like a wrong password. */
export async function verifyEmailCode(
  hub: Hub,
  input: { email: string; code: string },
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<EmailSignInResult> {
  await assertMode(hub, 'code');
  const email = normalizeEmail(input.email);
  const now = hub.clock();
  const key = attemptKey(hub, email);
  const { reservation, user: found, roles } = await reserveAttemptAndFindUser(hub.db, key, email, now);
  const who = { userId: found?.id ?? null, sessionId: null, ...client };
  const codeHash = sha256Hex(input.code);
  await countedAttempt(hub, {
    key,
    now,
    reservation,
    verify: async () => {
      if (!found) return 'unknown_email';
      if (!found.isActive) return 'inactive_account';
      const live = await findLiveTokensOfUser(hub.db, found.id, CODE_PURPOSE, now);
      const match = live.find((t) =>
        safeEqual(String((t.data as { code_hash?: string } | null)?.code_hash ?? ''), codeHash),
      );
      // Single use: of two requests with the right code, only one consumes it.
      if (!match || !(await consumeToken(hub.db, match.tokenHash, CODE_PURPOSE, now))) return 'wrong_code';
      return null;
    },
    events: accountAttemptEvents(email, who, (reason, failures) => ({
      type: 'email_sign_in_failure',
      ...who,
      details: { email, reason, failures },
    })),
    wrong: { code: 'invalid_code', message: 'The code is not correct or has expired.' },
    clear: 'with-session',
  });
  return continueSignIn(hub, found!, client, previousSessionId, roles);
}

/**
 * POST /api/auth/email-sign-in/link {token, confirm_code?}: the mailed link, opened. In the
 * browser that asked (its cookie matches) it signs in; elsewhere it first asks for the code that
 * browser shows (409 confirm_code_required), a guess counted like a password's.
 */
export async function openEmailLink(
  hub: Hub,
  input: { token: string; confirmCode?: string },
  browserSecret: string | undefined,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<EmailSignInResult> {
  await assertMode(hub, 'link');
  const now = hub.clock();
  const hash = sha256Hex(input.token);
  const live = await findLiveToken(hub.db, hash, LINK_PURPOSE, now);
  const user = live ? await findUserById(hub.db, live.userId) : undefined;
  if (!live || !user || !user.isActive) throw new HubError('invalid_token');
  const data = (live.data ?? {}) as { browser_hash?: string; confirm_hash?: string };
  const sameBrowser = !!browserSecret && safeEqual(sha256Hex(browserSecret), String(data.browser_hash ?? ''));
  if (!sameBrowser) {
    if (!input.confirmCode) throw new HubError('confirm_code_required');
    const who = { userId: user.id, sessionId: null, ...client };
    const confirmHash = sha256Hex(input.confirmCode);
    await countedAttempt(hub, {
      key: attemptKey(hub, user.email),
      now,
      verify: async () => (safeEqual(confirmHash, String(data.confirm_hash ?? '')) ? null : 'wrong_confirm_code'),
      events: accountAttemptEvents(user.email, who, (reason, failures) => ({
        type: 'email_sign_in_failure',
        ...who,
        details: { email: user.email, reason, failures },
      })),
      wrong: { code: 'invalid_code', message: 'The code is not the one the other browser shows.' },
      clear: 'with-session',
    });
  }
  if (!(await consumeToken(hub.db, hash, LINK_PURPOSE, now))) throw new HubError('invalid_token');
  return continueSignIn(hub, user, client, previousSessionId);
}

/** After a right code or link: the address is proved; SSO policy and second factor as for a password. */
async function continueSignIn(
  hub: Hub,
  user: PlatformUser,
  client: ClientInfo,
  previousSessionId: string | null,
  roles?: string[],
): Promise<EmailSignInResult> {
  const now = hub.clock();
  const who = { userId: user.id, sessionId: null, ...client };
  if (!user.emailVerifiedAt) {
    await markEmailVerified(hub.db, user.id, now);
    user.emailVerifiedAt = now;
  }
  await refusePasswordWhenSsoRequired(hub, user, who);
  const methods = await signInMethodsOf(hub.db, user.id);
  // The first factor was the mailbox, not a password: the session's amr says so (mfa-sign-in.ts).
  if (methods.length) return { mfa: await startPendingMfa(hub, user, methods, client, 'otp') };
  return finishSignIn(hub, user, client, { previousSessionId, amr: ['otp'], roles });
}
