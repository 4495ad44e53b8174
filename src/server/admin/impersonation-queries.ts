import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';

export interface ImpersonationRow {
  occurred_at: Date | string;
  details: { minutes?: number; justification?: string; impersonator_id?: string };
  admin_email: string | null;
  admin_name: string | null;
}

/** The impersonations of a user, newest first, from the audit log (their /account activity). */
export async function findImpersonationsOf(db: DbOrTx, userId: string, limit = 50): Promise<ImpersonationRow[]> {
  return rows<ImpersonationRow>(
    db,
    sql`select l.occurred_at, l.details, u.email as admin_email, u.full_name as admin_name
      from audit_logs l
      left join platform_users u on u.id::text = l.details->>'impersonator_id'
      where l.event_type = 'impersonation_started' and l.details->>'target_user_id' = ${userId}
      order by l.occurred_at desc limit ${limit}`,
  );
}
