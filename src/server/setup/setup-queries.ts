import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { deleteAllTokens } from '../auth/one-time-token-queries';
import { deleteAllSessions } from '../auth/session-queries';

/**
 * Deletes every role assignment, session, one-time token, sign-in counter and user (the audit
 * log is cleared apart, under the chain's anchor lock) and answers how many of each went.
 */
export async function deleteAllAccounts(
  tx: DbOrTx,
): Promise<{ roleAssignments: number; sessions: number; users: number }> {
  const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(tx, q))[0]?.n ?? 0);
  const roleAssignments = await count(
    sql`with d as (delete from platform_role_assignments returning 1) select count(*)::int as n from d`,
  );
  const sessions = await deleteAllSessions(tx);
  await deleteAllTokens(tx);
  await tx.execute(sql`delete from sign_in_attempts`);
  const users = await count(sql`with d as (delete from platform_users returning 1) select count(*)::int as n from d`);
  return { roleAssignments, sessions, users };
}
