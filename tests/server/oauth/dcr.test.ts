import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs, oauthClients, webhookDeliveries, webhookEndpoints } from '../../../src/server/db/schema/index';
import { expireUnusedRegistrations, DCR_RATE_LIMIT } from '../../../src/server/oauth/registration/service';
import { redirectUriMatches } from '../../../src/server/oauth/authorize/check-redirect-uri';
import { pkcePair } from './oauth-helpers';
import { listenOnLoopback } from '../../helpers/loopback-server';

const DAY = 86_400_000;

/** A native (loopback) public client, as an MCP client registers itself. */
const nativeClient = {
  client_name: 'Agent Desktop',
  redirect_uris: ['http://127.0.0.1/callback'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  scope: 'openid profile email',
  software_id: 'agent-desktop',
  software_version: '1.2.3',
};

describe('redirect URI matching (RFC 8252 §7.3)', () => {
  it('ignores only the port of a loopback http redirect', () => {
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:53111/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:8080/cb', 'http://127.0.0.1:9/cb')).toBe(true);
    expect(redirectUriMatches('http://localhost/cb?x=1', 'http://localhost:3000/cb?x=1')).toBe(true);
    expect(redirectUriMatches('http://[::1]/cb', 'http://[::1]:4000/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:5000/cb/')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.2:5000/cb')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1?a', 'http://127.0.0.1:5000?b')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://u@127.0.0.1:5000/cb')).toBe(false);
    expect(redirectUriMatches('https://app.example/cb', 'https://app.example:444/cb')).toBe(false);
    expect(redirectUriMatches('http://app.example/cb', 'http://app.example:81/cb')).toBe(false);
  });
});

/**
 * Issue 40: RFC 8414 metadata and RFC 7591 / 7592 dynamic client registration under each policy,
 * through the HTTP API as a client (and an administrator) would use it.
 */
describe.each(TEST_DATABASES)('dynamic client registration [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let address = 0;
  /** A fresh administrator each time: the tests move the clock by days, past any session. */
  const adminCookie = async () => (await signedInUser(t.hub, ['platform_admin'])).cookie;

  /** Each test registers from its own address: the per-address limit is tested on its own. */
  const from = () => `10.0.0.${++address}`;
  const setPolicy = async (policy: Record<string, unknown>) => {
    const res = await t.client.asBrowser(await adminCookie()).put('/api/admin/oauth-clients/dcr-policy', {
      body: {
        mode: 'open',
        allowed_scopes: ['openid', 'profile', 'email', 'offline_access', 'read:profile'],
        client_id_metadata_documents: false,
        unused_expiry_days: 30,
        ...policy,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const register = (body: unknown, headers: Record<string, string> = {}, remoteAddress = from()) =>
    t.client.post('/oauth/register', { body: body as Record<string, unknown>, headers, remoteAddress });
  const refusals = () =>
    t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'client_registration_refused'));
  const dynamicCount = async () =>
    (await t.hub.db.select().from(oauthClients).where(eq(oauthClients.registration, 'dynamic'))).length;

  it('serves RFC 8414 metadata consistent with OpenID discovery, naming the registration endpoint only when on', async () => {
    const oidc = (await t.client.get('/.well-known/openid-configuration')).json();
    const off = await t.client.get('/.well-known/oauth-authorization-server');
    expect(off.statusCode).toBe(200);
    const offDoc = off.json();
    expect(offDoc.registration_endpoint).toBeUndefined();
    for (const k of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'scopes_supported'])
      expect(offDoc[k]).toEqual(oidc[k]);
    expect(offDoc.code_challenge_methods_supported).toEqual(['S256']);
    expect(offDoc.client_id_metadata_document_supported).toBeUndefined();
    await setPolicy({ mode: 'token', client_id_metadata_documents: true });
    const on = (await t.client.get('/.well-known/oauth-authorization-server')).json();
    expect(on.registration_endpoint).toBe(`${oidc.issuer}/oauth/register`);
    expect(on.client_id_metadata_document_supported).toBe(true);
    // The path-suffixed form exists only for an issuer with a path (this one has none).
    expect((await t.client.get('/.well-known/oauth-authorization-server/tenant')).statusCode).toBe(404);
    const view = (await t.client.get('/api/admin/oauth-clients/dcr-policy', { cookie: await adminCookie() })).json();
    expect(view).toMatchObject({ source: 'admin', policy: { mode: 'token' } });
  });

  it('off: refuses every registration with an RFC error, audited, nothing stored', async () => {
    await setPolicy({ mode: 'off' });
    const res = await register(nativeClient);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'access_denied' });
    expect(await dynamicCount()).toBe(0);
    const [event] = await refusals();
    expect(event.details).toMatchObject({ operation: 'register', error: 'access_denied' });
  });

  it('token: needs an initial access token an administrator issued, unexpired and with uses left', async () => {
    await setPolicy({ mode: 'token' });
    const none = await register(nativeClient);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('invalid_token');
    expect(none.headers['www-authenticate']).toContain('invalid_token');
    const unknown = await register(nativeClient, { authorization: 'Bearer hubiat_nope' });
    expect(unknown.statusCode).toBe(401);

    const user = await signedInUser(t.hub);
    const issue = (cookie: string, body: Record<string, unknown>) =>
      t.client.asBrowser(cookie).post('/api/admin/oauth-clients/initial-access-tokens', { body });
    expect((await issue(user.cookie, { label: 'x' })).statusCode).toBe(403);
    const once = await issue(await adminCookie(), { label: 'Agent vendor', max_uses: 1, expires_in_days: 1 });
    expect(once.statusCode, once.body).toBe(201);
    const { token, id } = once.json();
    expect(token).toMatch(/^hubiat_/);
    const listed = await t.client.get('/api/admin/oauth-clients/initial-access-tokens', {
      cookie: await adminCookie(),
    });
    expect(listed.body).not.toContain(token);
    expect(listed.json().tokens[0]).toMatchObject({ id, uses: 0, max_uses: 1 });

    const ok = await register(nativeClient, { authorization: `Bearer ${token}` });
    expect(ok.statusCode, ok.body).toBe(201);
    const usedUp = await register(nativeClient, { authorization: `Bearer ${token}` });
    expect(usedUp.statusCode).toBe(401);
    expect(usedUp.json().error_description).toContain('used up');

    const later = (await issue(await adminCookie(), { label: 'Expiring', max_uses: 5, expires_in_days: 1 })).json();
    t.clock.advance(2 * DAY);
    const expired = await register(nativeClient, { authorization: `Bearer ${later.token}` });
    expect(expired.statusCode).toBe(401);
    expect(await dynamicCount()).toBe(1);
    const [row] = await t.hub.db.select().from(oauthClients).where(eq(oauthClients.clientId, ok.json().client_id));
    expect(row).toMatchObject({ registeredVia: 'initial_access_token', initialAccessTokenId: id });
    // An invalid body with a valid token spends nothing.
    const third = (await issue(await adminCookie(), { label: 'Third', max_uses: 1 })).json();
    const bad = await register(
      { redirect_uris: ['http://evil.example/cb'] },
      { authorization: `Bearer ${third.token}` },
    );
    expect(bad.json().error).toBe('invalid_redirect_uri');
    expect((await register(nativeClient, { authorization: `Bearer ${third.token}` })).statusCode).toBe(201);
  });

  it('open: registers a third-party public client without a secret, audited, with a dynamic client.created webhook', async () => {
    await setPolicy({ mode: 'open' });
    const hook = await t.client
      .asBrowser(await adminCookie())
      .post('/api/admin/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['client.created'] } });
    expect(hook.statusCode, hook.body).toBe(201);
    const res = await register({ ...nativeClient, unknown_field: 'ignored', client_uri: 'https://agent.example/' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = res.json();
    expect(info).toMatchObject({
      client_name: 'Agent Desktop',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'openid profile email',
      software_id: 'agent-desktop',
      client_uri: 'https://agent.example/',
    });
    expect(info.client_secret).toBeUndefined();
    expect(info.unknown_field).toBeUndefined();
    expect(info.registration_access_token).toMatch(/^hubrat_/);
    expect(info.registration_client_uri).toMatch(new RegExp(`/oauth/register/${info.client_id}$`));
    const [row] = await t.hub.db.select().from(oauthClients).where(eq(oauthClients.clientId, info.client_id));
    expect(row).toMatchObject({ appType: 'third_party', registration: 'dynamic', registeredVia: 'open' });
    expect(row.clientSecretHash).toBeNull();
    expect(row.registrationAccessTokenHash).not.toContain(info.registration_access_token);
    const created = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'client_created'));
    const mine = created.find((e) => (e.details as { client_id: string }).client_id === info.client_id);
    expect(mine!.details).toMatchObject({
      registration: 'dynamic',
      registered_via: 'open',
      software_id: 'agent-desktop',
    });
    const [delivery] = await t.hub.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.json().webhook.id));
    expect(delivery.payload).toMatchObject({
      type: 'client.created',
      data: { client_id: info.client_id, registration: 'dynamic', app_type: 'third_party' },
    });
    await t.hub.db.delete(webhookEndpoints);
    await t.hub.outbox.refresh();
  });

  it('RFC 7592: reads, replaces and deletes with the registration access token only', async () => {
    await setPolicy({ mode: 'open' });
    const a = (await register(nativeClient)).json();
    const b = (await register(nativeClient)).json();
    const path = `/oauth/register/${a.client_id}`;
    const auth = { authorization: `Bearer ${a.registration_access_token}` };
    expect((await t.client.get(path)).statusCode).toBe(401);
    const wrong = await t.client.get(path, { headers: { authorization: `Bearer ${b.registration_access_token}` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_token');
    const unknown = await t.client.get('/oauth/register/hub_nope', { headers: auth });
    expect(unknown.statusCode).toBe(401);
    const read = await t.client.get(path, { headers: auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ client_id: a.client_id, client_name: 'Agent Desktop' });
    expect(read.json().registration_access_token).toBeUndefined();

    const replacement = { ...nativeClient, client_id: a.client_id, client_name: 'Agent Desktop 2', scope: 'openid' };
    expect((await t.client.put(path, { body: replacement })).statusCode).toBe(401);
    const mismatch = await t.client.put(path, { body: { ...replacement, client_id: b.client_id }, headers: auth });
    expect(mismatch.json().error).toBe('invalid_client_metadata');
    const widen = await t.client.put(path, { body: { ...replacement, scope: 'openid ssf.manage' }, headers: auth });
    expect(widen.json().error).toBe('invalid_client_metadata');
    const put = await t.client.put(path, { body: replacement, headers: auth });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ client_name: 'Agent Desktop 2', scope: 'openid' });
    expect(put.json().software_version).toBe('1.2.3');
    const updated = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'client_updated'));
    expect(updated.at(-1)!.details).toMatchObject({ client_id: a.client_id, fields: ['appName', 'scopes'] });

    expect((await t.client.delete(path)).statusCode).toBe(401);
    const del = await t.client.delete(path, { headers: auth });
    expect(del.statusCode).toBe(204);
    expect((await t.client.get(path, { headers: auth })).statusCode).toBe(401);
    const [gone] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'client_deleted'));
    expect(gone.details).toMatchObject({ client_id: a.client_id, registration: 'dynamic', by: 'client' });
    const ops = (await refusals()).map((r) => (r.details as { operation: string }).operation);
    expect(ops).toEqual(expect.arrayContaining(['read', 'update', 'delete']));
  });

  it('refuses each invalid metadata case of RFC 7591 §3.2.2 with its error code, storing nothing', async () => {
    await setPolicy({ mode: 'open', allowed_scopes: ['openid', 'profile', 'email'] });
    const before = await dynamicCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...nativeClient, redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: undefined }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: ['myapp:/cb'] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, redirect_uris: ['https://user:pw@app.example/cb'] }, 'invalid_redirect_uri'],
      [{ ...nativeClient, token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
      [{ ...nativeClient, token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
      [{ ...nativeClient, grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
      [{ ...nativeClient, grant_types: ['refresh_token'] }, 'invalid_client_metadata'],
      [{ ...nativeClient, response_types: ['token'] }, 'invalid_client_metadata'],
      [{ ...nativeClient, logo_uri: 'http://app.example/logo.png' }, 'invalid_client_metadata'],
      [{ ...nativeClient, client_uri: 'javascript:alert(1)' }, 'invalid_client_metadata'],
      [{ ...nativeClient, policy_uri: 'not a url' }, 'invalid_client_metadata'],
      [{ ...nativeClient, contacts: ['not-an-email'] }, 'invalid_client_metadata'],
      [{ ...nativeClient, client_name: '' }, 'invalid_client_metadata'],
      [{ ...nativeClient, jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] } }, 'invalid_client_metadata'],
      [{ ...nativeClient, scope: 'openid ssf.manage' }, 'invalid_client_metadata'],
      [{ ...nativeClient, scope: 'openid read:profile' }, 'invalid_client_metadata'],
      [{ ...nativeClient, scope: 'openid made-up' }, 'invalid_client_metadata'],
    ];
    for (const [body, error] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe(error);
    }
    expect(await dynamicCount()).toBe(before);
    // The forms that are allowed: a private-use scheme, https, and a private_key_jwt client with keys.
    const ok = await register({
      ...nativeClient,
      redirect_uris: ['com.example.agent:/cb', 'https://agent.example/cb'],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('matches a loopback redirect on any port; a dynamic client gets no scope beyond its registration', async () => {
    await setPolicy({ mode: 'open', allowed_scopes: ['openid', 'profile', 'email', 'read:profile'] });
    const info = (await register(nativeClient)).json();
    const user = await signedInUser(t.hub);
    const { challenge } = pkcePair();
    const ask = (redirect: string, scope = 'openid profile') =>
      t.client.get(
        `/oauth/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: info.client_id,
          redirect_uri: redirect,
          scope,
          state: 's',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        })}`,
        { cookie: user.cookie },
      );
    const anyPort = await ask('http://127.0.0.1:53682/callback');
    expect(anyPort.statusCode).toBe(200);
    expect(anyPort.body).toContain('Agent Desktop');
    expect((await ask('http://127.0.0.1:53682/other')).statusCode).toBe(400);
    expect((await ask('http://localhost:53682/callback')).statusCode).toBe(400);
    const wider = await ask('http://127.0.0.1:1234/callback', 'openid read:profile');
    expect(wider.statusCode).toBe(302);
    const location = new URL(String(wider.headers.location));
    expect(location.port).toBe('1234');
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    // A dynamic client cannot make its client_uri an API the hub issues tokens for.
    const squatter = (await register({ ...nativeClient, client_uri: 'https://api.example.test' })).json();
    const res = await t.client.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: squatter.client_id,
        redirect_uri: 'http://127.0.0.1:9/callback',
        scope: 'openid',
        resource: 'https://api.example.test',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
      { cookie: user.cookie },
    );
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_target');
  });

  it('administration: lists dynamic clients apart, approves, suspends, deletes; unused ones expire', async () => {
    await setPolicy({ mode: 'open', unused_expiry_days: 30 });
    const keep = (await register({ ...nativeClient, client_name: 'Keep' })).json();
    await (await register({ ...nativeClient, client_name: 'Drop' })).json();
    const stale = (await register({ ...nativeClient, client_name: 'Stale' })).json();
    const asAdmin = t.client.asBrowser(await adminCookie());
    const list = (await t.client.get('/api/admin/oauth-clients/dynamic', { cookie: await adminCookie() })).json();
    const byName = (name: string) => list.clients.find((c: { client_name: string }) => c.client_name === name);
    expect(byName('Keep')).toMatchObject({ client_id: keep.client_id, approved: false, registered_via: 'open' });
    expect(byName('Keep').expires_at).toBeTruthy();
    const user = await signedInUser(t.hub);
    expect((await t.client.get('/api/admin/oauth-clients/dynamic', { cookie: user.cookie })).statusCode).toBe(403);

    expect((await asAdmin.post(`/api/admin/oauth-clients/dynamic/${byName('Keep').id}/approve`)).statusCode).toBe(204);
    const suspend = await asAdmin.patch(`/api/admin/oauth-clients/${byName('Drop').id}`, {
      body: { is_active: false },
    });
    expect(suspend.statusCode).toBe(200);
    const del = await asAdmin.delete(`/api/admin/oauth-clients/dynamic/${byName('Drop').id}`);
    expect(del.statusCode).toBe(200);
    expect((await asAdmin.delete(`/api/admin/oauth-clients/dynamic/${byName('Drop').id}`)).statusCode).toBe(404);
    const after = (await t.client.get('/api/admin/oauth-clients/dynamic', { cookie: await adminCookie() })).json();
    const names = after.clients.map((c: { client_name: string }) => c.client_name);
    expect(names).not.toContain('Drop');
    expect(after.clients.find((c: { client_name: string }) => c.client_name === 'Keep')).toMatchObject({
      approved: true,
      expires_at: null,
    });

    t.clock.advance(31 * DAY);
    expect(await expireUnusedRegistrations(t.hub)).toBeGreaterThan(0);
    const left = await t.hub.db.select().from(oauthClients).where(eq(oauthClients.registration, 'dynamic'));
    expect(left.map((c) => c.clientId)).toEqual([keep.client_id]);
    expect(left.find((c) => c.clientId === stale.client_id)).toBeUndefined();
  });

  it('client ID metadata documents: off unless enabled, fetched through the outbound module, redirect URIs enforced', async () => {
    let fetched = 0;
    let document: Record<string, unknown> = {};
    const server = createServer((_req, res) => {
      fetched++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
      res.end(JSON.stringify(document));
    });
    const upstream = await listenOnLoopback(server);
    try {
      const clientId = `${upstream.origin}/agent/client.json`;
      document = { ...nativeClient, client_id: clientId, client_name: 'Metadata Agent', scope: 'openid profile' };
      const user = await signedInUser(t.hub);
      const ask = (redirect = 'http://127.0.0.1:7777/callback', id = clientId) =>
        t.client.get(
          `/oauth/authorize?${new URLSearchParams({
            response_type: 'code',
            client_id: id,
            redirect_uri: redirect,
            scope: 'openid profile',
            code_challenge: pkcePair().challenge,
            code_challenge_method: 'S256',
          })}`,
          { cookie: user.cookie },
        );
      await setPolicy({ mode: 'off', client_id_metadata_documents: false });
      expect((await ask()).statusCode).toBe(400);
      expect(fetched).toBe(0);

      await setPolicy({ mode: 'off', client_id_metadata_documents: true });
      const page = await ask();
      expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
      expect(page.body).toContain('Metadata Agent wants to access your account');
      expect(page.body).toContain('Not reviewed by this hub');
      expect(fetched).toBe(1);
      const [row] = await t.hub.db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
      expect(row).toMatchObject({ registration: 'dynamic', registeredVia: 'metadata_document' });
      // Cached by its max-age: a second request fetches nothing; a redirect it does not list is refused.
      expect((await ask('https://evil.example/cb')).statusCode).toBe(400);
      expect(fetched).toBe(1);
      // After max-age it is fetched again; a document naming another client_id is refused.
      t.clock.advance(301_000);
      document = { ...document, client_id: `${upstream.origin}/other.json` };
      const wrong = await ask();
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('does not name this client_id');
      expect(fetched).toBe(2);
      document = { ...nativeClient, client_id: `${upstream.origin}/big.json`, padding: 'x'.repeat(6000) };
      expect((await ask(undefined, `${upstream.origin}/big.json`)).statusCode).toBe(400);
    } finally {
      await upstream.close();
    }
  });

  it('limits registrations per address, with Retry-After', async () => {
    await setPolicy({ mode: 'open' });
    const address = '10.9.9.9';
    for (let i = 0; i < DCR_RATE_LIMIT; i++) expect((await register({}, {}, address)).statusCode).toBe(400);
    const limited = await register(nativeClient, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const audited = (await refusals()).map((r) => r.details as { error: string });
    expect(audited.filter((d) => d.error === 'rate_limited')).toHaveLength(1);
    expect((await register(nativeClient, {}, '10.9.9.10')).statusCode).toBe(201);
  });
});
