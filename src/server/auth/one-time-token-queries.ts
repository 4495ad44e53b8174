import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeTokens, platformUsers } from '../db/schema/index';

/**
 * The one home of one_time_tokens: password reset, email change and verification, pending MFA
 * sign-in, sign-in by emailed code or link.
 */

/**
 * Inserts a token for the active user with this email, in one statement that does the same
 * work whether or not the account exists (forgot-password must not reveal accounts by timing).
 */
export async function insertTokenForEmail(
  db: DbOrTx,
  input: {
    tokenHash: string;
    purpose: string;
    email: string;
    now: Date;
    expiresAt: Date;
    data?: Record<string, unknown>;
  },
): Promise<{ userId: string; locale: string | null } | null> {
  const found = await db
    .insert(oneTimeTokens)
    .select(
      db
        .select({
          tokenHash: sql<string>`${input.tokenHash}::text`.as('token_hash'),
          purpose: sql<string>`${input.purpose}::text`.as('purpose'),
          userId: platformUsers.id,
          createdAt: sql<Date>`${input.now.toISOString()}::timestamptz`.as('created_at'),
          expiresAt: sql<Date>`${input.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          consumedAt: sql<Date | null>`null::timestamptz`.as('consumed_at'),
          // The account's language travels with the token (the mail's), read by this same statement,
          // beside what the caller keeps with it (an email sign-in's browser binding).
          data: sql<unknown>`jsonb_build_object('locale', ${platformUsers.locale}) || ${JSON.stringify(input.data ?? {})}::jsonb`.as(
            'data',
          ),
        })
        .from(platformUsers)
        .where(and(eq(platformUsers.email, input.email), eq(platformUsers.isActive, true))),
    )
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data });
  const row = found[0];
  if (!row?.userId) return null;
  const locale = (row.data as { locale?: unknown } | null)?.locale;
  return { userId: row.userId, locale: typeof locale === 'string' ? locale : null };
}

export async function insertToken(
  db: DbOrTx,
  values: { tokenHash: string; purpose: string; userId: string; now: Date; expiresAt: Date; data?: unknown },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    tokenHash: values.tokenHash,
    purpose: values.purpose,
    userId: values.userId,
    createdAt: values.now,
    expiresAt: values.expiresAt,
    data: values.data ?? null,
  });
}

/** Live: this hash and purpose, not yet used, not expired at `now`. */
function isLiveToken(tokenHash: string, purpose: string, now: Date): SQL | undefined {
  return and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.consumedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

/** Marks a live token used and returns it; null when unknown, used, expired or of another purpose. */
export async function consumeToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(isLiveToken(tokenHash, purpose, now))
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data });
  return row ?? null;
}

/** A live token without consuming it (the pending MFA sign-in is read on every attempt). */
export async function findLiveToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, data: oneTimeTokens.data, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(isLiveToken(tokenHash, purpose, now))
    .limit(1);
  return row ?? null;
}

/**
 * Ends every outstanding token of a purpose for the account with this email, in one statement
 * that does the same work whether or not the account exists (a new sign-in code replaces the last).
 */
export async function consumeTokensForEmail(db: DbOrTx, email: string, purpose: string, now: Date): Promise<void> {
  const account = db.select({ id: platformUsers.id }).from(platformUsers).where(eq(platformUsers.email, email));
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.consumedAt), inArray(oneTimeTokens.userId, account)),
    );
}

/** The live tokens of a purpose for a user (a mailed sign-in code is found by its account, then compared). */
export async function findLiveTokensOfUser(db: DbOrTx, userId: string, purpose: string, now: Date) {
  return db
    .select({ tokenHash: oneTimeTokens.tokenHash, data: oneTimeTokens.data })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
}

/** Ends every outstanding token of a purpose for a user (a reset used, a new email change asked). */
export async function consumeUserTokens(db: DbOrTx, userId: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.consumedAt)));
}

/**
 * Ends every outstanding token of these purposes whose data has `key` = `value` (the pending and
 * mailed federation links of a provider whose issuer changed: federation/provider-service.ts).
 */
export async function consumeTokensCarrying(
  db: DbOrTx,
  purposes: string[],
  data: { key: string; value: string },
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.consumedAt),
        sql`${oneTimeTokens.data}->>${data.key} = ${data.value}`,
      ),
    );
}

/** The setup reset (setup/setup-queries.ts deleteAllAccounts). */
export async function deleteAllTokens(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from one_time_tokens`);
}
