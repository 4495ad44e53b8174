import { randomUUID } from 'node:crypto';
import type { Hub } from '../../hub';
import type { AuthSession, OAuthClient } from '../../db/schema/index';
import type { SignedInActor } from '../../actor';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { HubError, Refusal } from '../../errors';
import { countedAttempt } from '../../auth/counted-attempt';
import { counterKey } from '../../auth/counter-key';
import { checkOrgAccess, membershipsOf, ORG_SCOPE_PREFIX, ORGANIZATIONS_SCOPE, orgIdOfScopes } from '../../orgs/claims';
import { formatUserCode, normalizeUserCode } from '../../../shared/device-code';
import { OAuthError } from '../errors';
import { parseAct } from '../act';
import {
  DEVICE_CODE_GRANT,
  DEVICE_CODE_TTL_S,
  DEVICE_POLL_INTERVAL_S,
  DEVICE_VERIFICATION_PATH,
  REFRESH_ABSOLUTE_TTL_S,
} from '../constants';
import { issuerOf } from '../jwt';
import { resolveResource } from '../resource';
import { buildTokenResponse } from '../grants/issue';
import type { DPoPBinding, GrantResult } from '../grants/authorization-code';
import { sessionStateOf } from '../token-cache';
import { generateUserCode } from './user-code';
import {
  decideDeviceCode,
  findPendingByUserCode,
  insertDeviceCode,
  issueFromDeviceCode,
  listPendingDeviceCodes,
  lockDeviceCode,
  recordPoll,
} from './queries';

/** RFC 8628 §3.2: the device authorization response. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

const intervalOf = (hub: Hub) => hub.config.devicePollIntervalS ?? DEVICE_POLL_INTERVAL_S;

/**
 * The scopes a device may ask for: the client's registered ones, plus `organization:<id>` for a
 * client registered for `organizations` (issue 29; its policies are checked at approval and again
 * at every issue, orgs/claims.ts). Default: `openid` when registered.
 */
function deviceScopes(client: OAuthClient, scope: string | undefined): string[] {
  const asked = scope ? [...new Set(scope.split(' ').filter(Boolean))] : client.scopes.filter((s) => s === 'openid');
  if (asked.length === 0) throw new OAuthError('invalid_scope', 'scope is required.');
  const allowed = (s: string) =>
    client.scopes.includes(s) || (s.startsWith(ORG_SCOPE_PREFIX) && client.scopes.includes(ORGANIZATIONS_SCOPE));
  if (!asked.every(allowed))
    throw new OAuthError('invalid_scope', 'The requested scope is not allowed for this client.');
  if (asked.filter((s) => s.startsWith(ORG_SCOPE_PREFIX)).length > 1)
    throw new OAuthError('invalid_scope', 'At most one organization may be asked for.');
  return asked;
}

/** POST /oauth/device_authorization (RFC 8628 §3.1–3.2) for an authenticated client allowed the grant. */
export async function startDeviceAuthorization(
  hub: Hub,
  client: OAuthClient,
  input: { scope?: string; resource?: string },
): Promise<DeviceAuthorizationResponse> {
  if (!client.grantTypes.includes(DEVICE_CODE_GRANT))
    throw new OAuthError('unauthorized_client', 'This client may not use the device authorization grant.');
  const scopes = deviceScopes(client, input.scope);
  const resource = await resolveResource(hub, input.resource);
  const now = hub.clock();
  const deviceCode = `hubdc_${randomToken()}`;
  const interval = intervalOf(hub);
  for (;;) {
    const userCode = generateUserCode();
    const inserted = await insertDeviceCode(hub.db, {
      deviceCodeHash: sha256Hex(deviceCode),
      userCodeHash: sha256Hex(userCode),
      clientId: client.clientId,
      scopes,
      resource,
      intervalS: interval,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_S * 1000),
    });
    if (!inserted) continue; // 20^8 codes: a collision is rare, and another draw settles it.
    const verification = `${issuerOf(hub)}${DEVICE_VERIFICATION_PATH}`;
    const shown = formatUserCode(userCode);
    return {
      device_code: deviceCode,
      user_code: shown,
      verification_uri: verification,
      verification_uri_complete: `${verification}?user_code=${shown}`,
      expires_in: DEVICE_CODE_TTL_S,
      interval,
    };
  }
}

/** RFC 8628 §3.5 answers that are not refusals: a poll's news, never audited. */
export const POLL_ANSWERS: ReadonlySet<string> = new Set(['authorization_pending', 'slow_down']);

/**
 * The token endpoint's device_code grant (RFC 8628 §3.4–3.5). An approved code is turned into
 * tokens by one conditional statement (device/queries.ts `issueFromDeviceCode`): of any number of
 * polls on any number of nodes, one gets the tokens. Otherwise the row, locked, says why not:
 * authorization_pending, slow_down (a poll sooner than the interval, which grows by 5 s),
 * access_denied, expired_token, or invalid_grant for a code unknown, another client's or used.
 */
