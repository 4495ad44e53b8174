import { breakingClientChanges } from '../../../shared/client-change-impact';
import type { Hub } from '../../hub';
import type { DbOrTx } from '../../db/client';
import type { OAuthClient } from '../../db/schema/index';
import { randomToken, safeEqual, sha256Hex } from '../../crypto/tokens';
import { HubError } from '../../errors';
import { assertOutboundTarget } from '../../net/outbound-target';
import { DEFAULT_CLIENT_SCOPES } from '../constants';
import type { ClientSecurityProfileInput, ClientView, CreateClientInput } from '../../../shared/api/oauth-clients';
import type { Actor } from '../../actor';
import {
  countLiveSessionsOfClient,
  findClientByClientId,
  findClientById,
  insertClient,
  listClients,
  updateClient,
} from './queries';
import { oauthRuntime } from '../runtime';
import type { ClientGrantsInput } from '../../../shared/api/device';
import { DEVICE_CODE_GRANT, TOKEN_EXCHANGE_GRANT } from '../constants';
import { displayColumns, displayView } from './display';
import { countConsentsOfClient } from '../consent-queries';

export const SECRET_CONTEXT = 'oauth_clients.client_secret';
export const API_KEY_CONTEXT = 'oauth_clients.api_key';
export const WEBHOOK_CONTEXT = 'oauth_clients.webhook_secret';

export function toClientView(hub: Hub, c: OAuthClient): ClientView {
  return {
    id: c.id,
    client_id: c.clientId,
    client_secret_preview: c.clientSecretEnc ? hub.secrets.open(c.clientSecretEnc, SECRET_CONTEXT).slice(0, 20) : null,
    ...previousSecretView(hub, c),
    app_name: c.appName,
    app_description: c.appDescription,
    app_url: c.appUrl,
    app_type: c.appType,
    redirect_uris: c.redirectUris,
    post_logout_redirect_uris: c.postLogoutRedirectUris,
    allowed_origins: c.allowedOrigins,
    scopes: c.scopes,
    is_active: c.isActive,
    token_endpoint_auth_method: c.tokenEndpointAuthMethod,
    backchannel_logout_uri: c.backchannelLogoutUri,
    has_api_key: !!c.apiKeyEnc,
    has_webhook_secret: !!c.webhookSecretEnc,
    jwks: c.jwks ? { keys: c.jwks.keys.map((k) => ({ ...k, kty: String(k.kty) })) } : null,
    jwks_uri: c.jwksUri,
    require_pushed_authorization_requests: c.requirePushedAuthorizationRequests,
    dpop_bound_access_tokens: c.dpopBoundAccessTokens,
    fapi2: c.fapi2,
    request_object_signing_alg: c.requestObjectSigningAlg,
    grant_types: c.grantTypes,
    token_exchange_targets: c.tokenExchangeTargets,
    ...displayView(c),
    created_at: c.createdAt.toISOString(),
  };
}

/** The replaced secret while its grace lasts (its preview, as the card shows the current one's), else nothing. */
function previousSecretView(hub: Hub, c: OAuthClient) {
  const live = c.previousSecretEnc && c.previousSecretExpiresAt && c.previousSecretExpiresAt > hub.clock();
  return {
    previous_secret_preview: live ? hub.secrets.open(c.previousSecretEnc!, SECRET_CONTEXT).slice(0, 20) : null,
    previous_secret_expires_at: live ? c.previousSecretExpiresAt!.toISOString() : null,
  };
}

/** A new client secret: what only a confidential client that authenticates with a secret has. */
function newClientSecret(): string {
  return `hubsec_${randomToken(32)}`;
}

/**
 * Registers a client: generates client_id and (for confidential clients) a secret, stored as a
 * SHA-256 hash for the token endpoint and sealed for the audited reveal, plus a sealed API key
 * and webhook secret. The raw secret is returned once, to the caller.
 */
