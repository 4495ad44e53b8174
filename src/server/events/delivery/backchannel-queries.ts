import { eq, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { backchannelLogouts, oauthClients } from '../../db/schema/index';

/** The statements of the back-channel logout channel (oauth/backchannel.ts) on its outbox table. */

/** A logout claimed for an attempt, with the client's back-channel URI as it is now (null: removed since). */
export interface ClaimedLogout {
  id: number;
  clientId: string;
  userId: string;
  sid: string;
  /** Attempts made, this one included. */
  attempts: number;
  uri: string | null;
}

/**
 * The logouts owed when sessions end, inserted already claimed by the node that ends them (its
 * first attempt follows the commit at once): attempt 1, leased until `leaseUntil`. If that node
 * stops before it records the outcome, the rows come due for any node then.
 */
export async function insertClaimedLogouts(
  db: DbOrTx,
  logouts: { clientId: string; userId: string; sid: string; uri: string }[],
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedLogout[]> {
  const inserted = await db
    .insert(backchannelLogouts)
    .values(
      logouts.map((l) => ({
        clientId: l.clientId,
        userId: l.userId,
        sid: l.sid,
        attempts: 1,
        nextAttemptAt: leaseUntil,
        createdAt: now,
      })),
    )
    .returning({ id: backchannelLogouts.id, clientId: backchannelLogouts.clientId, sid: backchannelLogouts.sid });
  const uris = new Map(logouts.map((l) => [`${l.clientId} ${l.sid}`, l]));
  return inserted.map((r) => {
    const owed = uris.get(`${r.clientId} ${r.sid}`)!;
    return { id: r.id, clientId: r.clientId, userId: owed.userId, sid: r.sid, attempts: 1, uri: owed.uri };
  });
}

/**
 * Claims up to `limit` due logouts: FOR UPDATE SKIP LOCKED (another node's worker skips them),
 * counted as an attempt and leased until `leaseUntil`.
 */
export async function claimDueLogouts(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedLogout[]> {
  const found = await rows<{
    id: number | string;
    client_id: string;
    user_id: string;
    sid: string;
    attempts: number;
    uri: string | null;
  }>(
    db,
    sql`with due as (
      select id from ${backchannelLogouts}
      where next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update ${backchannelLogouts} b
      set attempts = b.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from due where b.id = due.id
      returning b.*
    )
    select c.id, c.client_id, c.user_id, c.sid, c.attempts, o.backchannel_logout_uri as uri
    from claimed c join ${oauthClients} o on o.client_id = c.client_id
    order by c.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    clientId: r.client_id,
    userId: r.user_id,
    sid: r.sid,
    attempts: r.attempts,
    uri: r.uri,
  }));
}

/** The next attempt of a logout that got no answer. */
export async function rescheduleLogout(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(backchannelLogouts).set({ nextAttemptAt: at }).where(eq(backchannelLogouts.id, id));
}

/** Removes a finished logout; false when another node already did (its lease ran out meanwhile). */
export async function deleteLogout(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db
    .delete(backchannelLogouts)
    .where(eq(backchannelLogouts.id, id))
    .returning({ id: backchannelLogouts.id });
  return deleted.length > 0;
}
