import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { mapRow } from '../../db/map-row';
import { oauthClients, oauthDeviceCodes } from '../../db/schema/index';

export type DeviceRow = typeof oauthDeviceCodes.$inferSelect;

/** Inserts a device authorization; false when its user code is taken (the caller draws another). */
export async function insertDeviceCode(db: DbOrTx, values: typeof oauthDeviceCodes.$inferInsert): Promise<boolean> {
  const done = await db
    .insert(oauthDeviceCodes)
    .values(values)
    .onConflictDoNothing({ target: oauthDeviceCodes.userCodeHash })
    .returning({ hash: oauthDeviceCodes.deviceCodeHash });
  return done.length === 1;
}

/** A pending, unexpired authorization by its user code, with the client that asked. */
export async function findPendingByUserCode(db: DbOrTx, userCodeHash: string, now: Date) {
  const [row] = await db
    .select({ device: oauthDeviceCodes, client: oauthClients })
    .from(oauthDeviceCodes)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthDeviceCodes.clientId))
    .where(
      and(
        eq(oauthDeviceCodes.userCodeHash, userCodeHash),
        eq(oauthDeviceCodes.status, 'pending'),
        gt(oauthDeviceCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The person's decision, recorded once: only a pending, unexpired authorization changes (a second
 * decision, or one after expiry, finds nothing).
 */
export async function decideDeviceCode(
  db: DbOrTx,
  userCodeHash: string,
  now: Date,
  decision:
    | { status: 'approved'; userId: string; browserSessionId: string; authTime: Date; amr: string[] }
    | { status: 'denied'; userId: string },
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .update(oauthDeviceCodes)
    .set({ ...decision, decidedAt: now })
    .where(
      and(
        eq(oauthDeviceCodes.userCodeHash, userCodeHash),
        eq(oauthDeviceCodes.status, 'pending'),
        gt(oauthDeviceCodes.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function lockDeviceCode(db: DbOrTx, deviceCodeHash: string): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthDeviceCodes)
    .where(eq(oauthDeviceCodes.deviceCodeHash, deviceCodeHash))
    .for('update')
    .limit(1);
  return row;
}

/** Records a poll of a pending code: `intervalS` as the poll leaves it (raised by slow_down). */
export async function recordPoll(db: DbOrTx, deviceCodeHash: string, now: Date, intervalS: number): Promise<void> {
  await db
    .update(oauthDeviceCodes)
    .set({ lastPolledAt: now, intervalS })
    .where(eq(oauthDeviceCodes.deviceCodeHash, deviceCodeHash));
}

export interface DeviceIssue {
  deviceCodeHash: string;
  clientId: string;
  clientMayRefresh: boolean;
  now: Date;
  session: { id: string; tokenHash: string; expiresAt: Date };
  refreshTokenHash: string;
}

/**
 * The one statement that turns an approved device code into tokens (RFC 8628 §3.5): consume the
 * approved, unexpired, unconsumed row of this client whose user is still active → app session
 * (carrying the approving browser session's `act`, when someone acted for the person there) →
 * refresh token (with offline_access, to a client that may refresh). Run by two nodes at once, one
 * of them consumes the row, the other finds nothing: a code issues tokens once.
 */
export async function issueFromDeviceCode(
  db: DbOrTx,
  x: DeviceIssue,
): Promise<{ device: DeviceRow; refreshIssued: boolean; act: unknown } | undefined> {
  const now = x.now.toISOString();
  const expires = x.session.expiresAt.toISOString();
  const found = await rows<Record<string, unknown> & { refresh_issued: string | number; session_act: unknown }>(
    db,
    sql`with consumed as (
        update oauth_device_codes set consumed_at = ${now}::timestamptz, issued_session_id = ${x.session.id}::uuid
        where device_code_hash = ${x.deviceCodeHash} and client_id = ${x.clientId} and status = 'approved'
          and consumed_at is null and expires_at > ${now}::timestamptz
          and exists (select 1 from platform_users u where u.id = oauth_device_codes.user_id and u.is_active)
        returning *
      ), session as (
        insert into auth_sessions (id, user_id, client_id, kind, session_token_hash, scopes, auth_time, amr,
            browser_session_id, resource, act, created_at, last_accessed_at, expires_at)
        select ${x.session.id}::uuid, c.user_id, c.client_id, 'app', ${x.session.tokenHash}, c.scopes, c.auth_time, c.amr,
               c.browser_session_id, c.resource, b.act, ${now}::timestamptz, ${now}::timestamptz, ${expires}::timestamptz
        from consumed c left join auth_sessions b on b.id = c.browser_session_id
        returning id, act
      ), refresh as (
        insert into oauth_refresh_tokens (token_hash, session_id, client_id, user_id, scopes, created_at, expires_at)
        select ${x.refreshTokenHash}, s.id, c.client_id, c.user_id, c.scopes, ${now}::timestamptz, ${expires}::timestamptz
        from consumed c, session s
        where ${x.clientMayRefresh}::boolean and 'offline_access' = any(c.scopes)
        returning 1
      )
      select consumed.*, (select act from session) as session_act, (select count(*) from refresh) as refresh_issued
      from consumed`,
  );
  const row = found[0];
  if (!row) return undefined;
  return {
    device: mapRow(oauthDeviceCodes, row),
    refreshIssued: Number(row.refresh_issued) > 0,
    act: typeof row.session_act === 'string' ? JSON.parse(row.session_act) : row.session_act,
  };
}

/** The pending authorizations (admin screen): newest first, with the client's name; never a code. */
export async function listPendingDeviceCodes(db: DbOrTx, now: Date, limit = 100) {
  return db
    .select({
      clientId: oauthDeviceCodes.clientId,
      appName: oauthClients.appName,
      scopes: oauthDeviceCodes.scopes,
      createdAt: oauthDeviceCodes.createdAt,
      expiresAt: oauthDeviceCodes.expiresAt,
      lastPolledAt: oauthDeviceCodes.lastPolledAt,
    })
    .from(oauthDeviceCodes)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthDeviceCodes.clientId))
    .where(and(eq(oauthDeviceCodes.status, 'pending'), gt(oauthDeviceCodes.expiresAt, now)))
    .orderBy(desc(oauthDeviceCodes.createdAt))
    .limit(limit);
}

/** Device codes expired before `before` (the cleanup keeps an hour of `expired_token` answers). */
export async function deleteExpiredDeviceCodes(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(oauthDeviceCodes).where(lt(oauthDeviceCodes.expiresAt, before));
}
