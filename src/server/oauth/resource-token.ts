import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { Hub } from '../hub';
import type { OAuthClient, PlatformUser } from '../db/schema/index';
import { HubError, Refusal } from '../errors';
import { findUserById } from '../auth/user-queries';
import { loadClient } from './clients/service';
import { safeEqual } from '../crypto/tokens';
import { DPOP_ALGS } from './constants';
import { checkDPoPProof } from './dpop';
import { OAuthError, clientRefusal } from './errors';
import { verifyAccessToken } from './jwt';
import { oauthRuntime } from './runtime';
import { isSessionLive } from './token-cache';
import { backingOf } from './endpoints/introspect';
import { formBody } from './endpoints/form';

/**
 * How every resource endpoint of the hub (userinfo, the SSF stream API, SCIM, the next one)
 * accepts an access token: one of the hub's, bound as it says (RFC 9449 §7), for this resource's
 * audience (RFC 8707), from a live, active client, standing for the kind of subject the resource
 * serves, with the scopes it needs; and every refusal with its RFC 6750 §3 / RFC 9449 §7.1
 * challenge. A resource states what it needs in `ResourceTokenOptions` and writes no check itself.
 */
export interface ResourceTokenOptions {
  /** Audiences the resource answers to: the token's `aud` must name one of them. */
  audiences: readonly string[];
  /** Scopes the token must all carry; a token without them is 403 `insufficient_scope`. */
  scopes?: readonly string[];
  /**
   * Whose token: a user's (a live browser-backed grant of an active user), or a client's own
   * (client_credentials: no user behind it, live by its session or its jti).
   */
  subject: 'user' | 'client';
  /** The name of the endpoint in audit events (`oauth_token_refused.details.endpoint`). */
  endpoint: string;
  /** The path the DPoP proof's `htu` must name; the request's own path when omitted. */
  path?: string;
  /** The `realm` of the challenges (RFC 6750 §3), when the resource names one. */
  realm?: string;
  /** Also accept the form-encoded body parameter `access_token` (RFC 6750 §2.2), bearer only. */
  formParameter?: boolean;
  /**
   * How refusals are thrown: as OAuthError (the RFC 6750 `{error, error_description}` body of an
   * OAuth endpoint) or as the hub's API error (`{error: {code, message}}`), both with the challenge.
   */
  errors: 'oauth' | 'api';
}

export interface ResourceToken {
  claims: JWTPayload;
  client: OAuthClient;
  scopes: string[];
}
export interface UserResourceToken extends ResourceToken {
  user: PlatformUser;
}

/** An access token as presented at a resource (RFC 6750 §2.1 Bearer, RFC 9449 §7.1 DPoP). */
export interface PresentedToken {
  scheme: 'bearer' | 'dpop';
  token: string;
}

/** The Authorization header (Bearer or DPoP), or a POSTed `access_token` when the resource takes one. */
function presentedToken(request: FastifyRequest, options: ResourceTokenOptions): PresentedToken | undefined {
  const header = request.headers.authorization;
  if (header && /^bearer /i.test(header)) return { scheme: 'bearer', token: header.slice(7).trim() };
  if (header && /^dpop /i.test(header)) return { scheme: 'dpop', token: header.slice(5).trim() };
  const posted = options.formParameter && request.method === 'POST' ? formBody(request).access_token : undefined;
  return posted ? { scheme: 'bearer', token: posted } : undefined;
}

/** A refusal answered with a DPoP challenge (RFC 9449 §7.1) instead of a Bearer one. */
function dpopRefusal(error: 'invalid_token' | 'invalid_dpop_proof', description: string): OAuthError {
  const refusal = new OAuthError(error, description, 401);
  refusal.dpopChallenge = true;
  return refusal;
}

/**
 * RFC 9449 §7: a token bound to a key (`cnf.jkt`) is worth something only under the DPoP scheme
 * with a proof, by that key, for this request and this very token; a bearer token is not
 * presented as a DPoP one, and a DPoP-bound one never as a bearer token (§7.1). What a resource
 * server of a sister platform checks too (docs/security.md).
 */
async function checkTokenBinding(
  hub: Hub,
  request: FastifyRequest,
  presented: PresentedToken,
  claims: JWTPayload,
  path: string,
): Promise<void> {
  const cnf = claims.cnf as { jkt?: unknown } | undefined;
  const jkt = typeof cnf?.jkt === 'string' ? cnf.jkt : undefined;
  if (!jkt) {
    if (presented.scheme === 'dpop') throw dpopRefusal('invalid_token', 'The access token is not DPoP-bound.');
    return;
  }
  if (presented.scheme !== 'dpop')
    throw dpopRefusal('invalid_token', 'This access token is DPoP-bound: present it with the DPoP scheme.');
  const proof = await checkDPoPProof(hub, request, { path, accessToken: presented.token, resource: true });
  if (!proof) throw dpopRefusal('invalid_dpop_proof', 'A DPoP proof is required with a DPoP-bound access token.');
  if (!safeEqual(proof.jkt, jkt))
    throw dpopRefusal('invalid_dpop_proof', 'The DPoP proof is signed by another key than the token is bound to.');
}

const invalid = (description: string) => new OAuthError('invalid_token', description);

