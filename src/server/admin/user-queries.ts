import { and, eq, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { platformUsers } from '../db/schema/index';
import { effectiveAssignment } from '../roles/queries';
import type { PlatformUser } from '../db/schema/index';

/**
 * Exactly the expression of platform_users_search_trgm_idx (schema/users.ts): the planner
 * only uses an expression index when the query repeats the expression verbatim.
 */
const SEARCH_EXPR = sql`lower(${platformUsers.email} || ' ' || coalesce(${platformUsers.fullName}, '')
  || ' ' || coalesce(${platformUsers.organization}, ''))`;

/** LIKE treats % and _ as wildcards; a search for "a_b" must match the text "a_b" only. */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchPredicate(term: string): SQL | undefined {
  return term ? sql`${SEARCH_EXPR} like ${likeContains(term)}` : undefined;
}

export interface UserCursor {
  /** created_at as PostgreSQL text with microseconds: a JS Date would drop them and skip rows. */
  createdAt: string;
  id: string;
}

export type UserPageRow = Pick<
  PlatformUser,
  'id' | 'email' | 'fullName' | 'organization' | 'department' | 'isActive' | 'createdAt' | 'lastLoginAt'
> & {
  cursorCreatedAt: string;
};

/** One page of users, newest first, on the (created_at, id) index; optionally filtered. */
export async function findUserPage(
  db: DbOrTx,
  input: { term: string; cursor?: UserCursor; limit: number },
): Promise<UserPageRow[]> {
  const conditions = [searchPredicate(input.term)];
  if (input.cursor) {
    conditions.push(
      sql`(${platformUsers.createdAt}, ${platformUsers.id}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::uuid)`,
    );
  }
  const found = await db
    .select({
      user: platformUsers,
      cursorCreatedAt: sql<string>`to_char(${platformUsers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(platformUsers)
    .where(and(...conditions))
    // NULLS LAST exactly as platform_users_created_idx is declared, or the index cannot supply the order.
    .orderBy(sql`${platformUsers.createdAt} desc nulls last`, sql`${platformUsers.id} desc nulls last`)
    .limit(input.limit);
  return found.map((r) => ({ ...r.user, cursorCreatedAt: r.cursorCreatedAt }));
}

/** Searches count at most this many matches: past it the tab says "1,000+" (a broad term would otherwise re-check every match). */
export const SEARCH_COUNT_CAP = 1000;

export async function countUsers(db: DbOrTx, term: string): Promise<{ total: number; capped: boolean }> {
  if (!term) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(platformUsers);
    return { total: Number(row?.n ?? 0), capped: false };
  }
  const found = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${platformUsers} where ${searchPredicate(term)} limit ${SEARCH_COUNT_CAP + 1}) m`,
  );
  const n = Number(found[0]?.n ?? 0);
  return { total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}

export async function isEmailUsedByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(and(eq(platformUsers.email, email), ne(platformUsers.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Active users holding an effective super_admin role, other than `exceptUserId`. Taken with
 * a transaction-level advisory lock so two admins cannot deactivate the last two at once.
 */
export async function countOtherActiveSuperAdmins(db: DbOrTx, exceptUserId: string, now: Date): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${0x68756273})`);
  const found = await rows<{ n: number }>(
    db,
    sql`select count(distinct u.id)::int as n
          from platform_users u
          join platform_role_assignments on platform_role_assignments.user_id = u.id
         where u.is_active and u.id <> ${exceptUserId}
           and platform_role_assignments.role = 'super_admin' and ${effectiveAssignment(now)}`,
  );
  return Number(found[0]?.n ?? 0);
}