export async function exchangeDeviceCode(
  hub: Hub,
  client: OAuthClient,
  input: { device_code?: string },
  dpop?: DPoPBinding,
): Promise<GrantResult> {
  if (!input.device_code) throw new OAuthError('invalid_request', 'device_code is required.');
  const now = hub.clock();
  const deviceCodeHash = sha256Hex(input.device_code);
  const refreshToken = `hubrt_${randomToken()}`;
  const session = {
    id: randomUUID(),
    tokenHash: sha256Hex(randomToken()),
    expiresAt: new Date(now.getTime() + REFRESH_ABSOLUTE_TTL_S * 1000),
  };
  const done = await issueFromDeviceCode(hub.db, {
    deviceCodeHash,
    clientId: client.clientId,
    clientMayRefresh: client.grantTypes.includes('refresh_token'),
    now,
    session,
    refreshTokenHash: sha256Hex(refreshToken),
  });
  if (!done) throw await whyNot(hub, client, deviceCodeHash, now);
  const { device } = done;
  const row: AuthSession = {
    id: session.id,
    userId: device.userId,
    clientId: client.clientId,
    kind: 'app',
    sessionTokenHash: session.tokenHash,
    refreshTokenHash: null,
    refreshFamily: null,
    scopes: device.scopes,
    ipAddress: null,
    userAgent: null,
    isActive: true,
    authTime: device.authTime ?? now,
    amr: device.amr,
    browserSessionId: device.browserSessionId,
    resource: device.resource,
    idpId: null,
    act: parseAct(done.act),
    createdAt: now,
    lastAccessedAt: now,
    expiresAt: session.expiresAt,
    revokedAt: null,
    revokedBy: null,
  };
  const response = await buildTokenResponse(hub, {
    session: row,
    client,
    refreshToken: done.refreshIssued ? refreshToken : null,
    dpopJkt: dpop?.jkt, // RFC 9449: bound like any other grant's access token
  });
  return { response, userId: row.userId, sessionId: row.id, state: sessionStateOf(row) };
}

