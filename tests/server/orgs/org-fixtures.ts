import { and, asc, eq } from 'drizzle-orm';
import type { TestHub } from '../../helpers/test-hub';
import { createUser, sessionCookieFor } from '../../helpers/fixtures';
import {
  auditLogs,
  organizationDomains,
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../../../src/server/db/schema/index';
import type { PlatformUser } from '../../../src/server/db/schema/index';

let seq = 0;

export interface Person {
  user: PlatformUser;
  cookie: string;
}

export async function person(t: TestHub, extra: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.hub, extra);
  return { user, cookie: await sessionCookieFor(t.hub, user) };
}

/** An organization inserted directly, with members and their roles (fixtures only; the API is what tests exercise). */
export async function seedOrg(t: TestHub, members: { user: PlatformUser; roles: string[] }[], name = 'Acme Hiring') {
  seq += 1;
  const [org] = await t.hub.db
    .insert(organizations)
    .values({ name, slug: `org-${seq}-${Date.now().toString(36)}` })
    .returning();
  let at = t.hub.clock().getTime();
  for (const m of members) {
    at += 1;
    await t.hub.db
      .insert(organizationMembers)
      .values({ orgId: org.id, userId: m.user.id, roles: m.roles, joinedVia: 'admin', joinedAt: new Date(at) });
  }
  return org;
}

export async function rolesOf(t: TestHub, orgId: string, userId: string): Promise<string[] | null> {
  const [row] = await t.hub.db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
  return row?.roles ?? null;
}

export async function auditOf(t: TestHub, type: string) {
  return t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type)).orderBy(asc(auditLogs.id));
}

/** A pending invitation inserted directly (its token is unknown: only the API's mail carries one). */
export async function seedInvitation(t: TestHub, orgId: string, email = `invitee-${++seq}@example.test`) {
  const now = t.hub.clock();
  const [inv] = await t.hub.db
    .insert(organizationInvitations)
    .values({
      orgId,
      email,
      role: 'member',
      tokenHash: `seed-${seq}-${Math.random()}`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning();
  return inv;
}

/** A claimed domain inserted directly, verified (by an admin's approval) when asked. */
export async function seedDomain(t: TestHub, orgId: string, domain: string, verified = false) {
  const [row] = await t.hub.db
    .insert(organizationDomains)
    .values({
      orgId,
      domain,
      verificationToken: `token-${++seq}`,
      verifiedAt: verified ? t.hub.clock() : null,
      method: verified ? 'admin' : null,
    })
    .returning();
  return row;
}
