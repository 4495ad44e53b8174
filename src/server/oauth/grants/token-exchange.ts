import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { insertSession } from '../../auth/session-queries';
import { nestAct, parseAct, type ActClaim } from '../act';
import { OAuthError } from '../errors';
import { verifyAccessToken, verifyHubJwt } from '../jwt';
import { oauthRuntime } from '../runtime';
import { findSession } from '../queries';
import { isSessionLive, sessionStateOf, type SessionState } from '../token-cache';
import { buildTokenResponse } from './issue';
import type { DPoPBinding, GrantResult } from './authorization-code';

/** RFC 8693 §3: the token types the hub accepts as subject or actor, and the one it issues. */
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
/** What an ID token stands for: the person's identity, never an API's scope. */
const ID_TOKEN_SCOPES = ['openid', 'profile', 'email'];

interface ExchangeInput {
  subject_token?: string;
  subject_token_type?: string;
  actor_token?: string;
  actor_token_type?: string;
  resource?: string;
  audience?: string;
  scope?: string;
  requested_token_type?: string;
}

/** A verified, live hub token as the exchange sees it. */
interface PresentedParty {
  claims: JWTPayload;
  /** The party's own client: an access token's client_id, an ID token's audience. */
  clientId: string;
  scopes: string[];
  /** The session behind it, when one does. */
  session?: SessionState;
}

const grantError = (text: string) => new OAuthError('invalid_grant', text);

/**
 * A hub access token or ID token (RFC 8693 §3 types), signed by the hub, unexpired and live: its
 * session active, or for a client's own token (no session) its jti not revoked.
 */
async function presented(hub: Hub, token: string, type: string, what: string): Promise<PresentedParty> {
  const sessions = oauthRuntime(hub).sessions;
  const now = hub.clock();
  if (type === ACCESS_TOKEN_TYPE) {
    const claims = await verifyAccessToken(hub, token);
    if (!claims || typeof claims.client_id !== 'string') throw grantError(`The ${what} is not a valid access token.`);
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
    if (typeof claims.sid === 'string') {
      const session = await sessions.byId(claims.sid);
      if (!isSessionLive(session, now)) throw grantError(`The ${what} is no longer active.`);
      return { claims, clientId: claims.client_id, scopes, session };
    }
    if (claims.sub !== claims.client_id || typeof claims.jti !== 'string' || (await sessions.isRevoked(claims.jti)))
      throw grantError(`The ${what} is no longer active.`);
    return { claims, clientId: claims.client_id, scopes };
  }
  if (type === ID_TOKEN_TYPE) {
    const claims = await verifyHubJwt(hub, token, { typ: 'JWT' });
    if (!claims || typeof claims.aud !== 'string' || typeof claims.sid !== 'string')
      throw grantError(`The ${what} is not a valid ID token.`);
    const session = await sessions.byId(claims.sid);
    if (!isSessionLive(session, now)) throw grantError(`The ${what} is no longer active.`);
    return { claims, clientId: claims.aud, scopes: ID_TOKEN_SCOPES, session };
  }
  throw new OAuthError('invalid_request', `Unsupported ${what}_type: ${type}.`);
}

const audiences = (claims: JWTPayload) => (Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : []);

/** RFC 8693 §4.4: `may_act`, when the subject token has one, names who may act for its subject. */
function checkMayAct(subject: JWTPayload, actor: Omit<ActClaim, 'act'>): void {
  if (subject.may_act === undefined) return;
  const may = subject.may_act as Record<string, unknown> | null;
  const ok =
    !!may &&
    typeof may === 'object' &&
    may.sub === actor.sub &&
    (may.client_id === undefined || may.client_id === actor.client_id);
  if (!ok) throw grantError('The subject token does not allow this actor (may_act).');
}

/**
 * Token exchange (RFC 8693 §2) for a client an administrator allowed it (`tokenExchangeTargets`):
 * a person's hub token (access or ID token, the caller's own or issued for the caller's API)
 * becomes an access token for one of the allowed audiences, with no more scope than the subject
 * token had and `act` naming who acts — the actor token's subject, or the calling client itself —
 * nested over any chain the subject token already carried (oauth/act.ts). The new token stands on
 * an app session of its own that carries the `act` (grants/issue.ts puts it in every token) and
 * dies with the subject's session. No refresh token: the caller exchanges again.
 */
