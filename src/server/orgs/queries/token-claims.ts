import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, organizationMembers, organizations } from '../../db/schema/index';
import type { Organization } from '../../db/schema/index';

/** The read the token path makes of a user's organizations (orgs/claims.ts); no rules here. */

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
