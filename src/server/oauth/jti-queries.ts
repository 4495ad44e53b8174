import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { RowsWrite } from '../db/writes';
import { oauthUsedJtis } from '../db/schema/index';

/** Records a JWT ID as used; false when it already was (a replay, from any node). */
export async function insertUsedJti(db: DbOrTx, values: { jtiHash: string; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .insert(oauthUsedJtis)
    .values(values)
    .onConflictDoNothing({ target: oauthUsedJtis.jtiHash })
    .returning({ hash: oauthUsedJtis.jtiHash });
  return rows.length === 1;
}

/**
 * The same record as a write of a unit of work (db/writes.ts): required, so a JWT ID already used
 * fails the whole unit (HU001) and nothing of it — the grant's rows, its audit record — is written.
 * The IDs of a batch's units go in with one insert (a used one fails the batch, whose units then
 * commit again one by one: only the replay is refused).
 */
export function usedJtiWrite(values: { jtiHash: string; expiresAt: Date }): RowsWrite {
  return {
    kind: 'rows',
    key: 'oauth_used_jtis',
    requireEach: 'jti',
    rows: [JSON.stringify({ jti_hash: values.jtiHash, expires_at: values.expiresAt })],
    statement: (json, guard) => sql`insert into oauth_used_jtis (jti_hash, expires_at)
      select jti_hash, expires_at from jsonb_to_recordset(${json}::jsonb) as x(jti_hash text, expires_at timestamptz)
      where ${guard}
      on conflict (jti_hash) do nothing
      returning 1`,
  };
}

/** Forgets the JWT IDs whose JWTs would be refused as too old anyway. */
export async function deleteExpiredJtis(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oauthUsedJtis).where(lt(oauthUsedJtis.expiresAt, now));
}
