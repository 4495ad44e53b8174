import type { Hub } from '../../hub';
import { DAY_MS } from '../../../shared/dates';
import type { Actor } from '../../actor';
import type { OAuthClient, oauthClients } from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import { randomToken, safeEqual, sha256Hex } from '../../crypto/tokens';
import { HubError, Refusal } from '../../errors';
import { enforceRateLimit } from '../../http/rate-limit';
import { assertOutboundTarget } from '../../net/outbound-target';
import { OAuthError } from '../errors';
import { issuerOf } from '../jwt';
import { oauthRuntime } from '../runtime';
import { findClientByClientId, findClientById, insertClient, updateClient } from '../clients/queries';
import { SUPPORTED_SCOPES } from '../constants';
import { DCR_FORBIDDEN_SCOPES } from '../../../shared/oauth';
import {
  registrationMetadataSchema,
  type DcrPolicy,
  type DynamicClientView,
  type RegistrationMetadata,
} from '../../../shared/api/dcr';
import { loadDcrPolicy } from './policy';
import {
  deleteClientAndGrants,
  findUnusedDynamicClients,
  insertInitialAccessToken,
  listDynamicClients,
  listInitialAccessTokens,
  spendInitialAccessToken,
  type InitialAccessToken,
} from './queries';

/** Registrations per client address per hour (RFC 7591 §5: the endpoint is open to the world). */
export const DCR_RATE_LIMIT = 20;
export const DCR_RATE_WINDOW_MS = 3_600_000;

export const registrationPath = (clientId: string) => `/oauth/register/${encodeURIComponent(clientId)}`;

type Operation = 'register' | 'read' | 'update' | 'delete';

/** A refusal in RFC shape, carrying its audit event (written by the error hook after any rollback). */
function refuse(
  actor: Actor,
  operation: Operation,
  error: 'invalid_request' | 'invalid_token' | 'access_denied' | 'invalid_redirect_uri' | 'invalid_client_metadata',
  description: string,
  clientId: string | null = null,
  status?: number,
): OAuthError {
  const e = new OAuthError(error, description, status);
  if (error === 'invalid_token') e.challenge = `Bearer error="invalid_token"`;
  e.audit = {
    type: 'client_registration_refused',
    ...actor.audit,
    details: { client_id: clientId?.slice(0, 100) ?? null, operation, error, description },
  };
  return e;
}

function bearer(authorization: string | undefined): string | null {
  const m = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '');
  return m ? m[1] : null;
}

/**
 * RFC 7591 §2 metadata, field by field (shared/api/dcr.ts), then the policy's scopes: an issue on
 * redirect_uris is `invalid_redirect_uri`, any other `invalid_client_metadata`, naming the field.
 */
export async function validateMetadata(
  hub: Hub,
  body: unknown,
  policy: DcrPolicy,
  actor: Actor,
  operation: Operation,
  clientId: string | null = null,
): Promise<RegistrationMetadata & { scopes: string[] }> {
  const parsed = registrationMetadataSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? 'metadata');
    const code = field === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw refuse(actor, operation, code, `${issue.path.join('.') || field}: ${issue.message}`, clientId);
  }
  const metadata = parsed.data;
  const asked = metadata.scope ? [...new Set(metadata.scope.split(/\s+/).filter(Boolean))] : policy.allowed_scopes;
  const known = new Set<string>(SUPPORTED_SCOPES);
  const refused = asked.filter(
    (s) => !known.has(s) || DCR_FORBIDDEN_SCOPES.includes(s) || !policy.allowed_scopes.includes(s),
  );
  if (refused.length)
    throw refuse(
      actor,
      operation,
      'invalid_client_metadata',
      `scope: not allowed for this registration: ${refused.join(' ')}`,
      clientId,
    );
  if (metadata.jwks_uri) {
    try {
      await assertOutboundTarget(hub, 'jwks_uri', metadata.jwks_uri);
    } catch (e) {
      if (e instanceof HubError) throw refuse(actor, operation, 'invalid_client_metadata', e.message, clientId);
      throw e;
    }
  }
  return { ...metadata, scopes: asked };
}

