import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import {
  authSessions,
  mfaRecoveryCodes,
  mfaTotp,
  oauthClients,
  oauthConsents,
  oneTimeTokens,
  platformUsers,
  webauthnChallenges,
  webauthnCredentials,
} from '../db/schema/index';
import type { MfaTotp, PlatformUser, WebauthnCredential } from '../db/schema/index';

/** SQL of the signed-in user's own account (issue 13): one-time tokens, second factors, passkeys, apps. */

// ---- one-time tokens (password reset, email change, pending MFA sign-in)

/**
 * Inserts a token for the active user with this email, in one statement that does the same
 * work whether or not the account exists (forgot-password must not reveal accounts by timing).
 */
export async function insertTokenForEmail(
  db: DbOrTx,
  input: { tokenHash: string; purpose: string; email: string; now: Date; expiresAt: Date },
): Promise<string | null> {
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
          data: sql<unknown>`null::jsonb`.as('data'),
        })
        .from(platformUsers)
        .where(and(eq(platformUsers.email, input.email), eq(platformUsers.isActive, true))),
    )
    .returning({ userId: oneTimeTokens.userId });
  return found[0]?.userId ?? null;
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

/** Marks a live token used and returns it; null when unknown, used, expired or of another purpose. */
export async function consumeToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, data: oneTimeTokens.data });
  return row ?? null;
}

/** A live token without consuming it (the pending MFA sign-in is read on every attempt). */
export async function findLiveToken(db: DbOrTx, tokenHash: string, purpose: string, now: Date) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, data: oneTimeTokens.data, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends every outstanding token of a purpose for a user (a reset used, a new email change asked). */
export async function consumeUserTokens(db: DbOrTx, userId: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.consumedAt)));
}

// ---- users

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  fields: Partial<Pick<PlatformUser, 'fullName' | 'organization' | 'department'>>,
  now: Date,
): Promise<PlatformUser> {
  const [row] = await db
    .update(platformUsers)
    .set({ ...fields, updatedAt: now })
    .where(eq(platformUsers.id, userId))
    .returning();
  return row;
}

/** Sets a confirmed new address; null when another account has it (unique violation avoided). */
export async function changeEmail(db: DbOrTx, userId: string, email: string, now: Date): Promise<PlatformUser | null> {
  const [row] = await db
    .update(platformUsers)
    .set({ email, emailVerifiedAt: now, updatedAt: now })
    .where(
      and(
        eq(platformUsers.id, userId),
        sql`not exists (select 1 from ${platformUsers} other where other.email = ${email} and other.id <> ${userId})`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.email, email))
    .limit(1);
  return Boolean(row);
}

// ---- TOTP

export async function findTotp(db: DbOrTx, userId: string): Promise<MfaTotp | undefined> {
  const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
  return row;
}

/** A new unconfirmed secret; an unconfirmed one is replaced, a confirmed one is kept (null). */
export async function upsertPendingTotp(db: DbOrTx, userId: string, secretEnc: string, now: Date): Promise<boolean> {
  const done = await db
    .insert(mfaTotp)
    .values({ userId, secretEnc, createdAt: now })
    .onConflictDoUpdate({
      target: mfaTotp.userId,
      set: { secretEnc, createdAt: now, lastStep: null },
      setWhere: isNull(mfaTotp.confirmedAt),
    })
    .returning({ userId: mfaTotp.userId });
  return done.length > 0;
}

/**
 * Records an accepted step, only if it is later than the last accepted one (atomic: two
 * requests with the same code cannot both pass). Optionally confirms the enrolment.
 */
export async function acceptTotpStep(
  db: DbOrTx,
  userId: string,
  step: number,
  opts: { confirmAt?: Date; requireConfirmed: boolean },
): Promise<boolean> {
  const done = await db
    .update(mfaTotp)
    .set({ lastStep: step, ...(opts.confirmAt ? { confirmedAt: opts.confirmAt } : {}) })
    .where(
      and(
        eq(mfaTotp.userId, userId),
        or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step)),
        opts.requireConfirmed ? isNotNull(mfaTotp.confirmedAt) : isNull(mfaTotp.confirmedAt),
      ),
    )
    .returning({ userId: mfaTotp.userId });
  return done.length > 0;
}

