import {
  checkOrgAccess,
  membershipsOf,
  ORG_SCOPE_PREFIX,
  ORGANIZATIONS_SCOPE,
  requestedOrganization,
} from '../../orgs/claims';
import { AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * After consent (issue 29): `organization_id=<id>` (or scope `organization:<id>`) asks for a token scoped
 * to one organization. Only a client registered for `organizations` may ask; the signed-in user
 * must be a member and the organization's policies must hold for this sign-in (orgs/claims.ts).
 * The grant then carries scope `organization:<id>`, which the token endpoint checks again.
 */
export async function checkOrganization(ctx: AuthorizeContext): Promise<void> {
  const asked = requestedOrganization(ctx.params);
  if (asked === undefined) return;
  if (typeof asked !== 'string') throw new AuthorizeRedirectError('invalid_request', asked.error);
  if (!ctx.client!.scopes.includes(ORGANIZATIONS_SCOPE))
    throw new AuthorizeRedirectError('invalid_scope', 'This client is not registered for the scope organizations.');
  const { session, user } = ctx.auth!;
  const verdict = checkOrgAccess(await membershipsOf(ctx.hub, user.id), asked, {
    amr: session.amr,
    authTime: session.authTime,
  });
  if ('reason' in verdict) throw new AuthorizeRedirectError('access_denied', verdict.description);
  ctx.scopes = [...ctx.scopes.filter((s) => !s.startsWith(ORG_SCOPE_PREFIX)), `${ORG_SCOPE_PREFIX}${asked}`];
}