/** The columns a registration (or its replacement, RFC 7592 §2.2) sets. */
export function metadataColumns(m: RegistrationMetadata & { scopes: string[] }) {
  const first = new URL(m.redirect_uris[0]);
  const origin = first.protocol === 'https:' || first.protocol === 'http:' ? first.origin : '';
  return {
    appName: m.client_name ?? (m.client_uri ? new URL(m.client_uri).host : first.host || first.protocol),
    appUrl: m.client_uri ?? origin,
    redirectUris: [...new Set(m.redirect_uris)],
    scopes: m.scopes,
    grantTypes: [...new Set(m.grant_types)],
    tokenEndpointAuthMethod: m.token_endpoint_auth_method,
    jwks: m.jwks ?? null,
    jwksUri: m.jwks_uri ?? null,
    logoUri: m.logo_uri ?? null,
    clientUri: m.client_uri ?? null,
    policyUri: m.policy_uri ?? null,
    tosUri: m.tos_uri ?? null,
    softwareId: m.software_id ?? null,
    softwareVersion: m.software_version ?? null,
    contacts: m.contacts ?? [],
  };
}

/** RFC 7591 §3.2.1 / RFC 7592 §3: what the client is registered with (no secret: none are issued). */
export function clientInformation(hub: Hub, c: OAuthClient, registrationAccessToken?: string) {
  const optional = {
    client_uri: c.clientUri,
    logo_uri: c.logoUri,
    policy_uri: c.policyUri,
    tos_uri: c.tosUri,
    software_id: c.softwareId,
    software_version: c.softwareVersion,
    jwks: c.jwks,
    jwks_uri: c.jwksUri,
  };
  return {
    client_id: c.clientId,
    client_id_issued_at: Math.floor(c.createdAt.getTime() / 1000),
    ...(registrationAccessToken ? { registration_access_token: registrationAccessToken } : {}),
    registration_client_uri: `${issuerOf(hub)}${registrationPath(c.clientId)}`,
    client_name: c.appName,
    redirect_uris: c.redirectUris,
    token_endpoint_auth_method: c.tokenEndpointAuthMethod,
    grant_types: c.grantTypes,
    response_types: ['code'],
    scope: c.scopes.join(' '),
    ...(c.contacts.length ? { contacts: c.contacts } : {}),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== null && v !== undefined)),
  };
}

/**
 * POST /oauth/register (RFC 7591): rate-limited per address; under the `token` policy only with an
 * initial access token (spent atomically, with the registration), under `open` with or without
 * one; never under `off`. The client is a third party, public (PKCE) or private_key_jwt, with the
 * policy's scopes at most. Returns the client information with its registration access token.
 */
export async function registerDynamicClient(hub: Hub, body: unknown, authorization: string | undefined, actor: Actor) {
  try {
    const counted = { purpose: 'dcr_register:ip', value: actor.ipAddress ?? 'unknown' };
    await enforceRateLimit(hub, counted, DCR_RATE_LIMIT, DCR_RATE_WINDOW_MS);
  } catch (e) {
    if (!(e instanceof HubError) || e.code !== 'rate_limited') throw e;
    const description = 'Too many registrations from this address; try again later.';
    const details = { client_id: null, operation: 'register', error: 'rate_limited', description };
    const audit = { type: 'client_registration_refused' as const, ...actor.audit, details };
    throw new Refusal('rate_limited', { message: description, audit, headers: e.headers });
  }
  const { policy } = await loadDcrPolicy(hub);
  if (policy.mode === 'off')
    throw refuse(actor, 'register', 'access_denied', 'Dynamic client registration is not enabled on this hub.');
  const initialToken = bearer(authorization);
  if (authorization && !initialToken)
    throw refuse(actor, 'register', 'invalid_token', 'The Authorization header is not a Bearer token.');
  if (policy.mode === 'token' && !initialToken)
    throw refuse(
      actor,
      'register',
      'invalid_token',
      'An initial access token is required to register a client.',
      null,
      401,
    );
  const metadata = await validateMetadata(hub, body, policy, actor, 'register');
  const clientId = `hub_${randomToken(16)}`;
  const registrationAccessToken = `hubrat_${randomToken(32)}`;
  const now = hub.clock();
  const client = await hub.db.transaction(async (tx) => {
    let tokenId: string | null = null;
    if (initialToken) {
      tokenId = (await spendInitialAccessToken(tx, sha256Hex(initialToken), now)) ?? null;
      if (!tokenId)
        throw refuse(actor, 'register', 'invalid_token', 'The initial access token is unknown, expired or used up.');
    }
    const row = await insertDynamicClient(hub, tx, actor, {
      clientId,
      ...metadataColumns(metadata),
      registeredVia: tokenId ? 'initial_access_token' : 'open',
      initialAccessTokenId: tokenId,
      registrationAccessTokenHash: sha256Hex(registrationAccessToken),
      createdAt: now,
      updatedAt: now,
    });
    return row;
  });
  return clientInformation(hub, client, registrationAccessToken);
}

