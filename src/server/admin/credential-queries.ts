import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { adminActionApprovals } from '../db/schema/index';
import type { AdminActionApproval } from '../db/schema/index';

export interface RequestRow {
  id: string;
  action_type: string;
  app_id: string | null;
  app_name: string | null;
  credential_type: string | null;
  justification: string;
  time_limit_minutes: number | null;
  status: string;
  requesting_user_id: string;
  requester_email: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
}

const REQUEST_SELECT = sql`select a.id::text, a.action_type, a.target_app_id::text as app_id, c.app_name, a.credential_type,
       a.justification, a.time_limit_minutes, a.status, a.requesting_user_id::text, u.email as requester_email,
       a.decided_by::text, a.decided_at, a.expires_at, a.created_at
  from admin_action_approvals a
  left join oauth_clients c on c.id = a.target_app_id
  left join platform_users u on u.id = a.requesting_user_id`;

/** The same table holds the two-person requests of impersonation (admin/impersonation.ts): not credential requests. */
export const IMPERSONATION_ACTION = 'impersonation';
/** …and those of master-key rotation (master-keys/service.ts). */
export const MASTER_KEY_ROTATION_ACTION = 'master_key_rotation';
const CREDENTIAL_ONLY = sql`a.action_type not in (${IMPERSONATION_ACTION}, ${MASTER_KEY_ROTATION_ACTION})`;

/** Marks an approved impersonation request started (single use); false when it was not approved and unused. */
export async function useApprovedRequest(db: DbOrTx, id: string): Promise<boolean> {
  const done = await db
    .update(adminActionApprovals)
    .set({ status: 'used' })
    .where(and(eq(adminActionApprovals.id, id), eq(adminActionApprovals.status, 'approved')))
    .returning({ id: adminActionApprovals.id });
  return done.length > 0;
}

/** The caller's own requests, newest first (spec §7: SELECT admin_action_approvals by requester). */
export async function findRequestsOf(db: DbOrTx, userId: string, limit = 50): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where a.requesting_user_id = ${userId}::uuid and ${CREDENTIAL_ONLY}
        order by a.created_at desc nulls last limit ${limit}`,
  );
}

/** Every pending request, oldest first: the approval queue. */
export async function findPendingRequests(db: DbOrTx, limit = 100): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where a.status = 'pending' and ${CREDENTIAL_ONLY} order by a.created_at asc nulls first limit ${limit}`,
  );
}

export async function findRequestView(db: DbOrTx, id: string): Promise<RequestRow | undefined> {
  const [row] = await rows<RequestRow>(db, sql`${REQUEST_SELECT} where a.id = ${id}::uuid`);
  return row;
}

export async function lockRequest(db: DbOrTx, id: string): Promise<AdminActionApproval | undefined> {
  const [row] = await db
    .select()
    .from(adminActionApprovals)
    .where(eq(adminActionApprovals.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function insertRequest(
  db: DbOrTx,
  values: typeof adminActionApprovals.$inferInsert,
): Promise<AdminActionApproval> {
  const [row] = await db.insert(adminActionApprovals).values(values).returning();
  return row;
}

export async function decideRequest(
  db: DbOrTx,
  id: string,
  values: { status: 'approved' | 'denied'; decidedBy: string; decidedAt: Date; expiresAt: Date | null },
): Promise<void> {
  await db
    .update(adminActionApprovals)
    .set(values)
    .where(and(eq(adminActionApprovals.id, id), eq(adminActionApprovals.status, 'pending')));
}

/** Approved grants of a user that have not run out yet. */
export async function findActiveGrants(db: DbOrTx, userId: string, now: Date): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where a.requesting_user_id = ${userId}::uuid and a.status = 'approved'
          and a.expires_at > ${now.toISOString()}::timestamptz and a.target_app_id is not null
        order by a.expires_at asc`,
  );
}