export async function deleteTotp(db: DbOrTx, userId: string): Promise<boolean> {
  const done = await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ userId: mfaTotp.userId });
  return done.length > 0;
}

// ---- recovery codes

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (hashes.length) {
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId, createdAt: now })));
  }
}

export async function markRecoveryCodeUsed(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const done = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return done.length > 0;
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

// ---- status

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

// ---- passkeys

export async function listPasskeys(db: DbOrTx, userId: string): Promise<WebauthnCredential[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(desc(webauthnCredentials.createdAt));
}

export async function findPasskeyByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId))
    .limit(1);
  return row;
}

export async function insertPasskey(
  db: DbOrTx,
  values: typeof webauthnCredentials.$inferInsert,
): Promise<WebauthnCredential | null> {
  const [row] = await db.insert(webauthnCredentials).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function touchPasskey(db: DbOrTx, id: string, counter: number, now: Date): Promise<void> {
  await db.update(webauthnCredentials).set({ counter, lastUsedAt: now }).where(eq(webauthnCredentials.id, id));
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const done = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning({ id: webauthnCredentials.id });
  return done.length > 0;
}

export async function deleteAllPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const done = await db
    .delete(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .returning({ id: webauthnCredentials.id });
  return done.length;
}

export async function insertChallenge(
  db: DbOrTx,
  values: { challengeHash: string; purpose: string; userId: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, values.now));
  await db.insert(webauthnChallenges).values({
    challengeHash: values.challengeHash,
    purpose: values.purpose,
    userId: values.userId,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** Consumes a live challenge of this purpose; returns it (with its user) or null. */
export async function consumeChallenge(db: DbOrTx, challengeHash: string, purpose: string, now: Date) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, challengeHash),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return row ?? null;
}

// ---- sessions

/** Marks a fresh authentication on a session (step-up): OIDC auth_time and amr. */
export async function markSessionAuthenticated(db: DbOrTx, sessionId: string, now: Date, amr: string[]) {
  await db.update(authSessions).set({ authTime: now, amr }).where(eq(authSessions.id, sessionId));
}

// ---- connected apps

export async function listConsents(db: DbOrTx, userId: string) {
  return db
    .select({
      clientId: oauthConsents.clientId,
      scopes: oauthConsents.scopes,
      grantedAt: oauthConsents.grantedAt,
    })
    .from(oauthConsents)
    .where(eq(oauthConsents.userId, userId));
}

/** Live app sessions (OAuth grants and hand-offs) of a user, per client. */
export async function liveAppSessionsByClient(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      clientId: authSessions.clientId,
      // One row per (session, scope) after the unnest: count the sessions, not the rows.
      n: sql<number>`count(distinct ${authSessions.id})::int`,
      lastUsedAt: sql<string | Date | null>`max(${authSessions.lastAccessedAt})`,
      scopes: sql<string[] | null>`array_agg(distinct s.scope) filter (where s.scope is not null)`,
    })
    .from(authSessions)
    .leftJoin(sql`lateral unnest(${authSessions.scopes}) as s(scope)`, sql`true`)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNotNull(authSessions.clientId),
        eq(authSessions.isActive, true),
        gt(authSessions.expiresAt, now),
      ),
    )
    .groupBy(authSessions.clientId);
}

export async function findClientsByClientIds(db: DbOrTx, clientIds: string[]) {
  if (!clientIds.length) return [];
  return db
    .select({
      clientId: oauthClients.clientId,
      appName: oauthClients.appName,
      appUrl: oauthClients.appUrl,
      appType: oauthClients.appType,
    })
    .from(oauthClients)
    .where(inArray(oauthClients.clientId, clientIds));
}

export async function deleteConsent(db: DbOrTx, userId: string, clientId: string): Promise<boolean> {
  const done = await db
    .delete(oauthConsents)
    .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
    .returning({ clientId: oauthConsents.clientId });
  return done.length > 0;
}

/** Live session ids of one app for one user (to end them with the revocation machinery). */
export async function liveAppSessionIds(db: DbOrTx, userId: string, clientId: string, now: Date): Promise<string[]> {
  const found = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        eq(authSessions.clientId, clientId),
        eq(authSessions.isActive, true),
        gt(authSessions.expiresAt, now),
      ),
    );
  return found.map((r) => r.id);
}