/**
 * Stores a client that registered itself (by RFC 7591 or its metadata document): a third party,
 * audited as `client_created` with `registration: "dynamic"` (the `client.created` webhook says so).
 */
export async function insertDynamicClient(
  hub: Hub,
  tx: DbOrTx,
  actor: Actor,
  values: Omit<typeof oauthClients.$inferInsert, 'appType' | 'registration'> & { registeredVia: string },
): Promise<OAuthClient> {
  const row = await insertClient(tx, { ...values, appType: 'third_party', registration: 'dynamic' });
  await hub.audit.record(
    {
      type: 'client_created',
      ...actor.audit,
      details: {
        client_id: row.clientId,
        app_name: row.appName,
        app_type: row.appType,
        token_endpoint_auth_method: row.tokenEndpointAuthMethod,
        registration: 'dynamic',
        registered_via: values.registeredVia,
        software_id: row.softwareId,
      },
    },
    tx,
  );
  return row;
}

/** RFC 7592 §2: the client named in the path, when the registration access token is its own. */
async function authorizedClient(
  hub: Hub,
  clientId: string,
  authorization: string | undefined,
  actor: Actor,
  operation: Operation,
): Promise<OAuthClient> {
  const presented = bearer(authorization);
  if (!presented)
    throw refuse(actor, operation, 'invalid_token', 'A registration access token is required.', clientId, 401);
  const client = await findClientByClientId(hub.db, clientId);
  // §2.1: an unknown client and a wrong token look the same (no probing for client ids).
  if (!client?.registrationAccessTokenHash || !safeEqual(sha256Hex(presented), client.registrationAccessTokenHash))
    throw refuse(
      actor,
      operation,
      'invalid_token',
      'The registration access token is not valid for this client.',
      clientId,
      401,
    );
  return client;
}

export async function readRegisteredClient(
  hub: Hub,
  clientId: string,
  authorization: string | undefined,
  actor: Actor,
) {
  return clientInformation(hub, await authorizedClient(hub, clientId, authorization, actor, 'read'));
}

/** RFC 7592 §2.2: the metadata replaced as a whole (omitted fields are cleared), within the policy. */
export async function updateRegisteredClient(
  hub: Hub,
  clientId: string,
  authorization: string | undefined,
  body: unknown,
  actor: Actor,
) {
  const current = await authorizedClient(hub, clientId, authorization, actor, 'update');
  const claimed = (body as { client_id?: unknown } | null)?.client_id;
  if (claimed !== clientId)
    throw refuse(actor, 'update', 'invalid_client_metadata', 'client_id: must be the registered client_id.', clientId);
  const { policy } = await loadDcrPolicy(hub);
  const metadata = await validateMetadata(hub, body, policy, actor, 'update', clientId);
  if (metadata.token_endpoint_auth_method !== current.tokenEndpointAuthMethod)
    throw refuse(actor, 'update', 'invalid_client_metadata', 'token_endpoint_auth_method: cannot change.', clientId);
  const columns = metadataColumns(metadata);
  const updated = await hub.db.transaction(async (tx) => {
    const row = (await updateClient(tx, current.id, { ...columns, updatedAt: hub.clock() }))!;
    const fields = Object.entries(columns)
      .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k as keyof OAuthClient]))
      .map(([k]) => k);
    await hub.audit.record({ type: 'client_updated', ...actor.audit, details: { client_id: clientId, fields } }, tx);
    return row;
  });
  await oauthRuntime(hub).clientChanged(clientId);
  return clientInformation(hub, updated);
}

/** RFC 7592 §2.3: the client deletes itself; its sessions and every consent to it go with it. */
export async function deleteRegisteredClient(
  hub: Hub,
  clientId: string,
  authorization: string | undefined,
  actor: Actor,
) {
  const client = await authorizedClient(hub, clientId, authorization, actor, 'delete');
  await removeClient(hub, client, 'client', actor);
}

