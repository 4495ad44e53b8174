import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scimUsers, type ScimUser } from '../../db/schema/index';
import { userFilterSql, type ParsedFilter } from './user-filter';

/** SQL of the scim_users table (its only writer); no rules here. */

export type NewScimUser = Omit<typeof scimUsers.$inferInsert, 'version'>;

/** Inserts the row; undefined when the organization already has this userName (the unique index). */
export async function insertScimUser(db: DbOrTx, values: NewScimUser): Promise<ScimUser | undefined> {
  const [row] = await db.insert(scimUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findScimUser(
  db: DbOrTx,
  orgId: string,
  userId: string,
  lock = false,
): Promise<ScimUser | undefined> {
  const q = db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.orgId, orgId), eq(scimUsers.userId, userId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findScimUserByName(
  db: DbOrTx,
  orgId: string,
  userNameKey: string,
): Promise<ScimUser | undefined> {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.orgId, orgId), eq(scimUsers.userNameKey, userNameKey)))
    .limit(1);
  return row;
}

/** Writes the new state and raises the version; the caller holds the row's lock. */
export async function updateScimUser(
  db: DbOrTx,
  orgId: string,
  userId: string,
  values: Partial<
    Pick<ScimUser, 'userName' | 'userNameKey' | 'externalId' | 'active' | 'roles' | 'accountDeactivated' | 'resource'>
  > & {
    updatedAt: Date;
  },
): Promise<ScimUser> {
  const [row] = await db
    .update(scimUsers)
    .set({ ...values, version: sql`${scimUsers.version} + 1` })
    .where(and(eq(scimUsers.orgId, orgId), eq(scimUsers.userId, userId)))
    .returning();
  return row;
}

export async function deleteScimUser(db: DbOrTx, orgId: string, userId: string): Promise<void> {
  await db.delete(scimUsers).where(and(eq(scimUsers.orgId, orgId), eq(scimUsers.userId, userId)));
}

/** One page in creation order (startIndex is 1-based), and how many match in all. */
export async function findScimUserPage(
  db: DbOrTx,
  orgId: string,
  input: { filter: ParsedFilter; startIndex: number; count: number },
): Promise<{ rows: ScimUser[]; total: number }> {
  const where = and(eq(scimUsers.orgId, orgId), userFilterSql(input.filter));
  const [rows, [{ total }]] = await Promise.all([
    input.count === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(scimUsers)
          .where(where)
          .orderBy(asc(scimUsers.createdAt), asc(scimUsers.userId))
          .offset(input.startIndex - 1)
          .limit(input.count),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(scimUsers)
      .where(where),
  ]);
  return { rows, total };
}

/** The SCIM users of an organization among `userIds` (a Group's members: their userName for `display`). */
export async function findScimUserNames(db: DbOrTx, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await db
    .select({ userId: scimUsers.userId, userName: scimUsers.userName })
    .from(scimUsers)
    .where(and(eq(scimUsers.orgId, orgId), inArray(scimUsers.userId, userIds)));
  return new Map(found.map((r) => [r.userId, r.userName]));
}
