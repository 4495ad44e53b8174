import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import type { PlatformUser } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import type { Mailer } from './mailer';
import { markEmailVerified } from './user-queries';
import { consumeToken, insertToken } from './one-time-token-queries';
import { unlinkIdentitiesOfUnprovenAccount } from '../federation/ownership';
import type { Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';

const PURPOSE = 'email_verification';
const LIFETIME_HOURS = 48;

/** Creates a single-use verification token (only its hash is stored) and mails the link. */
export async function sendVerificationMail(
  hub: Hub,
  mailer: Mailer,
  user: PlatformUser,
  tx?: DbOrTx,
  /** The request's language, when the user has not chosen one. */
  requested?: Locale,
): Promise<void> {
  const token = randomToken();
  const now = hub.clock();
  await insertToken(tx ?? hub.db, {
    tokenHash: sha256Hex(token),
    purpose: PURPOSE,
    userId: user.id,
    now,
    expiresAt: new Date(now.getTime() + LIFETIME_HOURS * 3_600_000),
  });
  const link = `${hub.config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  const mail = composeMail(recipientLocale(user.locale, requested), 'verify', { hours: LIFETIME_HOURS, link });
  await mailer.send({ to: user.email, ...mail, link });
}

/** Consumes a verification token; returns the verified user id, or null when it is unknown, used or expired. */
export async function verifyEmailToken(hub: Hub, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    const userId = (await consumeToken(tx, sha256Hex(token), PURPOSE, now))?.userId;
    if (!userId) return null;
    await markEmailVerified(tx, userId, now);
    await hub.audit.record({ type: 'email_verified', userId }, tx);
    // The address's owner proved it: what was linked to the account before goes (federation/ownership.ts).
    await unlinkIdentitiesOfUnprovenAccount(hub, tx, userId, {});
    return userId;
  });
}
