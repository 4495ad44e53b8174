import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { randomToken, sha256Hex } from '../crypto/tokens';
import type { AuthorizeParams } from './authorize/context';
import { PAR_INTERACTION_TTL_S, PAR_TTL_S, PAR_URN_PREFIX } from './constants';
import { deletePushedRequest, insertPushedRequest, claimPushedRequest } from './par-queries';

/**
 * RFC 9126 §5: this client's authorization requests must be pushed first — by its own flag, the
 * FAPI 2.0 profile, or the hub's configuration (HUB_OAUTH_REQUIRE_PAR).
 */
export function isParRequired(hub: Hub, client: OAuthClient): boolean {
  return hub.config.oauthSecurity.requirePar || client.requirePushedAuthorizationRequests || client.fapi2;
}

/** Stores a validated request; the request_uri is random and only its hash is kept (like codes). */
export async function pushRequest(hub: Hub, client: OAuthClient, params: AuthorizeParams): Promise<string> {
  const requestUri = `${PAR_URN_PREFIX}${randomToken()}`;
  const now = hub.clock();
  const stored: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') stored[k] = v;
  await insertPushedRequest(hub.db, {
    requestUriHash: sha256Hex(requestUri),
    clientId: client.clientId,
    params: stored,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PAR_TTL_S * 1000),
  });
  return requestUri;
}

/**
 * The pushed request behind a request_uri, for its own client only (RFC 9126 §4): first used
 * within its 60 s, then serving that authorization's sign-in and consent, from any node.
 */
export async function openPushed(
  hub: Hub,
  client: OAuthClient,
  requestUri: string,
): Promise<Record<string, string> | undefined> {
  if (!requestUri.startsWith(PAR_URN_PREFIX) || requestUri.length > 200) return undefined;
  return claimPushedRequest(hub.db, {
    requestUriHash: sha256Hex(requestUri),
    clientId: client.clientId,
    now: hub.clock(),
    interactionS: PAR_INTERACTION_TTL_S,
  });
}

/** Spends a pushed request as its code is issued: one request_uri, one code (RFC 9126 §4 one-time use). */
export async function spendPushed(hub: Hub, requestUri: string): Promise<boolean> {
  return deletePushedRequest(hub.db, sha256Hex(requestUri));
}
