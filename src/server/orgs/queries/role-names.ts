import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizationRoles } from '../../db/schema/index';
import type { OrganizationRole } from '../../db/schema/index';
import { removeRoleFromMembers } from './members';

/** SQL of the organization_roles table (the custom role names); no rules here. */

export async function listOrgRoles(db: DbOrTx): Promise<OrganizationRole[]> {
  return db.select().from(organizationRoles).orderBy(asc(organizationRoles.name));
}

/** The custom names among `names` that are defined. */
export async function findDefinedRoles(db: DbOrTx, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const found = await db
    .select({ name: organizationRoles.name })
    .from(organizationRoles)
    .where(inArray(organizationRoles.name, names));
  return found.map((r) => r.name);
}

export async function insertOrgRole(
  db: DbOrTx,
  values: { name: string; description: string | null; createdAt: Date },
): Promise<OrganizationRole | undefined> {
  const [row] = await db.insert(organizationRoles).values(values).onConflictDoNothing().returning();
  return row;
}

/** Removes a role name and takes it from every member who held it; how many memberships changed. */
export async function deleteOrgRole(db: DbOrTx, name: string): Promise<number | null> {
  const [row] = await db.delete(organizationRoles).where(eq(organizationRoles.name, name)).returning();
  if (!row) return null;
  return removeRoleFromMembers(db, name);
}
