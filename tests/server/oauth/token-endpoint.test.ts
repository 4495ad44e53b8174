import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { authorize, basic, exchangeCode, pkcePair, registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('OAuth token endpoint [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    client = await registerClient(t);
    const u = await signedInUser(t.hub);
    cookie = u.cookie;
    userId = u.user.id;
  });

  const token = (payload: Record<string, string>, headers: Record<string, string> = { authorization: basic(client) }) =>
    t.client.post('/oauth/token', { headers, form: payload });

  it('exchanges a code with PKCE for RFC 9068 access, ID and refresh tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const { code, state } = await authorize(t, client, cookie, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(state).toBe('st-123');
    const res = await exchangeCode(t, client, code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const at = decodeJwt(body.access_token);
    expect(at).toMatchObject({
      sub: userId,
      client_id: client.client_id,
      // RFC 8707 / 9068: the access token is for the hub's userinfo, never the ID token's audience.
      aud: `${t.hub.config.publicUrl}/oauth/userinfo`,
      iss: t.hub.config.publicUrl,
    });
    expect(at.exp! - at.iat!).toBe(900);
    const id = decodeJwt(body.id_token);
    expect(id).toMatchObject({ sub: userId, aud: client.client_id, nonce: 'n-456' });
    expect(typeof id.at_hash).toBe('string');
    expect(typeof id.auth_time).toBe('number');
    expect(body.refresh_token).toMatch(/^hubrt_/);
  });

  it('refuses a second use of a code and revokes what the first use issued', async () => {
    const { code } = await authorize(t, client, cookie);
    const first = await exchangeCode(t, client, code, undefined);
    expect(first.statusCode).toBe(200);
    const again = await exchangeCode(t, client, code, undefined);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    const introspect = await t.client.post('/oauth/introspect', {
      headers: { authorization: basic(client) },
      form: { token: first.json().access_token },
    });
    expect(introspect.json()).toEqual({ active: false });
    const refresh = await token({ grant_type: 'refresh_token', refresh_token: first.json().refresh_token });
    expect(refresh.json().error).toBe('invalid_grant');
  });

  it('refuses a wrong PKCE verifier, a missing verifier and an expired code', async () => {
    const { challenge } = pkcePair();
    const a = await authorize(t, client, cookie, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchangeCode(t, client, a.code, pkcePair().verifier)).json().error).toBe('invalid_grant');
    const b = await authorize(t, client, cookie, { code_challenge: challenge, code_challenge_method: 'S256' });
    expect((await exchangeCode(t, client, b.code, undefined)).json().error).toBe('invalid_grant');
    const c = await authorize(t, client, cookie);
    t.clock.advance(61_000);
    const expired = await exchangeCode(t, client, c.code, undefined);
    expect(expired.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/expired/),
    });
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { code } = await authorize(t, client, cookie);
    const res = await exchangeCode(t, client, code, undefined, { redirect_uri: 'https://rb.example.test/callback/' });
    expect(res.json().error).toBe('invalid_grant');
  });

  it('answers invalid_client for a wrong secret, an unknown client and with a Basic challenge', async () => {
    const wrong = await token(
      { grant_type: 'client_credentials' },
      { authorization: basic({ ...client, client_secret: `${client.client_secret}x` }) },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    const post = await token(
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: 'nope' },
      {},
    );
    expect(post.json().error).toBe('invalid_client');
    const ok = await token({ grant_type: 'client_credentials' });
    expect(ok.statusCode).toBe(200);
    expect(decodeJwt(ok.json().access_token)).toMatchObject({
      sub: client.client_id,
      scope: 'read:profile read:organization',
    });
    // No session row behind it (issue 28): introspectable and revocable by its jti.
    const cc = ok.json().access_token;
    const introspect = () =>
      t.client.post('/oauth/introspect', { headers: { authorization: basic(client) }, form: { token: cc } });
    expect((await introspect()).json()).toMatchObject({
      active: true,
      sub: client.client_id,
      scope: 'read:profile read:organization',
    });
    await t.client.post('/oauth/revoke', { headers: { authorization: basic(client) }, form: { token: cc } });
    expect((await introspect()).json()).toEqual({ active: false });
  });

  it('rotates refresh tokens, answers the same pair within 10 s, and revokes the family on later reuse', async () => {
    const { code } = await authorize(t, client, cookie);
    const first = (await exchangeCode(t, client, code, undefined)).json();
    const r1 = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(r1.statusCode).toBe(200);
    const pair = r1.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    // A second tab presents the same (now used) token 5 s later: same answer, nobody signed out.
    t.clock.advance(5_000);
    const r2 = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(r2.json()).toEqual(pair);
    // 20 s after rotation the old token is a replay: the whole family dies.
    t.clock.advance(15_000);
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.json().error).toBe('invalid_grant');
    const next = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    expect(next.json().error).toBe('invalid_grant');
  });

  it('ends a refresh family after its absolute lifetime of 30 days', async () => {
    const { code } = await authorize(t, client, cookie);
    let rt = (await exchangeCode(t, client, code, undefined)).json().refresh_token;
    for (let i = 0; i < 3; i += 1) {
      t.clock.advanceMinutes(9 * 24 * 60);
      const r = await token({ grant_type: 'refresh_token', refresh_token: rt });
      expect(r.statusCode).toBe(200);
      rt = r.json().refresh_token;
    }
    t.clock.advanceMinutes(4 * 24 * 60);
    expect((await token({ grant_type: 'refresh_token', refresh_token: rt })).json().error).toBe('invalid_grant');
  });

  it('refuses an inactive client and audits grants and refusals', async () => {
    const other = await registerClient(t, { app_name: 'Sortstak' });
    const admin = await signedInUser(t.hub, ['super_admin']);
    const patch = await t.client
      .asBrowser(admin.cookie)
      .patch(`/api/admin/oauth-clients/${other.id}`, { body: { is_active: false } });
    expect(patch.statusCode).toBe(200);
    const res = await token({ grant_type: 'client_credentials' }, { authorization: basic(other) });
    expect(res.json().error).toBe('invalid_client');
    const types = (await t.hub.db.select({ type: auditLogs.eventType }).from(auditLogs)).map((r) => r.type);
    expect(types).toContain('oauth_token_issued');
    expect(types).toContain('oauth_invalid_client');
    expect(types).toContain('oauth_code_reuse');
    expect(types).toContain('oauth_refresh_reuse');
    expect(types).toContain('oauth_token_refused');
  });

  it('accepts a client only by the authentication method it registered', async () => {
    const viaPost = await registerClient(t, { app_name: 'Posting', token_endpoint_auth_method: 'client_secret_post' });
    const inBody = { client_id: viaPost.client_id, client_secret: viaPost.client_secret! };
    const registeredWay = await token({ grant_type: 'client_credentials', ...inBody }, {});
    expect(registeredWay.statusCode).toBe(200);
    // The right secret in the wrong place is refused, at each endpoint that authenticates clients.
    const postClientByBasic = await token({ grant_type: 'client_credentials' }, { authorization: basic(viaPost) });
    const basicClientByPost = await token(
      { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret! },
      {},
    );
    for (const res of [postClientByBasic, basicClientByPost]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    const accessToken: string = registeredWay.json().access_token;
    const introspect = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
      t.client.post('/oauth/introspect', { headers, form: { token: accessToken, ...extra } });
    expect((await introspect({ authorization: basic(viaPost) })).statusCode).toBe(401);
    expect((await introspect({}, inBody)).json()).toMatchObject({ active: true, client_id: viaPost.client_id });
    const revoke = await t.client.post('/oauth/revoke', {
      headers: { authorization: basic(viaPost) },
      form: { token: accessToken },
    });
    expect(revoke.statusCode).toBe(401);
    expect((await introspect({}, inBody)).json().active).toBe(true);
  });

  it('refuses unsupported grant types and missing parameters the RFC way', async () => {
    const res = await token({ grant_type: 'password', username: 'a', password: 'b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    expect((await token({})).json().error).toBe('invalid_request');
  });

  it('grants CORS on the token endpoint only to origins a client registered', async () => {
    await registerClient(t, {
      app_name: 'SPA',
      allowed_origins: ['https://spa.example.test'],
      token_endpoint_auth_method: 'none',
      redirect_uris: ['https://spa.example.test/cb'],
    });
    const pre = await t.client.request('OPTIONS', '/oauth/token', {
      headers: { origin: 'https://spa.example.test', 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://spa.example.test');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await t.client.request('OPTIONS', '/oauth/token', {
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'POST' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const real = await token(
      { grant_type: 'client_credentials' },
      { authorization: basic(client), origin: 'https://spa.example.test' },
    );
    expect(real.headers['access-control-allow-origin']).toBe('https://spa.example.test');
  });
});
