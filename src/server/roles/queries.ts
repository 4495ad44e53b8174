import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { platformRoleAssignments } from '../db/schema/index';

/** Roles that count now: active and not expired. */
export async function findEffectiveRoles(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const found = await db
    .select({ role: platformRoleAssignments.role })
    .from(platformRoleAssignments)
    .where(
      and(
        eq(platformRoleAssignments.userId, userId),
        eq(platformRoleAssignments.isActive, true),
        or(isNull(platformRoleAssignments.expiresAt), gt(platformRoleAssignments.expiresAt, now)),
      ),
    );
  return found.map((r) => r.role);
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

export async function setAssignment(
  db: DbOrTx,
  id: string,
  values: Partial<typeof platformRoleAssignments.$inferInsert>,
) {
  await db.update(platformRoleAssignments).set(values).where(eq(platformRoleAssignments.id, id));
}