const pollError = (error: 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied', text: string) =>
  // RFC 8628 §3.5: every answer of the token endpoint is a 400 error response.
  new OAuthError(error, text, 400);

/** Why a device code issued nothing, read from its locked row; a pending one records the poll. */
async function whyNot(hub: Hub, client: OAuthClient, deviceCodeHash: string, now: Date): Promise<OAuthError> {
  return hub.db.transaction(async (tx) => {
    const row = await lockDeviceCode(tx, deviceCodeHash);
    if (!row || row.clientId !== client.clientId) return new OAuthError('invalid_grant', 'The device code is invalid.');
    if (row.consumedAt) return new OAuthError('invalid_grant', 'The device code was already used.');
    if (row.expiresAt <= now) return pollError('expired_token', 'The device code has expired.');
    if (row.status === 'denied') return pollError('access_denied', 'The user denied the authorization.');
    if (row.status === 'approved') return new OAuthError('invalid_grant', 'The user is no longer active.');
    const tooEarly = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.intervalS * 1000;
    const interval = tooEarly ? row.intervalS + 5 : row.intervalS;
    await recordPoll(tx, deviceCodeHash, now, interval);
    return tooEarly
      ? pollError('slow_down', `Polling too fast: wait ${interval} seconds between requests.`)
      : pollError('authorization_pending', 'The user has not decided yet.');
  });
}

/** What the /device page shows for a code: the client and the scopes it asks for. */
export interface DeviceRequestView {
  user_code: string;
  client: { name: string; logo_uri: string | null; client_uri: string | null; brand_color: string | null };
  scopes: string[];
  expires_at: string;
  /** Sealed (code, browser session, expiry): the decision names the code it was shown, not a guess. */
  decision_token: string;
}

const DECISION_CONTEXT = 'oauth_device_codes.decision';

/**
 * A user code entered on /device by a signed-in person: a guess like a password, counted before it
 * is checked (auth/counted-attempt.ts, shared by nodes) per client address and per account. Every
 * entry counts, a right one too (a valid code of one's own must not reset the count for guesses at
 * others'): five entries per window, then a block. A wrong or expired code reads the same.
 */
export async function lookupDeviceRequest(hub: Hub, actor: SignedInActor, entered: string): Promise<DeviceRequestView> {
  const code = normalizeUserCode(entered);
  let found: Awaited<ReturnType<typeof findPendingByUserCode>> | undefined;
  const verify = async () => {
    found = code ? await findPendingByUserCode(hub.db, sha256Hex(code), hub.clock()) : undefined;
    return found && found.client.isActive ? null : 'unknown_code';
  };
  const events = (counter: string) => {
    const blocked = (until: Date) => ({
      type: 'device_code_blocked' as const,
      ...actor.audit,
      details: { counter, blocked_until: until.toISOString() },
    });
    return {
      refusedBlocked: blocked,
      failed: (reason: string, failures: number) => ({
        type: 'device_code_failed' as const,
        ...actor.audit,
        details: { counter, reason, failures },
      }),
      blockStarted: (_failures: number, until: Date) => blocked(until),
    };
  };
  const wrong = {
    code: 'invalid_code' as const,
    message: 'This code is not valid or has expired.',
    field: 'user_code',
  };
  const counted = (purpose: string, value: string, counter: string, check: () => Promise<string | null>) =>
    countedAttempt(hub, {
      key: counterKey(hub.config.masterKey!, purpose, value),
      events: events(counter),
      wrong,
      clear: 'with-session',
      verify: check,
    });
  // The account's counter inside the address's: a wrong code counts on both, and the answer is the
  // address's (its failure event, or the block it starts), unless the account's own block starts first.
  await counted('device-code:address', actor.ipAddress ?? 'unknown', 'address', () =>
    counted('device-code:user', actor.userId, 'account', verify).then(
      () => null,
      (e: unknown) => {
        if (e instanceof Refusal && e.code === 'invalid_code') return 'unknown_code';
        throw e;
      },
    ),
  );
  const { device, client } = found!;
  return {
    user_code: formatUserCode(code!),
    client: {
      name: client.appName,
      logo_uri: client.logoUri,
      client_uri: client.clientUri,
      brand_color: client.brandColor,
    },
    scopes: device.scopes,
    expires_at: device.expiresAt.toISOString(),
    decision_token: hub.secrets.seal(
      JSON.stringify({ h: device.userCodeHash, s: actor.sessionId, e: device.expiresAt.getTime() }),
      DECISION_CONTEXT,
    ),
  };
}

function openDecisionToken(hub: Hub, actor: SignedInActor, token: string): string {
  try {
    const t = JSON.parse(hub.secrets.open(token, DECISION_CONTEXT)) as { h: string; s: string; e: number };
    if (t.s === actor.sessionId && t.e > hub.clock().getTime()) return t.h;
  } catch {
    // Not one of ours: the same answer as an expired one.
  }
  throw new HubError('invalid_request', 'This code has expired: enter it again.');
}

/**
 * The person's answer on /device, for the code its lookup showed (the sealed decision token).
 * Approval needs what an authorization code would: for an organization-scoped request,
 * membership and the organization's MFA and SSO policies for this sign-in (orgs/claims.ts
 * checkOrgAccess, the rule /oauth/authorize applies). Audited either way.
 */
export async function decideDeviceRequest(
  hub: Hub,
  actor: SignedInActor,
  decisionToken: string,
  approve: boolean,
): Promise<{ status: 'approved' | 'denied' }> {
  const hash = openDecisionToken(hub, actor, decisionToken);
  const session = actor.auth.session;
  const now = hub.clock();
  const found = await findPendingByUserCode(hub.db, hash, now);
  if (!found) throw new HubError('conflict', 'This code was already used or has expired.');
  const orgId = orgIdOfScopes(found.device.scopes);
  if (approve && orgId) {
    const verdict = checkOrgAccess(await membershipsOf(hub, actor.userId), orgId, {
      amr: session.amr,
      idpId: session.idpId,
    });
    if ('reason' in verdict)
      throw new Refusal('forbidden', {
        message: verdict.description,
        extra: { reason: verdict.reason },
        audit: {
          type: 'device_authorization_denied',
          ...actor.audit,
          details: { client_id: found.device.clientId, reason: verdict.reason },
        },
      });
  }
  return hub.db.transaction(async (tx) => {
    const decided = await decideDeviceCode(
      tx,
      hash,
      now,
      approve
        ? {
            status: 'approved',
            userId: actor.userId,
            browserSessionId: session.id,
            authTime: session.authTime,
            amr: session.amr,
          }
        : { status: 'denied', userId: actor.userId },
    );
    if (!decided) throw new HubError('conflict', 'This code was already used or has expired.');
    await hub.audit.record(
      approve
        ? {
            type: 'device_authorization_approved',
            ...actor.audit,
            details: { client_id: decided.clientId, scopes: decided.scopes },
          }
        : {
            type: 'device_authorization_denied',
            ...actor.audit,
            details: { client_id: decided.clientId, reason: 'user_denied' },
          },
      tx,
    );
    return { status: approve ? 'approved' : 'denied' };
  });
}

/** Pending device authorizations for the admin screen. */
export async function pendingDeviceAuthorizations(hub: Hub) {
  const list = await listPendingDeviceCodes(hub.db, hub.clock());
  return list.map((d) => ({
    client_id: d.clientId,
    app_name: d.appName,
    scopes: d.scopes,
    created_at: d.createdAt.toISOString(),
    expires_at: d.expiresAt.toISOString(),
    last_polled_at: d.lastPolledAt?.toISOString() ?? null,
  }));
}
