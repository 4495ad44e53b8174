import { randomUUID } from 'node:crypto';
import type { Hub } from '../hub';
import { issuerOf, signJwt } from './jwt';
import { findBackchannelTargets } from './queries';
import { revokeSessionIds } from './revoke-service';

/** OIDC Back-Channel Logout 1.0 §2.4: the event member of a logout token. */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is used at once; two minutes covers clock skew and a slow receiver. */
const LOGOUT_TOKEN_TTL_S = 120;
/** How long the hub waits for a client's back-channel endpoint (§2.5: answers 200/204 quickly). */
const DELIVERY_TIMEOUT_MS = 5_000;

/** Signs a logout token (§2.4): iss, aud, iat, exp, jti, sub, sid, events; typ logout+jwt; never a nonce. */
export async function signLogoutToken(hub: Hub, input: { clientId: string; sub: string; sid: string }) {
  const now = Math.floor(hub.clock().getTime() / 1000);
  return signJwt(hub, 'logout+jwt', {
    iss: issuerOf(hub),
    aud: input.clientId,
    sub: input.sub,
    sid: input.sid,
    iat: now,
    exp: now + LOGOUT_TOKEN_TTL_S,
    jti: randomUUID(),
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  });
}

/**
 * The hub sessions ended (sign-out, revoke, deactivation): every client the session signed
 * into is told, once per client and session, by a logout token POSTed to its registered
 * back-channel logout URI (§2.5), and the sessions' grants that are not offline_access end too
 * (their tokens stop working at introspection and userinfo). Delivery failures are audited,
 * never retried forever, and never fail the sign-out.
 */
export async function endSignedInSessions(
  hub: Hub,
  by: { browserSessionIds: string[] } | { userId: string },
): Promise<void> {
  const query =
    'userId' in by
      ? { userId: by.userId, since: new Date(hub.clock().getTime() - hub.config.sessionAbsoluteHours * 3_600_000) }
      : by;
  const targets = await findBackchannelTargets(hub.db, query);
  if (targets.length === 0) return;
  const online = targets.filter((t) => !t.scopes.includes('offline_access')).map((t) => t.sessionId);
  if (online.length) await revokeSessionIds(hub, online, null);
  const deliveries = new Map<string, { clientId: string; uri: string; sub: string; sid: string }>();
  for (const t of targets) {
    if (t.uri)
      deliveries.set(`${t.clientId} ${t.browserSessionId}`, {
        ...t,
        uri: t.uri,
        sub: t.userId,
        sid: t.browserSessionId,
      });
  }
  await Promise.all([...deliveries.values()].map((d) => deliver(hub, d)));
}

async function deliver(hub: Hub, d: { clientId: string; uri: string; sub: string; sid: string }) {
  let status: number | null = null;
  try {
    const token = await signLogoutToken(hub, d);
    const res = await fetch(d.uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: token }).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    status = null;
  }
  await hub.audit.record({
    type: 'oauth_backchannel_logout',
    userId: d.sub,
    details: { client_id: d.clientId, sid: d.sid, delivered: status === 200 || status === 204, status },
  });
}
