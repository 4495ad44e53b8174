import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { PlatformUser } from '../../db/schema/index';
import { OAuthError, clientRefusal } from '../errors';
import { checkTokenBinding, presentedToken, type PresentedToken } from '../dpop';
import { loadClient } from '../clients/service';
import { verifyAccessToken } from '../jwt';
import { findUserById } from '../../auth/user-queries';
import { userinfoAudience } from '../resource';
import { oauthRuntime } from '../runtime';
import { isSessionLive } from '../token-cache';
import { formBody, noStore } from './form';
import { userinfoOrgClaims } from '../../orgs/claims';

export const USERINFO_PATH = '/oauth/userinfo';

/** The claims each scope releases (OIDC Core §5.4, plus the spec's read:profile and read:organization). */
export function claimsForScopes(user: PlatformUser, scopes: string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.includes('profile') || scopes.includes('read:profile')) {
    claims.name = user.fullName ?? undefined;
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

/** The Authorization header (Bearer or DPoP), or a POSTed access_token (RFC 6750 §2.2, bearer only). */
function accessTokenOf(request: FastifyRequest): PresentedToken | undefined {
  const presented = presentedToken(request);
  if (presented) return presented;
  const token = request.method === 'POST' ? formBody(request).access_token : undefined;
  return token ? { scheme: 'bearer', token } : undefined;
}

/** GET|POST /oauth/userinfo (OIDC Core §5.3): a live user access token in, the scoped claims out. */
export async function handleUserinfo(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const presented = accessTokenOf(request);
  if (!presented) throw new OAuthError('invalid_token', 'A bearer access token is required.');
  const claims = await verifyAccessToken(hub, presented.token);
  if (!claims || typeof claims.sid !== 'string')
    throw new OAuthError('invalid_token', 'The access token is invalid or expired.');
  try {
    await checkTokenBinding(hub, request, presented, claims, USERINFO_PATH);
  } catch (e) {
    // A refused DPoP binding is a security event: the token may be in the wrong hands.
    if (e instanceof OAuthError)
      e.audit ??= clientRefusal(e, {
        endpoint: 'userinfo',
        clientId: typeof claims.client_id === 'string' ? claims.client_id : null,
      });
    throw e;
  }
  // RFC 8707: a token for another API is not a token for this one.
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(userinfoAudience(hub)))
    throw new OAuthError('invalid_token', 'The access token is not for the userinfo endpoint.');
  // A client that was deactivated no longer speaks for anyone, whatever its tokens say.
  const client = typeof claims.client_id === 'string' ? await loadClient(hub, claims.client_id) : undefined;
  if (!client?.isActive) throw new OAuthError('invalid_token', 'The access token belongs to an inactive client.');
  const session = await oauthRuntime(hub).sessions.byId(claims.sid);
  if (!isSessionLive(session, hub.clock()) || !session.userId)
    throw new OAuthError('invalid_token', 'The access token is invalid, revoked or not for a user.');
  const user = await findUserById(hub.db, session.userId);
  if (!user || !user.isActive) throw new OAuthError('invalid_token', 'The user is no longer active.');
  const scopes = String(claims.scope ?? '').split(' ');
  return noStore(reply).send({ ...claimsForScopes(user, scopes), ...(await userinfoOrgClaims(hub, user.id, scopes)) });
}
