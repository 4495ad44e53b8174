import { and, eq, gt, isNull, or } from 'drizzle-orm';
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
