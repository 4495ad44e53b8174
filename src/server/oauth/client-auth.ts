import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { isClientSecretValid, loadClient } from './clients/service';
import { OAuthError, usedBasicAuth } from './errors';
import { authenticateWithAssertion } from './private-key-jwt';
import { oauthRuntime } from './runtime';

export interface AuthenticatedClient {
  client: OAuthClient;
  /** How the client authenticated: a public client only names itself. */
  method: 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';
}

/** Parses RFC 6749 §2.3.1 Basic credentials (each part form-urlencoded). */
function parseBasic(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  try {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) return null;
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
  } catch {
    return null;
  }
}

/**
 * Authenticates the client at the token, introspection and revocation endpoints:
 * client_secret_basic or client_secret_post (secrets compared in constant time), private_key_jwt
 * (private-key-jwt.ts), or a public
 * client naming itself (only where the caller allows it), each client by the one method it
 * registered. Unknown, inactive or wrongly authenticated clients all get invalid_client, with no
 * hint which it was.
 */
export async function authenticateClient(
  hub: Hub,
  request: FastifyRequest,
  body: Record<string, unknown>,
  options: { allowPublic: boolean },
): Promise<AuthenticatedClient> {
  // RFC 7523 (fapi): a client assertion is the one method of a private_key_jwt client.
  if (body.client_assertion !== undefined || body.client_assertion_type !== undefined)
    return { client: await authenticateWithAssertion(hub, request, body), method: 'private_key_jwt' };
  const basic = parseBasic(request.headers.authorization);
  const bodyId = typeof body.client_id === 'string' ? body.client_id : undefined;
  const bodySecret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  if (usedBasicAuth(request) && !basic) throw new OAuthError('invalid_client', 'Malformed Basic credentials.');
  if (basic && bodySecret !== undefined)
    throw new OAuthError('invalid_request', 'Use one client authentication method, not two.');
  if (basic && bodyId !== undefined && bodyId !== basic.id)
    throw new OAuthError('invalid_request', 'client_id does not match the authenticated client.');
  const clientId = basic?.id ?? bodyId;
  if (!clientId) throw new OAuthError('invalid_client', 'Client authentication is required.');
  const client = await loadClient(hub, clientId);
  if (!client || !client.isActive) throw new OAuthError('invalid_client', 'Client authentication failed.');
  const secret = basic?.secret ?? bodySecret;
  if (client.tokenEndpointAuthMethod === 'none') {
    if (!options.allowPublic) throw new OAuthError('invalid_client', 'Client authentication failed.');
    if (secret !== undefined) throw new OAuthError('invalid_client', 'Client authentication failed.');
    return { client, method: 'none' };
  }
  // The registered method is the only one accepted (OIDC Registration §2, as panva's provider
  // does): a secret meant for a Basic header is refused in a form body, where it is more likely
  // to be logged. The secret is checked either way, so the answer takes the same time.
  const method = basic ? 'client_secret_basic' : 'client_secret_post';
  const secretValid = secret !== undefined && isClientSecretValid(hub, client, secret);
  if (!secretValid || client.tokenEndpointAuthMethod !== method)
    throw new OAuthError('invalid_client', 'Client authentication failed.');
  return { client, method };
}

/**
 * `authenticateClient` for the one case the fast path before routing takes (introspect-fast-path.ts):
 * a client_secret_basic client this process holds, active, its secret right. Undefined for anything
 * else — unknown here, refused, another method — which then goes through `authenticateClient`,
 * where every refusal is answered and audited.
 */
export function basicClientNow(hub: Hub, authorization: string | undefined): OAuthClient | undefined {
  const basic = parseBasic(authorization);
  const client = basic && oauthRuntime(hub).clients.peek(basic.id)?.value;
  if (!basic || !client || !client.isActive || client.tokenEndpointAuthMethod !== 'client_secret_basic')
    return undefined;
  return isClientSecretValid(hub, client, basic.secret) ? client : undefined;
}
