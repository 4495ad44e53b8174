import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { masterKeyLookup, masterKeyRotations, masterKeys, type MasterKeyRotation } from '../db/schema/index';
import type { SealedColumn } from './inventory';

/** SQL only (master-keys/*): the tables of master-keys.ts and the sealed columns of inventory.ts. */

const id = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);
/** The inventory's own expressions (constants of inventory.ts, never input). */
const keyOf = (c: SealedColumn) => sql.raw(c.key);
const castTo = (c: SealedColumn) => sql.raw(c.keyType);
const kidOf = (c: SealedColumn) => sql`split_part(${id(c.column)}, '.', 2)`;

/** How many values of one column are sealed under each key id. */
export async function countByKeyId(db: DbOrTx, c: SealedColumn): Promise<{ key_id: string; count: number }[]> {
  return rows(
    db,
    sql`select ${kidOf(c)} as key_id, count(*)::int as count from ${id(c.table)}
        where ${id(c.column)} is not null group by 1`,
  );
}

export interface SealedRow {
  k: string;
  sealed: string;
  by: string | null;
}

/** The next values of one column sealed under `keyId`, after the primary key `after` (keyset paging). */
export async function findSealedBatch(
  db: DbOrTx,
  c: SealedColumn,
  keyId: string,
  after: string | null,
  limit: number,
): Promise<SealedRow[]> {
  const by = typeof c.context === 'string' ? sql`null` : sql`${id(c.context.by)}::text`;
  const from = after === null ? sql`true` : sql`${keyOf(c)} > ${after}::${castTo(c)}`;
  return rows(
    db,
    sql`select (${keyOf(c)})::text as k, ${id(c.column)} as sealed, ${by} as by from ${id(c.table)}
        where ${from} and ${id(c.column)} is not null and ${kidOf(c)} = ${keyId}
        order by ${keyOf(c)} limit ${limit}`,
  );
}

/** Replaces one sealed value if it is still the one read (a concurrent change wins); true when replaced. */
export async function swapSealed(db: DbOrTx, c: SealedColumn, k: string, old: string, next: string): Promise<boolean> {
  const done = await rows(
    db,
    sql`update ${id(c.table)} set ${id(c.column)} = ${next}
        where ${keyOf(c)} = ${k}::${castTo(c)} and ${id(c.column)} = ${old} returning 1 as one`,
  );
  return done.length > 0;
}

export type MasterKeyRow = typeof masterKeys.$inferSelect;

export async function listMasterKeys(db: DbOrTx): Promise<MasterKeyRow[]> {
  return db.select().from(masterKeys).orderBy(masterKeys.createdAt);
}

/** Records `keyId` as current when no key is yet (the first start); false when one already was. */
export async function insertFirstCurrentKey(db: DbOrTx, keyId: string, now: Date): Promise<boolean> {
  const done = await db
    .insert(masterKeys)
    .values({ keyId, status: 'current', createdAt: now, activatedAt: now })
    .onConflictDoNothing()
    .returning({ keyId: masterKeys.keyId });
  return done.length > 0;
}

export async function findSealedLookupKey(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select().from(masterKeyLookup).where(eq(masterKeyLookup.id, 1));
  return row?.sealedKey;
}

/** Stores the sealed lookup key unless one is stored already (two nodes starting at once). */
export async function insertSealedLookupKey(db: DbOrTx, sealedKey: string): Promise<void> {
  await db.insert(masterKeyLookup).values({ id: 1, sealedKey }).onConflictDoNothing();
}

/** The switch: `from` starts retiring, `to` becomes current. */
export async function switchCurrentKey(db: DbOrTx, from: string, to: string, now: Date): Promise<void> {
  await db.update(masterKeys).set({ status: 'retiring' }).where(eq(masterKeys.keyId, from));
  await db
    .insert(masterKeys)
    .values({ keyId: to, status: 'current', createdAt: now, activatedAt: now })
    .onConflictDoUpdate({ target: masterKeys.keyId, set: { status: 'current', activatedAt: now, retiredAt: null } });
}

export async function markKeyRetired(db: DbOrTx, keyId: string, now: Date): Promise<void> {
  await db.update(masterKeys).set({ status: 'retired', retiredAt: now }).where(eq(masterKeys.keyId, keyId));
}

/** The rotation not yet done, if any (at most one: master_key_rotations_one_open). */
export async function findOpenRotation(db: DbOrTx): Promise<MasterKeyRotation | undefined> {
  const [row] = await db.select().from(masterKeyRotations).where(ne(masterKeyRotations.status, 'done')).limit(1);
  return row;
}

export async function findLastRotation(db: DbOrTx): Promise<MasterKeyRotation | undefined> {
  const [row] = await db
    .select()
    .from(masterKeyRotations)
    // Two rotations started in the same millisecond (a test's frozen clock): the last is the one to the current key.
    .orderBy(
      sql`${masterKeyRotations.startedAt} desc`,
      sql`(${masterKeyRotations.toKeyId} = (select key_id from master_keys where status = 'current')) desc`,
    )
    .limit(1);
  return row;
}

export async function insertRotation(
  db: DbOrTx,
  values: { fromKeyId: string; toKeyId: string; requestedBy: string | null; approvedBy: string | null; now: Date },
): Promise<MasterKeyRotation> {
  const [row] = await db
    .insert(masterKeyRotations)
    .values({ ...values, status: 'running', startedAt: values.now, updatedAt: values.now })
    .returning();
  return row;
}

/** Takes (or renews) the rotation's lease for `token` when it is free, expired or already ours. */
export async function leaseRotation(db: DbOrTx, rotationId: string, token: string, now: Date, until: Date) {
  const done = await db
    .update(masterKeyRotations)
    .set({ leaseToken: token, leaseUntil: until })
    .where(
      and(
        eq(masterKeyRotations.id, rotationId),
        sql`(${masterKeyRotations.leaseUntil} is null or ${masterKeyRotations.leaseUntil} < ${now}
             or ${masterKeyRotations.leaseToken} = ${token})`,
      ),
    )
    .returning({ id: masterKeyRotations.id });
  return done.length > 0;
}

/** Records how far one column's batches reached and renews the lease; false when the lease was lost. */
export async function recordProgress(
  db: DbOrTx,
  rotationId: string,
  token: string,
  progress: Record<string, string>,
  resealed: number,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const done = await db
    .update(masterKeyRotations)
    .set({ progress, resealed: sql`${masterKeyRotations.resealed} + ${resealed}`, leaseUntil, updatedAt: now })
    .where(and(eq(masterKeyRotations.id, rotationId), eq(masterKeyRotations.leaseToken, token)))
    .returning({ id: masterKeyRotations.id });
  return done.length > 0;
}

export async function updateRotation(
  db: DbOrTx,
  rotationId: string,
  values: Partial<Pick<MasterKeyRotation, 'status' | 'retireAfter' | 'finishedAt' | 'leaseToken' | 'leaseUntil'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(masterKeyRotations).set(values).where(eq(masterKeyRotations.id, rotationId));
}
