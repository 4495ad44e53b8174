import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { platformRoleAssignments, platformUsers } from '../db/schema/index';
import type { PlatformUser } from '../db/schema/index';

/**
 * Exactly the expression of platform_users_search_trgm_idx (schema/users.ts): the planner
 * only uses an expression index when the query repeats the expression verbatim.
 */
const SEARCH_EXPR = sql`lower(${platformUsers.email} || ' ' || coalesce(${platformUsers.fullName}, '') || ' ' || coalesce(${platformUsers.organization}, ''))`;

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

export type UserPageRow = Pick<PlatformUser, 'id' | 'email' | 'fullName' | 'organization' | 'department' | 'isActive' | 'createdAt' | 'lastLoginAt'> & {
  cursorCreatedAt: string;
};

/** One page of users, newest first, on the (created_at, id) index; optionally filtered. */
export async function findUserPage(db: DbOrTx, input: { term: string; cursor?: UserCursor; limit: number }): Promise<UserPageRow[]> {
  const conditions = [searchPredicate(input.term)];
  if (input.cursor) {
    conditions.push(sql`(${platformUsers.createdAt}, ${platformUsers.id}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::uuid)`);
  }
  const found = await db
    .select({
      user: platformUsers,
      cursorCreatedAt: sql<string>`to_char(${platformUsers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(platformUsers)
    .where(and(...conditions))
    .orderBy(desc(platformUsers.createdAt), desc(platformUsers.id))
    .limit(input.limit);
  return found.map((r) => ({ ...r.user, cursorCreatedAt: r.cursorCreatedAt }));
}

/** How many of the newest users a walk looks at before it gives up and asks the trigram index. */
export const WALK_WINDOW = 20_000;

/**
 * For a common term the newest matches are found fastest by walking the (created_at, id) index
 * and filtering until `limit` rows matched: the inner LIMIT keeps the planner on that index and
 * the outer query stops pulling as soon as it has enough. Returns null when the window held
 * fewer than `limit` matches (the caller then asks the trigram index, which is always right).
 */
export async function walkUserPage(db: DbOrTx, input: { term: string; cursor?: UserCursor; limit: number }): Promise<UserPageRow[] | null> {
  const after = input.cursor
    ? sql`where (u.created_at, u.id) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::uuid)`
    : sql``;
  const found = await rows<{
    id: string;
    email: string;
    full_name: string | null;
    organization: string | null;
    department: string | null;
    is_active: boolean;
    created_at: Date | string;
    last_login_at: Date | string | null;
    cursor_created_at: string;
  }>(
    db,
    sql`select w.id::text, w.email, w.full_name, w.organization, w.department, w.is_active, w.created_at, w.last_login_at,
               to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_created_at
          from (select u.* from platform_users u ${after} order by u.created_at desc, u.id desc limit ${WALK_WINDOW}) w
         where lower(w.email || ' ' || coalesce(w.full_name, '') || ' ' || coalesce(w.organization, '')) like ${likeContains(input.term)}
         order by w.created_at desc, w.id desc
         limit ${input.limit}`,
  );
  if (found.length < input.limit) return null;
  return found.map((r) => ({
    id: r.id,
    email: r.email,
    fullName: r.full_name,
    organization: r.organization,
    department: r.department,
    isActive: r.is_active,
    createdAt: new Date(r.created_at),
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at) : null,
    cursorCreatedAt: r.cursor_created_at,
  }));
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

/** Effective roles (active, not expired) of many users at once. */
export async function findRolesOfUsers(db: DbOrTx, userIds: string[], now: Date): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (!userIds.length) return byUser;
  const found = await db
    .select({ userId: platformRoleAssignments.userId, role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        inArray(platformRoleAssignments.userId, userIds),
        eq(platformRoleAssignments.isActive, true),
        or(isNull(platformRoleAssignments.expiresAt), gt(platformRoleAssignments.expiresAt, now)),
      ),
    );
  for (const r of found) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.role]);
  return byUser;
}

export async function findUserById(db: DbOrTx, id: string): Promise<PlatformUser | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, id)).limit(1);
  return row;
}

/** Locks the row so two concurrent edits (or deactivations) are decided one after the other. */
export async function lockUserById(db: DbOrTx, id: string): Promise<PlatformUser | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, id)).for('update').limit(1);
  return row;
}

export async function isEmailUsedByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(and(eq(platformUsers.email, email), ne(platformUsers.id, userId)))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof platformUsers.$inferInsert>): Promise<PlatformUser> {
  const [row] = await db.update(platformUsers).set(values).where(eq(platformUsers.id, id)).returning();
  return row;
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
          join platform_role_assignments r on r.user_id = u.id
         where u.is_active and u.id <> ${exceptUserId}
           and r.role = 'super_admin' and r.is_active
           and (r.expires_at is null or r.expires_at > ${now.toISOString()}::timestamptz)`,
  );
  return Number(found[0]?.n ?? 0);
}