export async function createClient(
  hub: Hub,
  input: CreateClientInput,
  actor: Actor,
): Promise<{ client: OAuthClient; clientSecret: string | null }> {
  await assertClientTargets(hub, input);
  const method = input.token_endpoint_auth_method ?? 'client_secret_basic';
  const isPublic = method === 'none';
  const clientId = `hub_${randomToken(16)}`;
  // A private_key_jwt client proves itself with its keys: it gets no secret that could leak.
  const clientSecret = isPublic || method === 'private_key_jwt' ? null : newClientSecret();
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    const client = await insertClient(tx, {
      clientId,
      clientSecretHash: clientSecret ? sha256Hex(clientSecret) : null,
      clientSecretEnc: clientSecret ? hub.secrets.seal(clientSecret, SECRET_CONTEXT) : null,
      tokenEndpointAuthMethod: method,
      appName: input.app_name,
      appDescription: input.app_description ?? null,
      appUrl: input.app_url,
      appType: input.app_type ?? 'third_party',
      redirectUris: dedupe(input.redirect_uris),
      postLogoutRedirectUris: dedupe(input.post_logout_redirect_uris ?? []),
      allowedOrigins: dedupe((input.allowed_origins ?? []).map((o) => o.replace(/\/$/, ''))),
      scopes: dedupe(input.scopes ?? DEFAULT_CLIENT_SCOPES),
      backchannelLogoutUri: input.backchannel_logout_uri ?? null,
      // Only a client that can keep a secret may act on its own behalf.
      grantTypes: isPublic
        ? ['authorization_code', 'refresh_token']
        : ['authorization_code', 'refresh_token', 'client_credentials'],
      apiKeyEnc: hub.secrets.seal(`hubkey_${randomToken(32)}`, API_KEY_CONTEXT),
      webhookSecretEnc: hub.secrets.seal(`hubwh_${randomToken(32)}`, WEBHOOK_CONTEXT),
      ...securityProfileColumns(input),
      ...displayColumns(input),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await hub.audit.record(
      {
        type: 'client_created',
        ...actor.audit,
        details: {
          client_id: clientId,
          app_name: input.app_name,
          app_type: client.appType,
          token_endpoint_auth_method: method,
        },
      },
      tx,
    );
    return { client, clientSecret };
  });
}

/** The URLs the hub will call for this client go through the outbound policy before they are stored. */
async function assertClientTargets(
  hub: Hub,
  input: { backchannel_logout_uri?: string | null; jwks_uri?: string | null },
): Promise<void> {
  if (input.backchannel_logout_uri)
    await assertOutboundTarget(hub, 'backchannel_logout_uri', input.backchannel_logout_uri);
  if (input.jwks_uri) await assertOutboundTarget(hub, 'jwks_uri', input.jwks_uri);
}

/** The FAPI 2.0 building blocks as columns (clientSecurityProfileSchema's fields; absent = off). */
function securityProfileColumns(input: Omit<ClientSecurityProfileInput, 'token_endpoint_auth_method'>) {
  return {
    jwks: input.jwks ?? null,
    jwksUri: input.jwks_uri ?? null,
    requirePushedAuthorizationRequests: input.require_pushed_authorization_requests ?? false,
    dpopBoundAccessTokens: input.dpop_bound_access_tokens ?? false,
    fapi2: input.fapi2 ?? false,
    requestObjectSigningAlg: input.request_object_signing_alg ?? null,
  };
}

/**
 * Sets a client's FAPI 2.0 building blocks as a whole (issue 31). The method may change between
 * a secret and private_key_jwt, never to or from public (the redirect and PKCE rules differ), and
 * not to a secret the client was never given. Every node forgets the client and its fetched keys.
 */
