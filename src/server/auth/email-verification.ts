import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens } from '../db/schema/index';
import type { PlatformUser } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import type { Mailer } from './mailer';
import { markEmailVerified } from './user-queries';

const PURPOSE = 'email_verification';
const LIFETIME_HOURS = 48;

/** Creates a single-use verification token (only its hash is stored) and mails the link. */
export async function sendVerificationMail(hub: Hub, mailer: Mailer, user: PlatformUser, tx?: DbOrTx): Promise<void> {
  const token = randomToken();
  const now = hub.clock();
  await (tx ?? hub.db).insert(oneTimeTokens).values({
    tokenHash: sha256Hex(token),
    purpose: PURPOSE,
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIFETIME_HOURS * 3_600_000),
  });
  const link = `${hub.config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: user.email,
    subject: 'Verify your email address',
    text: `Welcome to Ecosystem Hub.\n\nConfirm your email address by opening this link within ${LIFETIME_HOURS} hours:\n${link}\n\nIf you did not sign up, ignore this mail.`,
    link,
  });
}

/** Consumes a verification token; returns the verified user id, or null when it is unknown, used or expired. */
export async function verifyEmailToken(hub: Hub, token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(oneTimeTokens)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, sha256Hex(token)),
          eq(oneTimeTokens.purpose, PURPOSE),
          isNull(oneTimeTokens.consumedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    if (!consumed) return null;
    await markEmailVerified(tx, consumed.userId, now);
    await hub.audit.record({ type: 'email_verified', userId: consumed.userId }, tx);
    return consumed.userId;
  });
}
