import type { JWTPayload } from 'jose';
import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { OAuthError } from '../oauth/errors';
import { isMultiFactor } from '../../shared/amr';
import { meetsSsoPolicy } from '../../shared/org-policy';
import { listMembershipsForToken, type TokenMembership } from './queries/token-claims';
import { isUuid } from '../../shared/uuid';

/**
 * The organization claims, built once here for the ID token, userinfo and introspection (issue 29):
 * - scope `organizations` → `organizations: [{id, slug, name, roles}]`, every membership;
 * - `organization_id=<id>` on the authorization request (or scope `organization:<id>`) → the grant
 *   carries scope `organization:<id>`, and its access token `org_id` and `org_roles`, refused
 *   unless the user is a member and the organization's policies hold for the sign-in.
 * The token path reads at most one query (listMembershipsForToken), and none for a grant
 * without these scopes.
 */

export const ORGANIZATIONS_SCOPE = 'organizations';
export const ORG_SCOPE_PREFIX = 'organization:';

export type OrganizationsClaim = { id: string; slug: string; name: string; roles: string[] }[];

/**
 * What the browser session says about the sign-in behind a grant: how the user proved who they
 * are, and the identity provider it came through (auth_sessions.idp_id; null: not federated).
 */
export interface SignInFacts {
  amr: readonly string[];
  idpId: string | null;
}

/**
 * The organization an authorization request asks for: `organization_id`, or one scope
 * `organization:<id>` (both: they must agree). undefined when none; a string is the error.
 */
export function requestedOrganization(params: {
  scope?: string;
  organization_id?: string;
}): string | { error: string } | undefined {
  const fromScope = (params.scope ?? '')
    .split(' ')
    .filter((s) => s.startsWith(ORG_SCOPE_PREFIX))
    .map((s) => s.slice(ORG_SCOPE_PREFIX.length));
  const asked = [...new Set([...fromScope, ...(params.organization_id ? [params.organization_id] : [])])];
  if (asked.length === 0) return undefined;
  if (asked.length > 1) return { error: 'Ask for one organization at a time.' };
  if (!isUuid(asked[0])) return { error: 'organization_id must be an organization id.' };
  return asked[0];
}

/** The organization a grant is scoped to (its `organization:<id>` scope), if any. */
export function orgIdOfScopes(scopes: readonly string[]): string | null {
  const s = scopes.find((x) => x.startsWith(ORG_SCOPE_PREFIX));
  return s ? s.slice(ORG_SCOPE_PREFIX.length) : null;
}

export function organizationsClaim(memberships: readonly TokenMembership[]): OrganizationsClaim {
  return memberships.map(({ org, roles }) => ({ id: org.id, slug: org.slug, name: org.name, roles }));
}

/**
 * Whether a sign-in may hold a token for `orgId`: a member, with a second factor used at sign-in
 * when the organization requires MFA, signed in through its provider when it requires SSO.
 * The error text is what the client (and through it the user) is told.
 */
export function checkOrgAccess(
  memberships: readonly TokenMembership[],
  orgId: string,
  signIn: SignInFacts,
): { roles: string[] } | { reason: string; description: string } {
  const m = memberships.find((x) => x.org.id === orgId);
  if (!m) return { reason: 'not_a_member', description: 'The user is not a member of this organization.' };
  if (m.org.requireMfa && !isMultiFactor(signIn.amr))
    return {
      reason: 'mfa_required',
      description:
        'This organization requires a second factor: set up an authenticator app or passkey in your account ' +
        'security settings, then sign in with it.',
    };
  // The session's own record of its provider: a later sign-in elsewhere neither grants nor takes it.
  if (!meetsSsoPolicy(m.org, signIn.idpId))
    return {
      reason: 'sso_required',
      description: 'This organization requires signing in through its single sign-on provider, not a password.',
    };
  return { roles: m.roles };
}

export async function membershipsOf(hub: Hub, userId: string): Promise<TokenMembership[]> {
  return listMembershipsForToken(hub.db, userId);
}

/**
 * What the token endpoint adds to a user grant's tokens (oauth/grants/issue.ts). An
 * organization-scoped grant is checked again here, at every issue and refresh: a member removed,
 * or a policy tightened since, gets `invalid_scope` instead of a token. The provider of the browser
 * session behind the grant (`browserSessionId`) is read in the same query as the memberships.
 */
export async function tokenOrgClaims(
  hub: Hub,
  db: DbOrTx,
  input: { userId: string; scopes: readonly string[]; amr: readonly string[]; browserSessionId: string | null },
): Promise<{ access: Record<string, unknown>; id: Record<string, unknown> }> {
  const orgId = orgIdOfScopes(input.scopes);
  const wantsList = input.scopes.includes(ORGANIZATIONS_SCOPE);
  if (!orgId && !wantsList) return { access: {}, id: {} };
  const memberships = await listMembershipsForToken(db, input.userId, input.browserSessionId);
  const access: Record<string, unknown> = {};
  const id: Record<string, unknown> = {};
  if (wantsList) id.organizations = organizationsClaim(memberships);
  if (orgId) {
    const verdict = checkOrgAccess(memberships, orgId, {
      amr: input.amr,
      idpId: memberships.find((x) => x.org.id === orgId)?.sessionIdpId ?? null,
    });
    if ('reason' in verdict) throw new OAuthError('invalid_scope', verdict.description);
    access.org_id = orgId;
    access.org_roles = verdict.roles;
    id.org_id = orgId;
    id.org_roles = verdict.roles;
  }
  return { access, id };
}

/** What userinfo adds for an access token's scopes (the same claim as the ID token's). */
export async function userinfoOrgClaims(
  hub: Hub,
  userId: string,
  scopes: readonly string[],
): Promise<Record<string, unknown>> {
  if (!scopes.includes(ORGANIZATIONS_SCOPE)) return {};
  return { organizations: organizationsClaim(await membershipsOf(hub, userId)) };
}

/** Whether introspecting this access token reads memberships (its scope carries `organizations`). */
export function orgClaimsNeedRead(claims: JWTPayload): boolean {
  return String(claims.scope ?? '')
    .split(' ')
    .includes(ORGANIZATIONS_SCOPE);
}

/**
 * What introspection adds for an access token (oauth/endpoints/introspect.ts): its own `org_id`
 * and `org_roles`, and the `organizations` claim when its scope carries it.
 */
export async function introspectionOrgClaims(hub: Hub, claims: JWTPayload): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (typeof claims.org_id === 'string') {
    out.org_id = claims.org_id;
    out.org_roles = claims.org_roles;
  }
  if (typeof claims.sub === 'string' && orgClaimsNeedRead(claims))
    Object.assign(out, await userinfoOrgClaims(hub, claims.sub, [ORGANIZATIONS_SCOPE]));
  return out;
}
