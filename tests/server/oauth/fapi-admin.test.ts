import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import { auditLogs, oauthClients } from '../../../src/server/db/schema/index';
import { clientKeyPair } from './fapi-helpers';

/** The FAPI 2.0 fields of a client in the admin API (issue 31): registration, changes, refusals. */
describe.each(TEST_DATABASES)('FAPI 2.0 client fields in the admin API [%s]', (kind) => {
  const t = useTestHub(kind);
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let jwk: Record<string, unknown>;
  beforeAll(async () => {
    admin = await signedInUser(t.hub, ['platform_admin']);
    jwk = (await clientKeyPair('ES256')).jwk as Record<string, unknown>;
  });

  const body = {
    app_name: 'Sister FAPI',
    app_url: 'https://fapi.example.test',
    redirect_uris: ['https://fapi.example.test/cb'],
  };
  const create = (extra: Record<string, unknown>) =>
    t.client.asBrowser(admin.cookie).post('/api/admin/oauth-clients', { body: { ...body, ...extra } });

  it('registers a FAPI 2.0 client with its public keys, and no secret', async () => {
    const res = await create({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [jwk] },
      fapi2: true,
      request_object_signing_alg: 'ES256',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().client_secret).toBeNull();
    expect(res.json().client).toMatchObject({
      token_endpoint_auth_method: 'private_key_jwt',
      fapi2: true,
      require_pushed_authorization_requests: false,
      dpop_bound_access_tokens: false,
      request_object_signing_alg: 'ES256',
      jwks: { keys: [expect.objectContaining({ kty: 'EC', kid: jwk.kid })] },
      jwks_uri: null,
    });
  });

  it('refuses what the profile cannot work with, and stores nothing', async () => {
    const before = await t.hub.db.$count(oauthClients);
    const refusals = [
      { fapi2: true },
      { token_endpoint_auth_method: 'private_key_jwt' },
      { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [{ ...jwk, d: 'private-part' }] } },
      { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } },
      {
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [jwk] },
        jwks_uri: 'https://fapi.example.test/jwks',
      },
      { request_object_signing_alg: 'HS256' },
    ];
    for (const extra of refusals) {
      const res = await create(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await t.hub.db.$count(oauthClients)).toBe(before);
  });

  it('changes the security profile of a client, audited, and refuses a user who is no admin', async () => {
    const made = (await create({})).json().client;
    const path = `/api/admin/oauth-clients/${made.id}/security-profile`;
    const profile = { dpop_bound_access_tokens: true, require_pushed_authorization_requests: true };
    const user = await signedInUser(t.hub);
    expect((await t.client.asBrowser(user.cookie).put(path, { body: profile })).statusCode).toBe(403);
    const res = await t.client.asBrowser(admin.cookie).put(path, { body: profile });
    expect(res.statusCode).toBe(200);
    expect(res.json().client).toMatchObject({
      ...profile,
      fapi2: false,
      token_endpoint_auth_method: 'client_secret_basic',
    });
    const [row] = await t.hub.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'client_updated'));
    expect(row.details).toEqual({
      client_id: made.client_id,
      fields: ['requirePushedAuthorizationRequests', 'dpopBoundAccessTokens'],
      // Issue 46: what the change breaks for a client already in use (shared/client-change-impact.ts).
      breaking: ['dpop_required', 'par_required'],
    });
    // Moving to private_key_jwt and the profile; a secret client may come back to its secret later.
    const fapi = await t.client.asBrowser(admin.cookie).put(path, {
      body: { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [jwk] }, fapi2: true },
    });
    expect(fapi.json().client).toMatchObject({ fapi2: true, token_endpoint_auth_method: 'private_key_jwt' });
  });

  it('keeps a public client public and a keys-only client without a secret (409)', async () => {
    const pub = (await create({ token_endpoint_auth_method: 'none' })).json().client;
    const toKeys = await t.client.asBrowser(admin.cookie).put(`/api/admin/oauth-clients/${pub.id}/security-profile`, {
      body: { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [jwk] } },
    });
    expect(toKeys.statusCode).toBe(409);
    const keysOnly = (await create({ token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [jwk] } })).json();
    const toSecret = await t.client
      .asBrowser(admin.cookie)
      .put(`/api/admin/oauth-clients/${keysOnly.client.id}/security-profile`, {
        body: { token_endpoint_auth_method: 'client_secret_basic' },
      });
    expect(toSecret.statusCode).toBe(409);
  });
});
