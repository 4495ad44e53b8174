import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keysetAfter, keysetAt, keysetOrder, type Keyset, type KeysetPosition } from '../../db/cursor';
import type { StepsWrite } from '../../db/writes';
import { organizationDomains, organizationMembers, platformUsers } from '../../db/schema/index';
import type { OrganizationMember } from '../../db/schema/index';

/** SQL of the organization_members table (its only writer); no rules here. */

/** Adds a member; undefined when the user already is one. */
export async function insertMember(
  db: DbOrTx,
  values: { orgId: string; userId: string; roles: string[]; joinedVia: string; joinedAt: Date },
): Promise<OrganizationMember | undefined> {
  const [row] = await db.insert(organizationMembers).values(values).onConflictDoNothing().returning();
  return row;
}

/** The membership; `lock`: held (FOR UPDATE) until the transaction ends. */
export async function findMember(
  db: DbOrTx,
  orgId: string,
  userId: string,
  { lock = false } = {},
): Promise<OrganizationMember | undefined> {
  const query = db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function setMemberRoles(db: DbOrTx, orgId: string, userId: string, roles: string[]): Promise<void> {
  await db
    .update(organizationMembers)
    .set({ roles })
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
}

/** Several members' new roles in one statement (a SCIM Group's membership change). */
export async function setMembersRoles(
  db: DbOrTx,
  orgId: string,
  changes: readonly { userId: string; roles: string[] }[],
): Promise<void> {
  if (changes.length === 0) return;
  const rows = JSON.stringify(changes.map((c) => ({ user_id: c.userId, roles: c.roles })));
  await db.execute(sql`update organization_members m set roles = v.roles
    from jsonb_to_recordset(${rows}::jsonb) as v(user_id uuid, roles text[])
    where m.org_id = ${orgId} and m.user_id = v.user_id`);
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

/** The owners of each of these organizations (an organization with none is absent). */
export async function countOwnersIn(db: DbOrTx, orgIds: string[]): Promise<Map<string, number>> {
  if (orgIds.length === 0) return new Map();
  const rows = await db
    .select({ orgId: organizationMembers.orgId, count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(inArray(organizationMembers.orgId, orgIds), sql`${organizationMembers.roles} @> array['owner']::text[]`))
    .groupBy(organizationMembers.orgId);
  return new Map(rows.map((r) => [r.orgId, r.count]));
}

export interface MemberRow {
  member: OrganizationMember;
  email: string;
  fullName: string | null;
}

/** Joining order, on organization_members_org_joined_idx (org_id, joined_at, user_id). */
const MEMBER_PAGES: Keyset = { at: organizationMembers.joinedAt, id: organizationMembers.userId, direction: 'asc' };

const memberColumns = { member: organizationMembers, email: platformUsers.email, fullName: platformUsers.fullName };

/** One page of members in joining order: a range scan of organization_members_org_joined_idx. */
export async function findMemberPage(
  db: DbOrTx,
  orgId: string,
  input: { cursor?: KeysetPosition; limit: number },
): Promise<(MemberRow & { cursorAt: string })[]> {
  return db
    .select({ ...memberColumns, cursorAt: keysetAt(organizationMembers.joinedAt) })
    .from(organizationMembers)
    .innerJoin(platformUsers, eq(platformUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.orgId, orgId), keysetAfter(MEMBER_PAGES, input.cursor)))
    .orderBy(...keysetOrder(MEMBER_PAGES))
    .limit(input.limit);
}

export async function findMemberView(db: DbOrTx, orgId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(platformUsers, eq(platformUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
    .limit(1);
  return row;
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

/** Takes a role name from every member who held it (the name is being removed); how many memberships changed. */
export async function removeRoleFromMembers(db: DbOrTx, name: string): Promise<number> {
  const changed = await db
    .update(organizationMembers)
    .set({ roles: sql`array_remove(${organizationMembers.roles}, ${name})` })
    .where(sql`${organizationMembers.roles} @> array[${name}]::text[]`)
    .returning({ userId: organizationMembers.userId });
  return changed.length;
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

/** The ids of an organization's members holding `role` (a SCIM Group's members), in joining order. */
export async function findMemberIdsWithRole(db: DbOrTx, orgId: string, role: string): Promise<string[]> {
  const found = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), sql`${organizationMembers.roles} @> array[${role}]::text[]`))
    .orderBy(organizationMembers.joinedAt, organizationMembers.userId);
  return found.map((r) => r.userId);
}

/** The memberships of `userIds` in one organization (absent: not a member). */
export async function findMembersOf(db: DbOrTx, orgId: string, userIds: string[]): Promise<OrganizationMember[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), inArray(organizationMembers.userId, userIds)));
}