async function removeClient(hub: Hub, client: OAuthClient, by: 'client' | 'admin' | 'expiry', actor: Actor | null) {
  await hub.db.transaction(async (tx) => {
    await deleteClientAndGrants(tx, client.id, client.clientId);
    await hub.audit.record(
      {
        type: 'client_deleted',
        ...(actor?.audit ?? {}),
        details: { client_id: client.clientId, registration: client.registration, by },
      },
      tx,
    );
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
}

// ——— Administration ———

export async function createInitialAccessToken(
  hub: Hub,
  input: { label: string; expires_in_days: number; max_uses: number },
  actor: Actor,
) {
  const token = `hubiat_${randomToken(32)}`;
  const now = hub.clock();
  const row = await hub.db.transaction(async (tx) => {
    const created = await insertInitialAccessToken(tx, {
      tokenHash: sha256Hex(token),
      label: input.label,
      expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
      maxUses: input.max_uses,
      createdBy: actor.userId,
      createdAt: now,
    });
    await hub.audit.record(
      {
        type: 'initial_access_token_created',
        ...actor.audit,
        details: {
          token_id: created.id,
          label: created.label,
          max_uses: created.maxUses,
          expires_at: created.expiresAt.toISOString(),
        },
      },
      tx,
    );
    return created;
  });
  return { ...initialAccessTokenView(row), token };
}

function initialAccessTokenView(t: InitialAccessToken) {
  return {
    id: t.id,
    label: t.label,
    expires_at: t.expiresAt.toISOString(),
    max_uses: t.maxUses,
    uses: t.uses,
    created_at: t.createdAt.toISOString(),
  };
}

export async function listInitialAccessTokenViews(hub: Hub) {
  return (await listInitialAccessTokens(hub.db)).map(initialAccessTokenView);
}

export async function listDynamicClientViews(hub: Hub): Promise<DynamicClientView[]> {
  const { policy } = await loadDcrPolicy(hub);
  return (await listDynamicClients(hub.db)).map((c) => {
    const approved = c.appType === 'platform';
    const since = Math.max(c.createdAt.getTime(), c.lastUsedAt?.getTime() ?? 0);
    return {
      id: c.id,
      client_id: c.clientId,
      client_name: c.appName,
      client_uri: c.clientUri,
      redirect_uris: c.redirectUris,
      scopes: c.scopes,
      software_id: c.softwareId,
      software_version: c.softwareVersion,
      registered_via: c.registeredVia,
      token_endpoint_auth_method: c.tokenEndpointAuthMethod,
      is_active: c.isActive,
      approved,
      created_at: c.createdAt.toISOString(),
      last_used_at: c.lastUsedAt?.toISOString() ?? null,
      expires_at: approved ? null : new Date(since + policy.unused_expiry_days * DAY_MS).toISOString(),
    };
  });
}

async function dynamicClient(hub: Hub, id: string): Promise<OAuthClient> {
  const client = await findClientById(hub.db, id);
  if (!client || client.registration !== 'dynamic')
    throw new HubError('not_found', 'No such dynamically registered client.');
  return client;
}

/** An administrator reviewed the client: it becomes first-party (consented by its registration). */
export async function approveDynamicClient(hub: Hub, id: string, actor: Actor): Promise<void> {
  const client = await dynamicClient(hub, id);
  await hub.db.transaction(async (tx) => {
    await updateClient(tx, id, { appType: 'platform', updatedAt: hub.clock() });
    await hub.audit.record(
      { type: 'client_updated', ...actor.audit, details: { client_id: client.clientId, fields: ['appType'] } },
      tx,
    );
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
}

export async function adminDeleteDynamicClient(hub: Hub, id: string, actor: Actor): Promise<void> {
  await removeClient(hub, await dynamicClient(hub, id), 'admin', actor);
}

/**
 * Deletes the dynamic registrations nobody reviewed that have had no token for the policy's
 * days (issue 40). Run hourly (oauth/startup.ts); returns how many went.
 */
export async function expireUnusedRegistrations(hub: Hub): Promise<number> {
  const { policy } = await loadDcrPolicy(hub);
  const cutoff = new Date(hub.clock().getTime() - policy.unused_expiry_days * DAY_MS);
  const unused = await findUnusedDynamicClients(hub.db, cutoff);
  for (const client of unused) await removeClient(hub, client, 'expiry', null);
  return unused.length;
}
