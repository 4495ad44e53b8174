import { randomUUID } from 'node:crypto';
import type { Hub } from '../hub';
import type { Db } from '../db/client';
import { withCommitHooks } from '../db/after-commit';
import { issuerOf, signJwt } from './jwt';
import { findBackchannelTargets } from './queries';
import { revokeSessionIds } from './revoke-service';
import { outboundPolicy } from '../net/outbound';
import { outboundRequest, STATUS_ONLY } from '../net/outbound-http';
import { CLAIM_BATCH, createPollLoop, POLL_INTERVAL_MS } from '../events/delivery/poll-loop';
import { RETRY_SCHEDULES, retryDelayMs } from '../events/delivery/retry-schedule';
import {
  claimDueLogouts,
  deleteLogout,
  insertClaimedLogouts,
  rescheduleLogout,
  type ClaimedLogout,
} from '../events/delivery/backchannel-queries';

/** OIDC Back-Channel Logout 1.0 §2.4: the event member of a logout token. */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is used at once; two minutes covers clock skew and a slow receiver. */
const LOGOUT_TOKEN_TTL_S = 120;
/** How long the hub waits for a client's back-channel endpoint (§2.5: answers 200/204 quickly). */
const DELIVERY_TIMEOUT_MS = 5_000;
/** How long an attempt holds its row: longer than any attempt takes, so no other node sends it meanwhile. */
const LOGOUT_LEASE_MS = 6 * DELIVERY_TIMEOUT_MS;
/** An idle node looks for logouts a stopped node left behind this often, not at every poll. */
const RECHECK_MS = 30_000;

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
 * (their tokens stop working at introspection and userinfo). The logouts owed are rows of the
 * durable outbox (`backchannel_logouts`), committed with the sessions' end: the first attempt is
 * made before the sign-out answers, and a retry is any node's worker's (createBackchannelWorker),
 * so a node that stops loses none. Delivery failures are audited and never fail the sign-out.
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
  const owed = new Map<string, { clientId: string; userId: string; sid: string; uri: string }>();
  for (const t of targets) {
    if (!t.uri) continue;
    owed.set(`${t.clientId} ${t.browserSessionId}`, {
      clientId: t.clientId,
      userId: t.userId,
      sid: t.browserSessionId,
      uri: t.uri,
    });
  }
  if (owed.size === 0) {
    if (online.length) await revokeSessionIds(hub, online, null);
    return;
  }
  const now = hub.clock();
  const leaseUntil = new Date(now.getTime() + LOGOUT_LEASE_MS);
  const claimed = await hub.db.transaction(async (tx) => {
    if (online.length) await revokeSessionIds(hub, online, null, tx);
    return insertClaimedLogouts(tx, [...owed.values()], now, leaseUntil);
  });
  wake(hub, leaseUntil);
  // A failure to record the outcome leaves the row leased: the worker tries again after the lease.
  await Promise.all(claimed.map((logout) => attemptLogout(hub, hub.db, logout).catch(() => {})));
}

/** One POST of a fresh logout token: the HTTP status, or null when no answer came (transport failure). */
async function post(hub: Hub, uri: string, logout: ClaimedLogout): Promise<number | null> {
  try {
    const token = await signLogoutToken(hub, { clientId: logout.clientId, sub: logout.userId, sid: logout.sid });
    const answer = await outboundRequest(
      uri,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }).toString(),
        timeoutMs: DELIVERY_TIMEOUT_MS,
        ...STATUS_ONLY,
      },
      outboundPolicy(hub.config),
    );
    return answer.status;
  } catch {
    return null;
  }
}

/**
 * One attempt of a claimed logout, with a fresh token (a receiver refuses a jti it has seen;
 * logging out twice is harmless). When no HTTP answer came (refused, reset, timed out), the next
 * attempt follows the `backchannelLogout` retry schedule (delivery/retry-schedule.ts). An HTTP
 * answer of any status ends the delivery: the receiver has seen the token, and sending it again
 * would not change its verdict; so does the end of the schedule, or a URI the client removed
 * meanwhile. One audit event records the outcome and the attempts, in the transaction that
 * removes the row (recorded once, by whichever node removes it).
 */
async function attemptLogout(hub: Hub, db: Db, logout: ClaimedLogout): Promise<void> {
  const status = logout.uri ? await post(hub, logout.uri, logout) : null;
  if (status === null && logout.uri) {
    const delay = retryDelayMs(RETRY_SCHEDULES.backchannelLogout, logout.attempts);
    if (delay !== null) {
      const at = new Date(hub.clock().getTime() + delay);
      await rescheduleLogout(db, logout.id, at);
      wake(hub, at);
      return;
    }
  }
  await db.transaction(async (tx) => {
    if (!(await deleteLogout(tx, logout.id))) return;
    await hub.audit.record(
      {
        type: 'oauth_backchannel_logout',
        userId: logout.userId,
        details: {
          client_id: logout.clientId,
          sid: logout.sid,
          delivered: status === 200 || status === 204,
          status,
          attempts: logout.attempts,
        },
      },
      tx,
    );
  });
}

/** Each hub's worker on this node, told when an attempt this node scheduled comes due. */
const wakers = new WeakMap<Hub, (at: Date) => void>();

function wake(hub: Hub, at: Date): void {
  wakers.get(hub)?.(at);
}

export interface BackchannelWorker {
  /** Claims and attempts the due logouts until none is left; resolves with how many were attempted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

/**
 * The back-channel logout channel's worker, on every node, under the one poll loop: it claims due
 * logouts with FOR UPDATE SKIP LOCKED on the background connection and attempts them. An idle
 * node asks the database only when an attempt it scheduled comes due, and every RECHECK_MS for
 * what another node left behind (at start at once: a restarted node sends what it owed).
 */
export function createBackchannelWorker(hub: Hub, options: { log?: (line: string) => void } = {}): BackchannelWorker {
  const db = withCommitHooks(hub.database.background);
  /** When to look for what another node left behind (0: at the next tick). */
  let recheckAt = 0;
  /** The earliest attempt this node scheduled and no pass has looked for yet. */
  let wakeAt = Infinity;
  const loop = createPollLoop({
    name: 'back-channel logout worker',
    intervalMs: POLL_INTERVAL_MS,
    mayHaveWork: () => hub.clock().getTime() >= Math.min(recheckAt, wakeAt),
    pass: async () => {
      const now = hub.clock();
      recheckAt = now.getTime() + RECHECK_MS;
      // The claim below takes every row due now: the wakes up to now are answered by it.
      if (wakeAt <= now.getTime()) wakeAt = Infinity;
      const claimed = await claimDueLogouts(db, now, new Date(now.getTime() + LOGOUT_LEASE_MS), CLAIM_BATCH);
      if (claimed.length) recheckAt = 0;
      await Promise.all(claimed.map((logout) => attemptLogout(hub, db, logout)));
      return { done: claimed.length, more: claimed.length === CLAIM_BATCH };
    },
    log: options.log ?? ((line) => console.warn(line)),
  });
  return {
    runOnce: loop.runOnce,
    start() {
      wakers.set(hub, (at) => {
        wakeAt = Math.min(wakeAt, at.getTime());
      });
      loop.start();
    },
    async stop() {
      wakers.delete(hub);
      await loop.stop();
    },
  };
}
