import { hasSecondFactor } from '../../account/second-factor-queries';
import {
  checkOrgAccess,
  membershipsOf,
  ORG_SCOPE_PREFIX,
  ORGANIZATIONS_SCOPE,
  orgIdOfScopes,
  requestedOrganization,
} from '../../orgs/claims';
import { AuthorizeInterrupt, AuthorizeRedirectError, type AuthorizeContext } from './context';

/**
 * Before consent (issue 29, issue 38): `organization_id=<id>` (or scope `organization:<id>`) asks
 * for a token scoped to one organization. Only a client registered for `organizations` may ask;
 * the request's scopes then carry `organization:<id>`, so the consent decision (checkConsent)
 * covers the organization like any scope: consent given for `openid` alone does not release a
 * membership. Nothing here reads memberships, so what a request is told before consent (a
 * prompt=none answered consent_required) is the same whether or not the user is a member.
 */
export function checkOrganizationRequest(ctx: AuthorizeContext): void {
  const asked = requestedOrganization(ctx.params);
  if (asked === undefined) return;
  if (typeof asked !== 'string') throw new AuthorizeRedirectError('invalid_request', asked.error);
  if (!ctx.client!.scopes.includes(ORGANIZATIONS_SCOPE))
    throw new AuthorizeRedirectError('invalid_scope', 'This client is not registered for the scope organizations.');
  ctx.scopes = [...ctx.scopes.filter((s) => !s.startsWith(ORG_SCOPE_PREFIX)), `${ORG_SCOPE_PREFIX}${asked}`];
}

/**
 * After consent: the signed-in user must be a member of the organization the request asked for
 * and its policies must hold for this sign-in (orgs/claims.ts); the grant carries scope
 * `organization:<id>`, which the token endpoint checks again.
 *
 * An organization requiring MFA is a way forward for its member, not a dead end: without a second
 * factor the browser goes to enrolment (and comes back here); with one this session did not use,
 * to the sign-in this endpoint uses for prompt=login, which then asks for the factor. A sign-in this
 * very request asked for that still lacks it (a provider without MFA) is refused, so nothing loops.
 */
export async function checkOrganization(ctx: AuthorizeContext): Promise<void> {
  const asked = orgIdOfScopes(ctx.scopes);
  if (asked === null) return;
  const { session, user } = ctx.auth!;
  const memberships = await membershipsOf(ctx.hub, user.id);
  const verdict = checkOrgAccess(memberships, asked, { amr: session.amr, idpId: session.idpId });
  if ('reason' in verdict) {
    if (verdict.reason === 'mfa_required' && !ctx.prompt.has('none')) {
      const justSignedIn = ctx.reauthSince !== undefined && session.authTime.getTime() >= ctx.reauthSince;
      const org = memberships.find((m) => m.org.id === asked)!.org;
      if (!(await hasSecondFactor(ctx.hub.db, user.id))) throw new AuthorizeInterrupt('enrol_mfa', org.slug);
      if (!justSignedIn) throw new AuthorizeInterrupt('login');
    }
    const error =
      verdict.reason === 'mfa_required' && ctx.prompt.has('none') ? 'interaction_required' : 'access_denied';
    throw new AuthorizeRedirectError(error, verdict.description);
  }
}
