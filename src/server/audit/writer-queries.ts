import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { auditWriters } from '../db/schema/index';
import { MAX_CHAINS } from './chain';

/** How long a claim holds without a renewal: a crashed node's chain is taken over after this. */
export const WRITER_LEASE_MS = 15_000;
/** How often a live writer renews its lease (a third of it: two renewals may fail before it lapses). */
export const WRITER_RENEW_MS = 5_000;

/** This process as a writer: a random owner id (never reused) and a name for operators. */
export function newWriterIdentity(): { owner: string; node: string } {
  return { owner: randomUUID(), node: `${hostname()}:${process.pid}` };
}

/**
 * Claims a chain for `owner` (issue 43): the lowest chain whose lease has run out (a node that
 * stopped cleanly released it; a crashed one's lapsed), else the next chain id after every chain
 * there is. Two processes racing for one id: the row lock (or the primary key) lets one win, and
 * the other tries the next. Answers the chain id.
 */
export async function claimChain(
  db: DbOrTx,
  who: { owner: string; node: string },
  now: Date,
  leaseMs = WRITER_LEASE_MS,
): Promise<number> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  for (let attempt = 0; attempt < 50; attempt++) {
    const [taken] = await rows<{ chain_id: number }>(
      db,
      sql`update audit_writers set owner = ${who.owner}, node = ${who.node}, lease_until = ${leaseUntil.toISOString()},
            claimed_at = ${now.toISOString()}
          where chain_id = (select chain_id from audit_writers where lease_until < ${now.toISOString()}
                            order by chain_id limit 1 for update skip locked)
          returning chain_id`,
    );
    if (taken) return Number(taken.chain_id);
    const [next] = await rows<{ id: number }>(
      db,
      sql`select greatest((select max(chain_id) from audit_writers), (select max(id) from audit_chain_head), -1) + 1 as id`,
    );
    const id = Number(next.id);
    if (id >= MAX_CHAINS) throw new Error(`audit: every one of the ${MAX_CHAINS} chains is leased`);
    const inserted = await db
      .insert(auditWriters)
      .values({ chainId: id, owner: who.owner, node: who.node, leaseUntil, claimedAt: now })
      .onConflictDoNothing()
      .returning({ chainId: auditWriters.chainId });
    if (inserted[0]) return inserted[0].chainId;
  }
  throw new Error('audit: no chain could be claimed');
}

/** Extends the lease; false when it is no longer ours (it lapsed and another process took the chain). */
export async function renewChainLease(
  db: DbOrTx,
  chainId: number,
  owner: string,
  now: Date,
  leaseMs = WRITER_LEASE_MS,
): Promise<boolean> {
  const done = await db
    .update(auditWriters)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(and(eq(auditWriters.chainId, chainId), eq(auditWriters.owner, owner)))
    .returning({ chainId: auditWriters.chainId });
  return done.length > 0;
}

/** At a clean stop: the chain is free at once for the next process to start. */
export async function releaseChainLease(db: DbOrTx, chainId: number, owner: string, now: Date): Promise<void> {
  await db
    .update(auditWriters)
    .set({ leaseUntil: now })
    .where(and(eq(auditWriters.chainId, chainId), eq(auditWriters.owner, owner)));
}

/** Chains with an anchor whose writer holds no lease at `now` (stopped, or crashed): retention prunes them. */
export async function findChainsWithoutLease(db: DbOrTx, now: Date): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select h.id from audit_chain_head h left join audit_writers w on w.chain_id = h.id
         where w.chain_id is null or w.lease_until < ${now.toISOString()} order by h.id`,
  );
  return found.map((r) => Number(r.id));
}
