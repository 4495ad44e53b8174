import { and, eq, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { platformUsers } from '../db/schema/index';
import { effectiveAssignment } from '../roles/queries';
import type { PlatformUser } from '../db/schema/index';
import { keysetAfter, keysetAt, keysetOrder, type Keyset, type KeysetPosition } from '../db/cursor';
import { likeContains } from '../db/like';

/**
 * Exactly the expression of platform_users_search_trgm_idx (schema/users.ts): the planner
 * only uses an expression index when the query repeats the expression verbatim.
 */
const SEARCH_EXPR = sql`lower(${platformUsers.email} || ' ' || coalesce(${platformUsers.fullName}, '')
  || ' ' || coalesce(${platformUsers.organization}, ''))`;

export function searchPredicate(term: string): SQL | undefined {
  return term ? sql`${SEARCH_EXPR} like ${likeContains(term.toLowerCase())}` : undefined;
}

/** Newest first, on platform_users_created_idx (created_at desc, id desc). */
const USER_PAGES: Keyset = { at: platformUsers.createdAt, id: platformUsers.id, direction: 'desc' };

export type UserPageRow = Pick<
  PlatformUser,
  'id' | 'email' | 'fullName' | 'organization' | 'department' | 'isActive' | 'createdAt' | 'lastLoginAt'
> & {
  cursorCreatedAt: string;
};

/** One page of users, newest first, on the (created_at, id) index; optionally filtered. */
export async function findUserPage(
  db: DbOrTx,
  input: { term: string; cursor?: KeysetPosition; limit: number },
): Promise<UserPageRow[]> {
  const found = await db
    .select({ user: platformUsers, cursorCreatedAt: keysetAt(platformUsers.createdAt) })
    .from(platformUsers)
    .where(and(searchPredicate(input.term), keysetAfter(USER_PAGES, input.cursor)))
    .orderBy(...keysetOrder(USER_PAGES))
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

/** Active users holding an effective super_admin role (a read for the users list; no lock). */
export async function countActiveSuperAdmins(db: DbOrTx, now: Date): Promise<number> {
  const found = await rows<{ n: number }>(
    db,
    sql`select count(distinct u.id)::int as n
          from platform_users u
          join platform_role_assignments on platform_role_assignments.user_id = u.id
         where u.is_active and platform_role_assignments.role = 'super_admin' and ${effectiveAssignment(now)}`,
  );
  return Number(found[0]?.n ?? 0);
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
