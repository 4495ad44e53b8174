import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keysetAfter, keysetAt, keysetOrder, type Keyset, type KeysetPosition } from '../../db/cursor';
import { likeContains } from '../../db/like';
import {
  identityProviders,
  organizationDomains,
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../../db/schema/index';
import type { NewOrganization, Organization } from '../../db/schema/index';

/** SQL of the organizations table; no rules here. */

/** Inserts an organization; undefined when the slug is taken. */
export async function insertOrg(db: DbOrTx, values: NewOrganization): Promise<Organization | undefined> {
  const [row] = await db
    .insert(organizations)
    .values(values)
    .onConflictDoNothing({ target: organizations.slug })
    .returning();
  return row;
}

export async function findOrgById(db: DbOrTx, id: string): Promise<Organization | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** The organization row, locked until the transaction ends: membership changes of one organization queue here. */
export async function lockOrg(db: DbOrTx, id: string): Promise<Organization | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1).for('update');
  return row;
}

/** The organization and the user's roles in it (null when not a member), in one read. */
export async function findOrgWithRoles(
  db: DbOrTx,
  id: string,
  userId: string,
): Promise<{ org: Organization; roles: string[] | null } | undefined> {
  const [row] = await db
    .select({ org: organizations, roles: organizationMembers.roles })
    .from(organizations)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.orgId, organizations.id), eq(organizationMembers.userId, userId)),
    )
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

export async function isSlugTaken(db: DbOrTx, slug: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.slug, slug), ne(organizations.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function updateOrg(
  db: DbOrTx,
  id: string,
  values: Partial<NewOrganization>,
): Promise<Organization | undefined> {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  return row;
}

/** Deletes an organization (members, invitations and domains go with it); how many members it had. */
export async function deleteOrg(db: DbOrTx, id: string): Promise<{ org: Organization; members: number } | null> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(eq(organizationMembers.orgId, id));
  const [org] = await db.delete(organizations).where(eq(organizations.id, id)).returning();
  return org ? { org, members: count } : null;
}

/** The rows deleting an organization ends: its members, its pending (unexpired) invitations and its domain claims. */
export async function countOrgDeletionImpact(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<{ members: number; pending_invitations: number; domains: number }> {
  const [row] = await db
    .select({
      members: sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.orgId} = ${id})`,
      pending_invitations: sql<number>`(select count(*)::int from ${organizationInvitations}
        where ${organizationInvitations.orgId} = ${id} and ${organizationInvitations.acceptedAt} is null
        and ${organizationInvitations.revokedAt} is null and ${organizationInvitations.expiresAt} > ${now.toISOString()}::timestamptz)`,
      domains: sql<number>`(select count(*)::int from ${organizationDomains} where ${organizationDomains.orgId} = ${id})`,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? { members: 0, pending_invitations: 0, domains: 0 };
}

/** The user's organizations with their roles, by name (GET /api/me/orgs, the `organizations` claim). */
export async function listOrgsOfUser(db: DbOrTx, userId: string): Promise<{ org: Organization; roles: string[] }[]> {
  return db
    .select({ org: organizations, roles: organizationMembers.roles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Newest first, on organizations_created_idx (created_at desc, id desc). */
const ORG_PAGES: Keyset = { at: organizations.createdAt, id: organizations.id, direction: 'desc' };

/** Every organization, newest first, optionally matching a term in name or slug (ecosystem admins). */
export async function findOrgPage(
  db: DbOrTx,
  input: { term: string; cursor?: KeysetPosition; limit: number },
): Promise<{ org: Organization; memberCount: number; cursorAt: string }[]> {
  const like = input.term ? likeContains(input.term) : undefined;
  return db
    .select({
      org: organizations,
      memberCount: sql<number>`(select count(*)::int from ${organizationMembers} m where m.org_id = ${organizations.id})`,
      cursorAt: keysetAt(organizations.createdAt),
    })
    .from(organizations)
    .where(
      and(
        like ? or(ilike(organizations.name, like), ilike(organizations.slug, like)) : undefined,
        keysetAfter(ORG_PAGES, input.cursor),
      ),
    )
    .orderBy(...keysetOrder(ORG_PAGES))
    .limit(input.limit);
}

/** The enabled provider an organization requires its members to sign in through, with both names (null: none). */
export async function findEnabledRequiredProvider(
  db: DbOrTx,
  orgId: string,
): Promise<{ orgName: string; providerSlug: string; providerName: string } | null> {
  const [row] = await db
    .select({
      orgName: organizations.name,
      providerSlug: identityProviders.slug,
      providerName: identityProviders.displayName,
    })
    .from(organizations)
    .innerJoin(identityProviders, eq(identityProviders.id, organizations.requireSsoProviderId))
    .where(and(eq(organizations.id, orgId), eq(identityProviders.enabled, true)))
    .limit(1);
  return row ?? null;
}
