import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKeys } from '../../../src/server/db/schema/index';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * The negative cases, driven by openid-client as an independent relying party against a
 * listening hub whose clock the test moves (the authorization step uses a fixture session
 * instead of a browser; the browser journey is tests/e2e/oauth-protocol.test.ts).
 */
describe.each(TEST_DATABASES)('openid-client negative cases [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true });
  let client: RegisteredClient;
  let config: oidc.Configuration;
  let cookie: string;

  beforeAll(async () => {
    // The RP validates ID tokens against its own (real) clock; the moves below stay within its
    // tolerance wherever an ID token is validated (the other calls validate none).
    t.clock.current = new Date();
    client = await registerClient(t);
    cookie = (await signedInUser(t.hub)).cookie;
    config = await oidc.discovery(
      new URL(t.hub.config.publicUrl),
      client.client_id,
      client.client_secret!,
      oidc.ClientSecretBasic(client.client_secret!),
      { execute: [oidc.allowInsecureRequests] },
    );
  });

  async function codeFor(verifier: string) {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: client.redirect_uris[0],
      scope: 'openid profile offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
    });
    const res = await t.client.get(url.pathname + url.search, { cookie });
    return new URL(String(res.headers.location));
  }

  it('refuses an expired code', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const cb = await codeFor(verifier);
    t.clock.advance(61_000);
    await expect(
      oidc.authorizationCodeGrant(config, cb, { pkceCodeVerifier: verifier, expectedState: 'st' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes the family when a used refresh token comes back after the grace window', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const tokens = await oidc.authorizationCodeGrant(config, await codeFor(verifier), {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
    });
    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    t.clock.advance(11_000);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await oidc.tokenIntrospection(config, rotated.access_token)).active).toBe(false);
  });

  it('answers invalid_client to an inactive client', async () => {
    const admin = await signedInUser(t.hub, ['platform_admin']);
    const other = await registerClient(t, { app_name: 'Soon inactive' });
    const cfg = new oidc.Configuration(
      config.serverMetadata(),
      other.client_id,
      other.client_secret!,
      oidc.ClientSecretBasic(other.client_secret!),
    );
    oidc.allowInsecureRequests(cfg);
    expect((await oidc.clientCredentialsGrant(cfg, { scope: 'read:profile' })).access_token).toBeTruthy();
    await t.client
      .asBrowser(admin.cookie)
      .patch(`/api/admin/oauth-clients/${other.id}`, { body: { is_active: false } });
    const refused = await oidc.clientCredentialsGrant(cfg, { scope: 'read:profile' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401 });
    expect(await (refused as { response: Response }).response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses tokens signed by a retired-and-removed key, and alg none', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const tokens = await oidc.authorizationCodeGrant(config, await codeFor(verifier), {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
    });
    const kid = decodeProtectedHeader(tokens.access_token).kid!;
    const [row] = await t.hub.db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
    const key = await importJWK(
      JSON.parse(t.hub.secrets.open(row.privateJwkEnc, 'signing_keys.private_jwk')) as JWK,
      'ES256',
    );
    // A token from that key that would still be valid for hours (as if the key had leaked).
    const longLived = await new SignJWT({
      ...decodeJwt(tokens.access_token),
      exp: Math.floor(t.clock.now().getTime() / 1000) + 4 * 3600,
    })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .sign(key);
    expect((await oidc.fetchUserInfo(config, longLived, oidc.skipSubjectCheck)).sub).toBeTruthy();
    t.clock.advance(61_000);
    await oauthRuntime(t.hub).keys.rotate();
    t.clock.advanceMinutes(16);
    await oauthRuntime(t.hub).keys.prune();
    expect((await oidc.tokenIntrospection(config, longLived)).active).toBe(false);
    await expect(oidc.fetchUserInfo(config, longLived, oidc.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
    const [, payload] = longLived.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    await expect(oidc.fetchUserInfo(config, none, oidc.skipSubjectCheck)).rejects.toMatchObject({ status: 401 });
  });
});
