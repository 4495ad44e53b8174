import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizationDomains, organizations } from '../../db/schema/index';
import type { OrganizationDomain } from '../../db/schema/index';

/** SQL of the organization_domains table; no rules here. */

export async function insertDomain(
  db: DbOrTx,
  values: typeof organizationDomains.$inferInsert,
): Promise<OrganizationDomain | undefined> {
  const [row] = await db.insert(organizationDomains).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listDomains(db: DbOrTx, orgId: string): Promise<OrganizationDomain[]> {
  return db
    .select()
    .from(organizationDomains)
    .where(eq(organizationDomains.orgId, orgId))
    .orderBy(asc(organizationDomains.domain));
}

export async function findDomain(db: DbOrTx, orgId: string, domain: string): Promise<OrganizationDomain | undefined> {
  const [row] = await db
    .select()
    .from(organizationDomains)
    .where(and(eq(organizationDomains.orgId, orgId), eq(organizationDomains.domain, domain)))
    .limit(1);
  return row;
}

/** The organization holding `domain` verified, other than `exceptOrgId`. */
export async function findVerifiedDomainHolder(
  db: DbOrTx,
  domain: string,
  exceptOrgId: string | null = null,
): Promise<OrganizationDomain | undefined> {
  const [row] = await db
    .select()
    .from(organizationDomains)
    .where(
      and(
        eq(organizationDomains.domain, domain),
        isNotNull(organizationDomains.verifiedAt),
        exceptOrgId ? ne(organizationDomains.orgId, exceptOrgId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function markDomainVerified(
  db: DbOrTx,
  orgId: string,
  domain: string,
  method: 'dns' | 'admin',
  now: Date,
): Promise<OrganizationDomain | undefined> {
  const [row] = await db
    .update(organizationDomains)
    .set({ verifiedAt: now, method })
    .where(and(eq(organizationDomains.orgId, orgId), eq(organizationDomains.domain, domain)))
    .returning();
  return row;
}

export async function deleteDomain(db: DbOrTx, orgId: string, domain: string): Promise<boolean> {
  const removed = await db
    .delete(organizationDomains)
    .where(and(eq(organizationDomains.orgId, orgId), eq(organizationDomains.domain, domain)))
    .returning({ domain: organizationDomains.domain });
  return removed.length > 0;
}

/** Every domain some organization holds verified, and that organization (the sign-in's hint, orgs/domain-join.ts). */
export async function listVerifiedDomains(db: DbOrTx, limit: number): Promise<{ domain: string; orgId: string }[]> {
  return db
    .select({ domain: organizationDomains.domain, orgId: organizationDomains.orgId })
    .from(organizationDomains)
    .where(isNotNull(organizationDomains.verifiedAt))
    .limit(limit);
}

/**
 * The identity provider required by the organization holding `domain` verified (home-realm
 * discovery, federation/discovery.ts): one row at most, by organization_domains_verified_key.
 */
export async function findRequiredProviderIdOfDomain(db: DbOrTx, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ providerId: organizations.requireSsoProviderId })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.orgId))
    .where(
      and(
        eq(organizationDomains.domain, domain),
        isNotNull(organizationDomains.verifiedAt),
        isNotNull(organizations.requireSsoProviderId),
      ),
    )
    .limit(1);
  return row?.providerId ?? null;
}