export async function setClientSecurityProfile(
  hub: Hub,
  id: string,
  input: ClientSecurityProfileInput,
  actor: Actor,
): Promise<OAuthClient> {
  await assertClientTargets(hub, input);
  const client = await hub.db.transaction(async (tx) => {
    const current = await findClientById(tx, id);
    if (!current) throw new HubError('not_found', 'No such OAuth client.');
    const method = input.token_endpoint_auth_method ?? current.tokenEndpointAuthMethod;
    if (current.tokenEndpointAuthMethod === 'none' && method !== 'none')
      throw new HubError('conflict', 'A public client stays public: register a confidential client instead.');
    if (method.startsWith('client_secret') && !current.clientSecretHash)
      throw new HubError('conflict', 'This client was registered without a secret: it can only use private_key_jwt.');
    if (method === 'private_key_jwt' && !input.jwks && !input.jwks_uri)
      throw new HubError('invalid_request', 'private_key_jwt needs jwks or jwks_uri.');
    if (input.fapi2 && method !== 'private_key_jwt')
      throw new HubError('invalid_request', 'A FAPI 2.0 client must use private_key_jwt.');
    const columns = { ...securityProfileColumns(input), tokenEndpointAuthMethod: method };
    const updated = await updateClient(tx, id, { ...columns, updatedAt: hub.clock() });
    const fields = Object.entries(columns)
      .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(current[k as keyof OAuthClient]))
      .map(([k]) => k);
    // What the console's confirmation named (the same shared rule): kept with the change.
    const breaking = breakingClientChanges(toClientView(hub, current), toClientView(hub, updated!)).map((i) => i.kind);
    await hub.audit.record(
      { type: 'client_updated', ...actor.audit, details: { client_id: current.clientId, fields, breaking } },
      tx,
    );
    return updated!;
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
  return client;
}

/**
 * Issue 42: an administrator allows a client the device authorization grant (RFC 8628) and the
 * audiences it may exchange a person's token for (RFC 8693, confidential clients only); the client's
 * `grant_types` follow. Every node forgets the client.
 */
export async function setClientGrants(
  hub: Hub,
  id: string,
  input: ClientGrantsInput,
  actor: Actor,
): Promise<OAuthClient> {
  const client = await hub.db.transaction(async (tx) => {
    const current = await findClientById(tx, id);
    if (!current) throw new HubError('not_found', 'No such OAuth client.');
    const targets = dedupe(input.token_exchange_targets);
    if (targets.length && current.tokenEndpointAuthMethod === 'none')
      throw new HubError('invalid_request', 'A public client cannot exchange tokens.', {
        field: 'token_exchange_targets',
      });
    const extra = new Set<string>([DEVICE_CODE_GRANT, TOKEN_EXCHANGE_GRANT]);
    const grantTypes = [
      ...current.grantTypes.filter((g) => !extra.has(g)),
      ...(input.device_code ? [DEVICE_CODE_GRANT] : []),
      ...(targets.length ? [TOKEN_EXCHANGE_GRANT] : []),
    ];
    const updated = await updateClient(tx, id, { grantTypes, tokenExchangeTargets: targets, updatedAt: hub.clock() });
    const fields = [
      ...(JSON.stringify(grantTypes) !== JSON.stringify(current.grantTypes) ? ['grantTypes'] : []),
      ...(JSON.stringify(targets) !== JSON.stringify(current.tokenExchangeTargets) ? ['tokenExchangeTargets'] : []),
    ];
    await hub.audit.record(
      { type: 'client_updated', ...actor.audit, details: { client_id: current.clientId, fields } },
      tx,
    );
    return updated!;
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
  return client;
}

export async function listClientViews(hub: Hub): Promise<ClientView[]> {
  return (await listClients(hub.db)).map((c) => toClientView(hub, c));
}

/**
 * Who deactivating the client affects now (its confirmation's counts): the people signed in to it
 * and the people who consented to it (their consent is kept); 404 for an unknown id.
 */
export async function clientDeactivationImpact(hub: Hub, id: string) {
  const client = await findClientById(hub.db, id);
  if (!client) throw new HubError('not_found', 'No such OAuth client.');
  const [live, consented] = await Promise.all([
    countLiveSessionsOfClient(hub.db, client.clientId, hub.clock()),
    countConsentsOfClient(hub.db, client.clientId),
  ]);
  return { ...live, consented_people: consented };
}

export async function setClientActive(hub: Hub, id: string, isActive: boolean, actor: Actor): Promise<OAuthClient> {
  const client = await hub.db.transaction(async (tx) => {
    const updated = await updateClient(tx, id, { isActive, updatedAt: hub.clock() });
    if (!updated) throw new HubError('not_found', 'No such OAuth client.');
    await hub.audit.record(
      {
        type: isActive ? 'client_activated' : 'client_deactivated',
        ...actor.audit,
        details: { client_id: updated.clientId },
      },
      tx,
    );
    return updated;
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
  return client;
}

/** Audited reveal of a client secret (for the copy button). */
export async function revealClientSecret(hub: Hub, id: string, actor: Actor): Promise<string> {
  const client = await findClientById(hub.db, id);
  if (!client) throw new HubError('not_found', 'No such OAuth client.');
  if (!client.clientSecretEnc) throw new HubError('conflict', 'This is a public client: it has no secret.');
  const secret = hub.secrets.open(client.clientSecretEnc, SECRET_CONTEXT);
  await hub.audit.record({
    type: 'client_secret_viewed',
    ...actor.audit,
    details: { client_id: client.clientId },
  });
  return secret;
}

/**
 * Issue 46: a new secret, shown once; the one it replaces keeps working for `graceHours` (the
 * client's deployments move over meanwhile), then only the new one does. Step-up and audited.
 */
export async function rotateClientSecret(
  hub: Hub,
  id: string,
  graceHours: number,
  actor: Actor,
): Promise<{ client: OAuthClient; clientSecret: string }> {
  const clientSecret = newClientSecret();
  const now = hub.clock();
  const client = await hub.db.transaction(async (tx) => {
    const current = await findClientById(tx, id);
    if (!current) throw new HubError('not_found', 'No such OAuth client.');
    if (!current.clientSecretHash || !current.clientSecretEnc)
      throw new HubError('conflict', 'This client authenticates without a secret: there is none to rotate.');
    const updated = await updateClient(tx, id, {
      clientSecretHash: sha256Hex(clientSecret),
      clientSecretEnc: hub.secrets.seal(clientSecret, SECRET_CONTEXT),
      previousSecretHash: graceHours > 0 ? current.clientSecretHash : null,
      previousSecretEnc: graceHours > 0 ? current.clientSecretEnc : null,
      previousSecretExpiresAt: graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null,
      updatedAt: now,
    });
    await hub.audit.record(
      {
        type: 'client_secret_rotated',
        ...actor.audit,
        details: { client_id: current.clientId, grace_hours: graceHours },
      },
      tx,
    );
    return updated!;
  });
  await oauthRuntime(hub).clientChanged(client.clientId);
  return { client, clientSecret };
}

/** A client by its public client_id, through the per-process cache (invalidated on change). */
export async function loadClient(hub: Hub, clientId: string, db: DbOrTx = hub.db): Promise<OAuthClient | undefined> {
  return oauthRuntime(hub).clients.get(clientId, () => findClientByClientId(db, clientId));
}

/**
 * Constant-time check of a presented secret against the stored hash, or against the replaced
 * secret's while its grace lasts (issue 46). Both comparisons always run, so the time taken says
 * nothing about which one matched.
 */
export function isClientSecretValid(hub: Hub, client: OAuthClient, presented: string): boolean {
  if (!client.clientSecretHash) return false;
  const hash = sha256Hex(presented);
  const current = safeEqual(hash, client.clientSecretHash);
  const inGrace = !!client.previousSecretExpiresAt && client.previousSecretExpiresAt > hub.clock();
  const previous =
    safeEqual(hash, client.previousSecretHash ?? client.clientSecretHash) && inGrace && !!client.previousSecretHash;
  return current || previous;
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}

/** GET /api/auth/client-brand: an active client's name and display metadata, for the sign-in pages of its requests. */
export async function clientBrand(hub: Hub, clientId: string) {
  const client = await loadClient(hub, clientId);
  if (!client || !client.isActive) throw new HubError('not_found', 'No application is registered with this id.');
  return { app_name: client.appName, ...displayView(client) };
}
