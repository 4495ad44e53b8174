import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { PlatformUser } from '../../db/schema/index';
import { userinfoAudience } from '../resource';
import { authenticateAccessToken } from '../resource-token';
import { noStore } from './form';
import { userinfoOrgClaims } from '../../orgs/claims';

export const USERINFO_PATH = '/oauth/userinfo';

/** The claims each scope releases (OIDC Core §5.4, plus the spec's read:profile and read:organization). */
export function claimsForScopes(user: PlatformUser, scopes: string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.includes('profile') || scopes.includes('read:profile')) {
    claims.name = user.fullName ?? undefined;
    // OIDC Core §5.1: the person's chosen language (a BCP 47 tag), when they chose one.
    claims.locale = user.locale ?? undefined;
    claims.updated_at = Math.floor(user.updatedAt.getTime() / 1000);
  }
  if (scopes.includes('email') || scopes.includes('read:profile')) {
    claims.email = user.email;
    claims.email_verified = !!user.emailVerifiedAt;
  }
  if (scopes.includes('read:profile')) claims.full_name = user.fullName;
  if (scopes.includes('read:organization')) {
    claims.organization = user.organization;
    claims.department = user.department;
  }
  return claims;
}

/** GET|POST /oauth/userinfo (OIDC Core §5.3): a live user access token in, the scoped claims out. */
export async function handleUserinfo(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const { user, scopes } = await authenticateAccessToken(hub, request, {
    audiences: [userinfoAudience(hub)],
    subject: 'user',
    endpoint: 'userinfo',
    path: USERINFO_PATH,
    // OIDC Core §5.3.1 / RFC 6750 §2.2: a POST may carry the token as a form parameter.
    formParameter: true,
    errors: 'oauth',
  });
  return noStore(reply).send({ ...claimsForScopes(user, scopes), ...(await userinfoOrgClaims(hub, user.id, scopes)) });
}