export async function exchangeToken(
  hub: Hub,
  client: OAuthClient,
  input: ExchangeInput,
  dpop?: DPoPBinding,
): Promise<GrantResult> {
  if (client.tokenExchangeTargets.length === 0)
    throw new OAuthError('unauthorized_client', 'This client may not exchange tokens.');
  if (!input.subject_token || !input.subject_token_type)
    throw new OAuthError('invalid_request', 'subject_token and subject_token_type are required.');
  if (input.actor_token && !input.actor_token_type)
    throw new OAuthError('invalid_request', 'actor_token_type is required with actor_token.');
  if (!input.actor_token && input.actor_token_type)
    throw new OAuthError('invalid_request', 'actor_token_type was sent without actor_token.');
  if (input.requested_token_type && input.requested_token_type !== ACCESS_TOKEN_TYPE)
    throw new OAuthError('invalid_request', 'Only access tokens are issued (requested_token_type).');
  if (input.resource && input.audience && input.resource !== input.audience)
    throw new OAuthError('invalid_target', 'Name one target: resource and audience differ.');
  const target = input.resource ?? input.audience;
  if (!target) throw new OAuthError('invalid_request', 'resource or audience is required.');
  if (!client.tokenExchangeTargets.includes(target))
    throw new OAuthError('invalid_target', 'This client may not exchange tokens for that audience.');

  const subject = await presented(hub, input.subject_token, input.subject_token_type, 'subject_token');
  if (
    typeof subject.claims.sub !== 'string' ||
    !subject.session?.userId ||
    subject.session.userId !== subject.claims.sub
  )
    throw grantError('The subject token does not stand for a person.');
  const issuedToCaller = subject.clientId === client.clientId || audiences(subject.claims).includes(client.appUrl);
  if (!issuedToCaller) throw grantError('The subject token was not issued to this client or for its API.');
  const prior = subject.claims.act === undefined ? null : parseAct(subject.claims.act);
  if (subject.claims.act !== undefined && !prior) throw grantError('The subject token carries a malformed act claim.');

  let actor: Omit<ActClaim, 'act'> = { sub: client.clientId, client_id: client.clientId };
  if (input.actor_token) {
    const party = await presented(hub, input.actor_token, input.actor_token_type!, 'actor_token');
    if (party.clientId !== client.clientId) throw grantError('The actor token was not issued to this client.');
    actor = { sub: String(party.claims.sub), client_id: party.clientId };
  }
  checkMayAct(subject.claims, actor);
  const act = nestAct(actor, prior);
  if (!parseAct(act)) throw new OAuthError('invalid_request', 'The delegation chain is too long.');

  const allowed = subject.scopes.filter((s) => s !== 'offline_access');
  const asked = input.scope ? [...new Set(input.scope.split(' ').filter(Boolean))] : allowed;
  if (asked.length === 0 || asked.some((s) => !allowed.includes(s)))
    throw new OAuthError('invalid_scope', 'The requested scope exceeds the subject token’s.');

  const now = hub.clock();
  const base = subject.session;
  const session = await insertSession(hub.db, {
    id: randomUUID(),
    userId: subject.claims.sub,
    clientId: client.clientId,
    kind: 'app',
    sessionTokenHash: sha256Hex(randomToken()),
    scopes: asked,
    authTime: new Date(base.authTime),
    amr: [],
    // Ends with the browser session the subject came from (sign-out, revocation).
    browserSessionId:
      base.kind === 'browser' ? base.id : ((await findSession(hub.db, base.id))?.browserSessionId ?? null),
    resource: target,
    act,
    createdAt: now,
    lastAccessedAt: now,
    // Never outlives the subject's session, nor an access token's life by much.
    expiresAt: new Date(base.expiresAt),
  });
  const response = await buildTokenResponse(hub, { session, client, dpopJkt: dpop?.jkt });
  delete response.id_token;
  return {
    response: { ...response, issued_token_type: ACCESS_TOKEN_TYPE },
    userId: session.userId,
    sessionId: session.id,
    state: sessionStateOf(session),
    exchanged: { audience: target, act },
  };
}
