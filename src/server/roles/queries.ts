import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { platformRoleAssignments } from '../db/schema/index';
import type { PlatformRoleAssignment } from '../db/schema/index';

/**
 * THE effective-role rule, once: an assignment counts while it is active and not expired at
 * `now` (hub.clock, never the database's now()). Every query that asks "does this user hold
 * this role" uses this predicate; `isEffectiveAssignment` is the same rule on a loaded row.
 */
export function effectiveAssignment(now: Date): SQL {
  const a = platformRoleAssignments;
  return sql`(${a.isActive} and (${a.expiresAt} is null or ${a.expiresAt} > ${now.toISOString()}::timestamptz))`;
}

export function isEffectiveAssignment(
  a: Pick<PlatformRoleAssignment, 'isActive' | 'expiresAt'> | undefined,
  now: Date,
) {
  return !!a && a.isActive && (!a.expiresAt || a.expiresAt > now);
}

/** Roles that count now: active and not expired. */
export async function findEffectiveRoles(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const found = await db
    .select({ role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(and(eq(platformRoleAssignments.userId, userId), effectiveAssignment(now)));
  return found.map((r) => r.role);
}

/** Effective roles of many users at once. */
export async function findRolesOfUsers(db: DbOrTx, userIds: string[], now: Date): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (!userIds.length) return byUser;
  const found = await db
    .select({ userId: platformRoleAssignments.userId, role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(and(inArray(platformRoleAssignments.userId, userIds), effectiveAssignment(now)));
  for (const r of found) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.role]);
  return byUser;
}

/** Every assignment of a user, newest granted first (the roles dialog's read). */
export async function listAssignments(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(platformRoleAssignments)
    .where(eq(platformRoleAssignments.userId, userId))
    .orderBy(desc(platformRoleAssignments.grantedAt), desc(platformRoleAssignments.id));
}

export async function insertAssignment(db: DbOrTx, values: typeof platformRoleAssignments.$inferInsert) {
  await db.insert(platformRoleAssignments).values(values);
}

/** A new account's first roles, all active, granted at its creation. */
export async function insertFirstAssignments(
  db: DbOrTx,
  userId: string,
  roles: string[],
  grantedBy: string | null,
  grantedAt: Date | undefined,
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insert(platformRoleAssignments)
    .values(roles.map((role) => ({ userId, role, isActive: true, grantedBy, grantedAt })));
}

/** The setup reset (setup/setup-queries.ts deleteAllAccounts): every assignment, counted. */
export async function deleteAllAssignments(db: DbOrTx): Promise<number> {
  const gone = await db.delete(platformRoleAssignments).returning({ id: platformRoleAssignments.id });
  return gone.length;
}

export async function setAssignment(
  db: DbOrTx,
  id: string,
  values: Partial<typeof platformRoleAssignments.$inferInsert>,
) {
  await db.update(platformRoleAssignments).set(values).where(eq(platformRoleAssignments.id, id));
}