/** Whether the token stands for the subject the resource serves; the user, for a user's token. */
async function checkSubject(
  hub: Hub,
  client: OAuthClient,
  claims: JWTPayload,
  subject: ResourceTokenOptions['subject'],
): Promise<PlatformUser | undefined> {
  const sessions = oauthRuntime(hub).sessions;
  if (subject === 'client') {
    // Introspection's rule: its session, or for a client's own token with no session, the revocations by jti.
    const backing = backingOf(client, claims);
    if (!backing) throw invalid('The access token is revoked or not a client token.');
    if ('sid' in backing) {
      const session = await sessions.byId(backing.sid);
      // A token a user holds does not stand for the client itself.
      if (!isSessionLive(session, hub.clock()) || session.userId)
        throw invalid('The access token is revoked or not a client token.');
    } else if (await sessions.isRevoked(backing.jti))
      throw invalid('The access token is revoked or not a client token.');
    return undefined;
  }
  const session = typeof claims.sid === 'string' ? await sessions.byId(claims.sid) : undefined;
  if (!isSessionLive(session, hub.clock()) || !session.userId)
    throw invalid('The access token is invalid, revoked or not for a user.');
  const user = await findUserById(hub.db, session.userId);
  if (!user || !user.isActive) throw invalid('The user is no longer active.');
  return user;
}

async function authenticate(
  hub: Hub,
  request: FastifyRequest,
  options: ResourceTokenOptions,
): Promise<ResourceToken & { user?: PlatformUser }> {
  const presented = presentedToken(request, options);
  if (!presented) throw new MissingToken(options);
  const claims = await verifyAccessToken(hub, presented.token);
  if (!claims) throw invalid('The access token is invalid or expired.');
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : null;
  try {
    await checkTokenBinding(hub, request, presented, claims, options.path ?? request.url.split('?')[0]);
  } catch (e) {
    // A refused binding is a security event: the token may be in the wrong hands.
    if (e instanceof OAuthError) e.audit ??= clientRefusal(e, { endpoint: options.endpoint, clientId });
    throw e;
  }
  // RFC 8707: a token for another API is not a token for this one.
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!options.audiences.some((a) => aud.includes(a))) throw invalid('The access token is for another API.');
  // A client that was deactivated no longer speaks for anyone, whatever its tokens say.
  const client = clientId ? await loadClient(hub, clientId) : undefined;
  if (!client?.isActive) throw invalid('The access token belongs to an inactive client.');
  const user = await checkSubject(hub, client, claims, options.subject);
  const scopes = String(claims.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const missing = (options.scopes ?? []).filter((s) => !scopes.includes(s));
  if (missing.length)
    throw new OAuthError('insufficient_scope', `The access token lacks the scope ${missing.join(' ')}.`);
  return { claims, client, scopes, ...(user ? { user } : {}) };
}

/** RFC 6750 §3.1: a request with no token at all is told the scheme, and no error. */
class MissingToken extends OAuthError {
  constructor(options: ResourceTokenOptions) {
    const scope = options.scopes?.length ? ` with scope ${options.scopes.join(' ')}` : '';
    super('invalid_token', `An access token${scope} is required.`);
  }
}

/** The WWW-Authenticate challenge of a refusal (RFC 6750 §3, RFC 9449 §7.1). */
export function resourceChallenge(refusal: OAuthError, options: Pick<ResourceTokenOptions, 'realm' | 'scopes'>) {
  const quoted = (value: string) => `"${value.replace(/["\\]/g, "'")}"`;
  const params: string[] = options.realm ? [`realm=${quoted(options.realm)}`] : [];
  if (!(refusal instanceof MissingToken)) {
    params.push(`error=${quoted(refusal.error)}`);
    // An insufficient scope is said by the scope it needs (RFC 6750 §3.1).
    if (refusal.error === 'insufficient_scope') params.push(`scope=${quoted((options.scopes ?? []).join(' '))}`);
    else params.push(`error_description=${quoted(refusal.description)}`);
  }
  if (refusal.dpopChallenge) params.push(`algs=${quoted(DPOP_ALGS.join(' '))}`);
  const scheme = refusal.dpopChallenge ? 'DPoP' : 'Bearer';
  return params.length ? `${scheme} ${params.join(', ')}` : scheme;
}

/** The refusal as the resource answers it: an OAuthError, or the hub's API error, each with its challenge. */
function asAnswer(refusal: OAuthError, options: ResourceTokenOptions): OAuthError | HubError {
  const challenge = resourceChallenge(refusal, options);
  if (options.errors === 'oauth') {
    refusal.challenge = challenge;
    return refusal;
  }
  const headers: Record<string, string> = { 'www-authenticate': challenge };
  if (refusal.dpopNonce) headers['dpop-nonce'] = refusal.dpopNonce;
  const code = refusal.status === 403 ? 'forbidden' : 'unauthenticated';
  if (refusal.audit) return new Refusal(code, { message: refusal.description, audit: refusal.audit, headers });
  return new HubError(code, refusal.description, {}, headers);
}

/**
 * Authenticates the access token of a request to a resource endpoint, for its audience, scopes
 * and kind of subject (see ResourceTokenOptions); throws the refusal, challenge included.
 */
export async function authenticateAccessToken(
  hub: Hub,
  request: FastifyRequest,
  options: ResourceTokenOptions & { subject: 'user' },
): Promise<UserResourceToken>;
export async function authenticateAccessToken(
  hub: Hub,
  request: FastifyRequest,
  options: ResourceTokenOptions & { subject: 'client' },
): Promise<ResourceToken>;
export async function authenticateAccessToken(hub: Hub, request: FastifyRequest, options: ResourceTokenOptions) {
  try {
    return await authenticate(hub, request, options);
  } catch (e) {
    if (e instanceof OAuthError) throw asAnswer(e, options);
    throw e;
  }
}
