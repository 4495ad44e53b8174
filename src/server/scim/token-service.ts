import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { ScimToken } from '../db/schema/index';
import { HubError } from '../errors';
import { randomToken, safeEqual, sha256Hex } from '../crypto/tokens';
import { countTowardsLimit } from '../http/rate-limit';
import { authorize, loadOrgActor, type OrgAccess } from '../orgs/permissions';
import { SCIM_BASE_PATH, type ScimOverview, type ScimTokenCreated, type ScimTokenView } from '../../shared/api/scim';
import { findScimToken, insertScimToken, listScimTokens, revokeScimToken, touchScimToken } from './queries/tokens';
import { listScimCalls, pruneScimCalls } from './queries/calls';
import { ScimError } from './errors';
import { isUuid } from '../../shared/uuid';

/**
 * An organization's SCIM tokens, their one home: created by its owners or an ecosystem admin
 * (orgs/permissions.ts, action `manage_scim`), shown once, stored as the SHA-256 of their secret,
 * and checked here for every SCIM call: the token must be live, belong to the organization in
 * the URL, and match in constant time; then the per-token rate limit counts the call.
 */

const PREFIX = 'hubscim_';
const LOG_SHOWN = 50;

export function scimBaseUrl(hub: Hub, orgId: string): string {
  return `${hub.config.publicUrl}${SCIM_BASE_PATH}/${orgId}`;
}

function toView(t: ScimToken): ScimTokenView {
  return {
    id: t.id,
    name: t.name,
    created_at: t.createdAt.toISOString(),
    last_used_at: t.lastUsedAt?.toISOString() ?? null,
    revoked_at: t.revokedAt?.toISOString() ?? null,
  };
}

export async function createScimToken(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  name: string,
): Promise<ScimTokenCreated> {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_scim');
  const secret = randomToken();
  const row = await hub.db.transaction(async (tx) => {
    const created = await insertScimToken(tx, {
      orgId,
      name,
      secretHash: sha256Hex(secret),
      createdBy: actor.userId,
      createdAt: hub.clock(),
    });
    await hub.audit.record(
      { type: 'scim_token_created', ...actor.audit, details: { org_id: orgId, token_id: created.id, name } },
      tx,
    );
    return created;
  });
  return { token: `${PREFIX}${row.id}_${secret}`, base_url: scimBaseUrl(hub, orgId), scim_token: toView(row) };
}

/** The SCIM card of the organization page: base URL, tokens (never their secret), the last calls. */
export async function scimOverview(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
): Promise<ScimOverview> {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_scim');
  const [tokens, calls] = await Promise.all([listScimTokens(hub.db, orgId), listScimCalls(hub.db, orgId, LOG_SHOWN)]);
  return {
    base_url: scimBaseUrl(hub, orgId),
    tokens: tokens.map(toView),
    calls: calls.map((c) => ({
      at: c.at.toISOString(),
      method: c.method,
      path: c.path,
      status: c.status,
      scim_type: c.scimType,
      detail: c.detail,
      token_id: c.tokenId,
    })),
  };
}

export async function revokeScimTokenOf(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  tokenId: string,
): Promise<void> {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_scim');
  await hub.db.transaction(async (tx) => {
    if (!(await revokeScimToken(tx, orgId, tokenId, hub.clock())))
      throw new HubError('not_found', 'No such live SCIM token in this organization.');
    await hub.audit.record(
      { type: 'scim_token_revoked', ...actor.audit, details: { org_id: orgId, token_id: tokenId } },
      tx,
    );
  });
}

const unauthorized = () =>
  new ScimError(401, null, 'A valid SCIM token of this organization is required.', {
    'www-authenticate': 'Bearer realm="scim"',
  });

/**
 * The token of a SCIM call (`Authorization: Bearer hubscim_<id>_<secret>`): refused (401) unless
 * it is live, of this organization, and its secret matches; 429 past the per-token limit.
 */
export async function authenticateScimToken(
  hub: Hub,
  orgId: string,
  authorization: string | undefined,
): Promise<ScimToken> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const presented = m?.[1] ?? '';
  if (!presented.startsWith(PREFIX)) throw unauthorized();
  const rest = presented.slice(PREFIX.length);
  const id = rest.slice(0, 36);
  const secret = rest.slice(37);
  if (!isUuid(id) || rest[36] !== '_' || !secret) throw unauthorized();
  const token = await findScimToken(hub.db, id);
  // The secret is compared whatever else is wrong, so that timing tells nothing about the id.
  const matches = safeEqual(sha256Hex(secret), token?.secretHash ?? '');
  if (!token || !matches || token.revokedAt || token.orgId !== orgId) throw unauthorized();
  const limited = await countTowardsLimit(
    hub,
    { purpose: 'scim', value: token.id },
    hub.config.scimRequestsPerMinute,
    60_000,
  );
  if (limited)
    throw new ScimError(429, null, 'Too many SCIM calls with this token; retry later.', {
      'retry-after': String(limited.retryAfterS),
    });
  const now = hub.clock();
  // Once a minute per token: note the use, and drop the organization's log rows past 30 days.
  if (await touchScimToken(hub.db, token.id, now)) await pruneScimCalls(hub.db, orgId, now);
  return token;
}
