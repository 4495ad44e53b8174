import { asc, sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../src/server/db/client';
import { auditLogs } from '../../src/server/db/schema/index';

/**
 * Where each audit chain ends now, as a condition that holds for the rows written after it. Issue
 * 43 gave every writer its own chain (a row's id is chain·2^40 + seq), so no single largest id
 * marks "before": another writer's chain may hold larger ids than this hub's newest rows.
 */
export async function auditMark(db: DbOrTx): Promise<SQL> {
  const heads = await rows<{ chain: string; last: string }>(
    db,
    sql`select (id >> 40)::text as chain, max(id)::text as last from audit_logs group by 1`,
  );
  const lasts = JSON.stringify(Object.fromEntries(heads.map((h) => [h.chain, h.last])));
  return sql`${auditLogs.id} > coalesce((${lasts}::jsonb ->> (${auditLogs.id} >> 40)::text)::bigint, -1)`;
}

/** Every row of one audit chain (ids chain·2^40 + seq), in chain order. */
export function chainRows(db: DbOrTx, chain: number) {
  return db
    .select()
    .from(auditLogs)
    .where(sql`id > ${chain * 2 ** 40} and id < ${(chain + 1) * 2 ** 40}`)
    .orderBy(asc(auditLogs.id));
}
