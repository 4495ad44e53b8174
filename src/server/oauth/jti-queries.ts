import { lt, sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../db/client';
import type { RowsWrite } from '../db/writes';
import { oauthUsedJtis } from '../db/schema/index';

interface UsedJtiRow {
  jtiHash: string;
  expiresAt: Date;
}

const rowJson = (v: UsedJtiRow) => JSON.stringify({ jti_hash: v.jtiHash, expires_at: v.expiresAt });

/** The one insert of used JWT IDs, `json` a JSON array of rows, writing only where `guard` holds. */
const insertRows = (json: string, guard: SQL) => sql`insert into oauth_used_jtis (jti_hash, expires_at)
  select jti_hash, expires_at from jsonb_to_recordset(${json}::jsonb) as x(jti_hash text, expires_at timestamptz)
  where ${guard}
  on conflict (jti_hash) do nothing`;

/**
 * Records JWT IDs as used, with one insert however many: the hashes that went in. One missing
 * from the answer was used already (a replay, from any node). The hashes must be distinct.
 */
export async function insertUsedJtis(db: DbOrTx, values: readonly UsedJtiRow[]): Promise<Set<string>> {
  const inserted = await rows<{ jti_hash: string }>(
    db,
    sql`${insertRows(`[${values.map(rowJson).join(',')}]`, sql`true`)} returning jti_hash`,
  );
  return new Set(inserted.map((r) => r.jti_hash));
}

/**
 * The same record as a write of a unit of work (db/writes.ts): required, so a JWT ID already used
 * fails the whole unit (HU001) and nothing of it — the grant's rows, its audit record — is written.
 * The IDs of a batch's units go in with one insert (a used one fails the batch, whose units then
 * commit again in halves, down to the replay, which alone is refused).
 */
export function usedJtiWrite(values: UsedJtiRow): RowsWrite {
  return {
    kind: 'rows',
    key: 'oauth_used_jtis',
    requireEach: 'jti',
    rows: [rowJson(values)],
    statement: (json, guard) => sql`${insertRows(json, guard)} returning 1`,
  };
}

/** Forgets the JWT IDs whose JWTs would be refused as too old anyway. */
export async function deleteExpiredJtis(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oauthUsedJtis).where(lt(oauthUsedJtis.expiresAt, now));
}
