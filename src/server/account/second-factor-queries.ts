import { and, count, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { mfaRecoveryCodes, mfaTotp, webauthnCredentials } from '../db/schema/index';

/**
 * Which second factors a user has. Reads the tables of totp-queries, passkey-queries and
 * recovery-code-queries together and writes none of them.
 */

export interface MfaCounts {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

export async function mfaCounts(db: DbOrTx, userId: string): Promise<MfaCounts> {
  const rows = await mfaCountsFor(db, [userId]);
  return rows.get(userId) ?? { totp: false, passkeys: 0, recoveryCodesLeft: 0 };
}

/** Second factors of many users at once (the admin Users list). */
export async function mfaCountsFor(db: DbOrTx, userIds: string[]): Promise<Map<string, MfaCounts>> {
  const out = new Map<string, MfaCounts>();
  if (!userIds.length) return out;
  for (const id of userIds) out.set(id, { totp: false, passkeys: 0, recoveryCodesLeft: 0 });
  const [totps, keys, codes] = await Promise.all([
    db
      .select({ userId: mfaTotp.userId })
      .from(mfaTotp)
      .where(and(inArray(mfaTotp.userId, userIds), isNotNull(mfaTotp.confirmedAt))),
    db
      .select({ userId: webauthnCredentials.userId, n: count() })
      .from(webauthnCredentials)
      .where(inArray(webauthnCredentials.userId, userIds))
      .groupBy(webauthnCredentials.userId),
    db
      .select({ userId: mfaRecoveryCodes.userId, n: count() })
      .from(mfaRecoveryCodes)
      .where(and(inArray(mfaRecoveryCodes.userId, userIds), isNull(mfaRecoveryCodes.usedAt)))
      .groupBy(mfaRecoveryCodes.userId),
  ]);
  for (const t of totps) out.get(t.userId)!.totp = true;
  for (const k of keys) out.get(k.userId)!.passkeys = Number(k.n);
  for (const c of codes) out.get(c.userId)!.recoveryCodesLeft = Number(c.n);
  return out;
}

/** Does the user have a second factor (a confirmed TOTP or a passkey)? One round trip. */
export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await rows<{ has: boolean }>(db, sql`select ${secondFactorExists(sql`${userId}::uuid`)} as has`);
  return Boolean(row?.has);
}

/** hasSecondFactor as an expression over a user id expression (for statements that read more). */
export function secondFactorExists(userId: SQL): SQL {
  return sql`(exists (select 1 from mfa_totp where user_id = ${userId} and confirmed_at is not null)
             or exists (select 1 from webauthn_credentials where user_id = ${userId}))`;
}
