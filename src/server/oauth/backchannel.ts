import { randomUUID } from 'node:crypto';
import type { Hub } from '../hub';
import { issuerOf, signJwt } from './jwt';
import { findBackchannelTargets } from './queries';
import { revokeSessionIds } from './revoke-service';
import { outboundPolicy } from '../net/outbound';
import { outboundRequest } from '../net/outbound-http';

/** OIDC Back-Channel Logout 1.0 §2.4: the event member of a logout token. */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is used at once; two minutes covers clock skew and a slow receiver. */
const LOGOUT_TOKEN_TTL_S = 120;
/** How long the hub waits for a client's back-channel endpoint (§2.5: answers 200/204 quickly). */
const DELIVERY_TIMEOUT_MS = 5_000;
/** The receiver's answer is not used: only this much of it is read. */
const ANSWER_READ_BYTES = 1024;
/** Waits before each retry of a delivery that got no HTTP answer (as Connect2id: two retries). */
const RETRY_DELAYS_MS = [1_000, 4_000];

type Delivery = { clientId: string; uri: string; sub: string; sid: string };

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
 * retried twice when no answer came (`deliver`), and never fail the sign-out.
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
  const deliveries = new Map<string, Delivery>();
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

/** One POST of a fresh logout token: the HTTP status, or null when no answer came (transport failure). */
async function post(hub: Hub, d: Delivery): Promise<number | null> {
  try {
    const token = await signLogoutToken(hub, d);
    const answer = await outboundRequest(
      d.uri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }).toString(),
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxBytes: ANSWER_READ_BYTES,
        overflow: 'truncate',
      },
      outboundPolicy(hub.config),
    );
    return answer.status;
  } catch {
    return null;
  }
}

/**
 * The first attempt is made before the sign-out answers. When no HTTP answer came (refused,
 * reset, timed out), it is tried again in the background after each of RETRY_DELAYS_MS, with a
 * fresh token each time (a receiver refuses a jti it has seen; logging out twice is harmless).
 * An HTTP answer of any status ends the delivery: the receiver has seen the token, and sending it
 * again would not change its verdict. One audit event records the outcome and the attempts.
 */
async function deliver(hub: Hub, d: Delivery) {
  const status = await post(hub, d);
  if (status === null) void retry(hub, d);
  else await recordDelivery(hub, d, status, 1);
}

async function retry(hub: Hub, d: Delivery) {
  let status: number | null = null;
  let attempts = 1;
  for (const delay of RETRY_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    attempts += 1;
    if ((status = await post(hub, d)) !== null) break;
  }
  // The hub may have closed meanwhile (a stopping process): nothing is left to record it in.
  await recordDelivery(hub, d, status, attempts).catch(() => {});
}

async function recordDelivery(hub: Hub, d: Delivery, status: number | null, attempts: number) {
  await hub.audit.record({
    type: 'oauth_backchannel_logout',
    userId: d.sub,
    details: { client_id: d.clientId, sid: d.sid, delivered: status === 200 || status === 204, status, attempts },
  });
}
