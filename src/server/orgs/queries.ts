import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { StepsWrite } from '../db/writes';
import {
  authSessions,
  identityProviders,
  organizationDomains,
  organizationInvitations,
  organizationMembers,
  organizationRoles,
  organizations,
  platformUsers,
} from '../db/schema/index';
import type {
  NewOrganization,
  Organization,
  OrganizationDomain,
  OrganizationInvitation,
  OrganizationMember,
  OrganizationRole,
} from '../db/schema/index';

/** SQL of the organization tables (organizations, members, invitations, domains, role names); no rules here. */

// Organizations.

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

/** The user's organizations with their roles, by name (GET /api/me/orgs, the `organizations` claim). */
export async function listOrgsOfUser(db: DbOrTx, userId: string): Promise<{ org: Organization; roles: string[] }[]> {
  return db
    .select({ org: organizations, roles: organizationMembers.roles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export interface OrgCursor {
  createdAt: string;
  id: string;
}

/** Every organization, newest first, optionally matching a term in name or slug (ecosystem admins). */
export async function findOrgPage(
  db: DbOrTx,
  input: { term: string; cursor?: OrgCursor; limit: number },
): Promise<{ org: Organization; memberCount: number; cursorCreatedAt: string }[]> {
  const conditions: SQL[] = [];
  if (input.term) {
    const like = `%${input.term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(organizations.name, like), ilike(organizations.slug, like))!);
  }
  if (input.cursor) {
    conditions.push(
      sql`(${organizations.createdAt}, ${organizations.id}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      org: organizations,
      memberCount: sql<number>`(select count(*)::int from ${organizationMembers} m where m.org_id = ${organizations.id})`,
      cursorCreatedAt: sql<string>`to_char(${organizations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(organizations)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(input.limit);
}

// Members.

/** Adds a member; undefined when the user already is one. */
export async function insertMember(
  db: DbOrTx,
  values: { orgId: string; userId: string; roles: string[]; joinedVia: string; joinedAt: Date },
): Promise<OrganizationMember | undefined> {
  const [row] = await db.insert(organizationMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findMember(db: DbOrTx, orgId: string, userId: string): Promise<OrganizationMember | undefined> {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function setMemberRoles(db: DbOrTx, orgId: string, userId: string, roles: string[]): Promise<void> {
  await db
    .update(organizationMembers)
    .set({ roles })
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, orgId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
    .returning({ userId: organizationMembers.userId });
  return removed.length > 0;
}

export async function countOwners(db: DbOrTx, orgId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), sql`${organizationMembers.roles} @> array['owner']::text[]`));
  return count;
}

export interface MemberCursor {
  joinedAt: string;
  userId: string;
}

export interface MemberRow {
  member: OrganizationMember;
  email: string;
  fullName: string | null;
  cursorJoinedAt: string;
}

/** One page of members in joining order: a range scan of organization_members_org_joined_idx. */
export async function findMemberPage(
  db: DbOrTx,
  orgId: string,
  input: { cursor?: MemberCursor; limit: number },
): Promise<MemberRow[]> {
  const key = sql`(${organizationMembers.joinedAt}, ${organizationMembers.userId})`;
  const after = input.cursor
    ? sql`${key} > (${input.cursor.joinedAt}::timestamptz, ${input.cursor.userId}::uuid)`
    : undefined;
  return db
    .select({
      member: organizationMembers,
      email: platformUsers.email,
      fullName: platformUsers.fullName,
      cursorJoinedAt: sql<string>`to_char(${organizationMembers.joinedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(organizationMembers)
    .innerJoin(platformUsers, eq(platformUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.orgId, orgId), after))
    .orderBy(asc(organizationMembers.joinedAt), asc(organizationMembers.userId))
    .limit(input.limit);
}

export async function findMemberView(db: DbOrTx, orgId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      member: organizationMembers,
      email: platformUsers.email,
      fullName: platformUsers.fullName,
      cursorJoinedAt: sql<string>`''`,
    })
    .from(organizationMembers)
    .innerJoin(platformUsers, eq(platformUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return row;
}

// Custom role names.

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
  const changed = await db
    .update(organizationMembers)
    .set({ roles: sql`array_remove(${organizationMembers.roles}, ${name})` })
    .where(sql`${organizationMembers.roles} @> array[${name}]::text[]`)
    .returning({ userId: organizationMembers.userId });
  return changed.length;
}

// Invitations.

export async function insertInvitation(
  db: DbOrTx,
  values: typeof organizationInvitations.$inferInsert,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db.insert(organizationInvitations).values(values).onConflictDoNothing().returning();
  return row;
}

/** Ends the expired pending invitations to an address (so a new one may be sent). */
export async function retireExpiredInvitations(db: DbOrTx, orgId: string, email: string, now: Date): Promise<void> {
  await db
    .update(organizationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organizationInvitations.orgId, orgId),
        eq(organizationInvitations.email, email),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        sql`${organizationInvitations.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

export async function listInvitations(db: DbOrTx, orgId: string): Promise<OrganizationInvitation[]> {
  return db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.orgId, orgId))
    .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id))
    .limit(500);
}

export async function findInvitation(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.orgId, orgId), eq(organizationInvitations.id, id)))
    .limit(1);
  return row;
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

/** The pending invitation with this id (not accepted, not revoked, not expired), updated; undefined otherwise. */
export async function updatePendingInvitation(
  db: DbOrTx,
  id: string,
  now: Date,
  values: Partial<typeof organizationInvitations.$inferInsert>,
  /** Resending renews an expired invitation too; accepting does not. */
  evenExpired = false,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .update(organizationInvitations)
    .set(values)
    .where(
      and(
        eq(organizationInvitations.id, id),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        evenExpired ? undefined : gt(organizationInvitations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

// Domains.

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

/**
 * Domain membership on sign-in, as a write of the sign-in's unit of work (orgs/domain-join.ts):
 * adds the user with `roles` to `orgId` only while that organization holds `domain` verified
 * (checked again here, whatever the caller's cache said) and the user is not a member yet. It is
 * required: when it adds nobody, the unit — its `org_member_added` record included — is not
 * written at all.
 */
export function domainJoinWrite(input: {
  orgId: string;
  userId: string;
  domain: string;
  roles: string[];
  now: Date;
}): StepsWrite {
  const roles = `{${input.roles.join(',')}}`;
  return {
    kind: 'steps',
    requireOne: 'join',
    steps: [
      {
        name: 'join',
        body: ({ guard }) => sql`insert into ${organizationMembers} (org_id, user_id, roles, joined_via, joined_at)
          select d.org_id, ${input.userId}::uuid, ${roles}::text[], 'domain', ${input.now.toISOString()}::timestamptz
            from ${organizationDomains} d
           where d.org_id = ${input.orgId}::uuid and d.domain = ${input.domain} and d.verified_at is not null and ${guard}
          on conflict do nothing returning 1`,
      },
    ],
  };
}

/** Whether someone with this email address is already a member. */
export async function isMemberByEmail(db: DbOrTx, orgId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(platformUsers, eq(platformUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.orgId, orgId), eq(platformUsers.email, email)))
    .limit(1);
  return Boolean(row);
}

export interface TokenMembership {
  org: Organization;
  roles: string[];
  /**
   * The identity provider of the browser session the token is for (auth_sessions.idp_id), the same
   * on every row; null without a session asked about, or for a session not signed in through one.
   */
  sessionIdpId: string | null;
}

/**
 * Everything the token path needs of a user's organizations, in one query by
 * organization_members_user_idx: each membership, its organization, and the provider the browser
 * session `browserSessionId` was signed in through (a scalar subquery by the sessions' primary key,
 * only for an organization requiring SSO: no round trip of its own).
 */
export async function listMembershipsForToken(
  db: DbOrTx,
  userId: string,
  browserSessionId: string | null = null,
): Promise<TokenMembership[]> {
  const sessionIdpId = browserSessionId
    ? sql<string | null>`case when ${organizations.requireSsoProviderId} is null then null else
        (select s.idp_id from ${authSessions} s where s.id = ${browserSessionId}) end`
    : sql<string | null>`null::uuid`;
  return db
    .select({ org: organizations, roles: organizationMembers.roles, sessionIdpId })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
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
