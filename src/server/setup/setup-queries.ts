import type { DbOrTx } from '../db/client';
import { deleteAllTokens } from '../auth/one-time-token-queries';
import { deleteAllSessions } from '../auth/session-queries';
import { deleteAllAttempts } from '../auth/sign-in-limit-queries';
import { deleteAllUsers } from '../auth/user-queries';
import { deleteAllAssignments } from '../roles/queries';

/**
 * Deletes every role assignment, session, one-time token, sign-in counter and user (the audit
 * log is cleared apart, under the chain's anchor lock), each through its table's owner, and
 * answers how many of each went.
 */
export async function deleteAllAccounts(
  tx: DbOrTx,
): Promise<{ roleAssignments: number; sessions: number; users: number }> {
  const roleAssignments = await deleteAllAssignments(tx);
  const sessions = await deleteAllSessions(tx);
  await deleteAllTokens(tx);
  await deleteAllAttempts(tx);
  const users = await deleteAllUsers(tx);
  return { roleAssignments, sessions, users };
}
