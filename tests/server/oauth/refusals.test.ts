import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { auditMark } from '../../helpers/audit-mark';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { authorize, basic, exchangeCode, registerClient, type RegisteredClient } from './oauth-helpers';

const UA = 'refusal-test/1';
const ORIGIN = 'https://spa.example.test';
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * Every OAuth endpoint refuses by throwing; the one error hook (plugins/errors.ts) renders the
 * RFC 6749 §5.2 / RFC 6750 answer and writes the refusal's one audit row. Each case below sends
 * one refusal and reads every row written since: exactly the event the refusal stands for (or
 * none), so an endpoint that wrote its own row as well would show two.
 */
describe.each(TEST_DATABASES)('OAuth refusals go through the error hook [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    client = await registerClient(t, { allowed_origins: [ORIGIN] });
    const u = await signedInUser(t.hub);
    cookie = u.cookie;
    userId = u.user.id;
    // Keys, the first grant and its rows are in place before any case counts rows.
    const { code } = await authorize(t, client, cookie);
    expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
  });

  /** Sends one request and answers it with every audit row it wrote. */
  async function rowsOf(send: () => Promise<LightMyRequestResponse>) {
    const since = await auditMark(t.hub.db);
    const res = await send();
    const rows = await t.hub.db
      .select({
        type: auditLogs.eventType,
        userId: auditLogs.userId,
        sessionId: auditLogs.sessionId,
        ipAddress: auditLogs.ipAddress,
        userAgent: auditLogs.userAgent,
        requestId: auditLogs.requestId,
        details: auditLogs.details,
      })
      .from(auditLogs)
      .where(since)
      .orderBy(asc(auditLogs.occurredAt), asc(auditLogs.id));
    // Read as people read them: the personal data opened (audit/shredding.ts).
    return { res, rows: await t.hub.audit.subjectKeys.openRows(t.hub.db, rows) };
  }

  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.client.post(url, { form, headers: { 'user-agent': UA, ...headers } });
  /** RFC 6749 §5.2: a client that failed authentication over Basic is challenged to try again. */
  const expectBasicChallenge = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    expect(res.headers).toMatchObject({ ...NO_STORE, 'www-authenticate': 'Basic realm="hub"' });
  };
  const wrongSecret = () => basic({ ...client, client_secret: `${client.client_secret}x` });
  const row = (type: string, details: Record<string, unknown>, user: string | null = null) => ({
    type,
    userId: user,
    sessionId: null,
    ipAddress: '127.0.0.1',
    userAgent: UA,
    requestId: null,
    details,
  });

  it('token: a client that fails authentication over Basic gets a challenge and one oauth_invalid_client row', async () => {
    const { res, rows } = await rowsOf(() =>
      post(
        '/oauth/token',
        { grant_type: 'client_credentials' },
        { authorization: wrongSecret(), origin: ORIGIN, cookie },
      ),
    );
    expectBasicChallenge(res);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    // The browser session's cookie is not the token request's actor: no user, session or request id.
    expect(rows).toEqual([
      row('oauth_invalid_client', {
        grant_type: 'client_credentials',
        client_id: null,
        error: 'invalid_client',
        description: 'Client authentication failed.',
      }),
    ]);
  });

  it('token: a client authenticating in the body gets no challenge; the unknown client id is cut to 100', async () => {
    const long = 'x'.repeat(150);
    const { res, rows } = await rowsOf(() =>
      post('/oauth/token', { grant_type: 'client_credentials', client_id: long, client_secret: 's' }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(rows).toEqual([
      row('oauth_invalid_client', {
        grant_type: 'client_credentials',
        client_id: long.slice(0, 100),
        error: 'invalid_client',
        description: 'Client authentication failed.',
      }),
    ]);
  });

  it('token: a refused request names the grant and the authenticated client', async () => {
    const { res, rows } = await rowsOf(() =>
      post('/oauth/token', { grant_type: 'password' }, { authorization: basic(client) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant_type: password.',
    });
    expect(res.headers).toMatchObject(NO_STORE);
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(rows).toEqual([
      row('oauth_token_refused', {
        grant_type: 'password',
        client_id: null,
        error: 'unsupported_grant_type',
        description: 'Unsupported grant_type: password.',
      }),
    ]);
    const scope = await rowsOf(() =>
      post('/oauth/token', { grant_type: 'client_credentials', scope: 'admin' }, { authorization: basic(client) }),
    );
    expect(scope.res.statusCode).toBe(400);
    const body = scope.res.json();
    expect(scope.rows).toEqual([
      row('oauth_token_refused', {
        grant_type: 'client_credentials',
        client_id: client.client_id,
        error: body.error,
        description: body.error_description,
      }),
    ]);
  });

  it('token: a replayed code is one oauth_code_reuse row naming the user', async () => {
    const { code } = await authorize(t, client, cookie);
    expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
    const { res, rows } = await rowsOf(() =>
      post(
        '/oauth/token',
        { grant_type: 'authorization_code', code, redirect_uri: client.redirect_uris[0] },
        { authorization: basic(client) },
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('invalid_grant');
    expect(rows).toEqual([
      row(
        'oauth_code_reuse',
        {
          grant_type: 'authorization_code',
          client_id: client.client_id,
          error: 'invalid_grant',
          description: body.error_description,
        },
        userId,
      ),
    ]);
  });

  it('token: a refresh token used again is one oauth_refresh_reuse row', async () => {
    const { code } = await authorize(t, client, cookie);
    const first = (await exchangeCode(t, client, code, undefined)).json();
    const refresh = () =>
      post(
        '/oauth/token',
        { grant_type: 'refresh_token', refresh_token: first.refresh_token },
        { authorization: basic(client) },
      );
    expect((await refresh()).statusCode).toBe(200);
    t.clock.advance(60_000);
    const { res, rows } = await rowsOf(refresh);
    expect(res.statusCode).toBe(400);
    expect(rows).toEqual([
      row('oauth_refresh_reuse', {
        grant_type: 'refresh_token',
        client_id: client.client_id,
        error: 'invalid_grant',
        description: 'The refresh token was already used; the whole grant is revoked.',
      }),
    ]);
  });

  it('introspect: invalid_client is one row naming the endpoint; a missing token is refused without one', async () => {
    const { res, rows } = await rowsOf(() =>
      post('/oauth/introspect', { token: 'x', client_id: client.client_id }, { authorization: wrongSecret() }),
    );
    expectBasicChallenge(res);
    expect(rows).toEqual([
      row('oauth_invalid_client', {
        endpoint: 'introspect',
        client_id: client.client_id,
        error: 'invalid_client',
        description: 'Client authentication failed.',
      }),
    ]);
    const missing = await rowsOf(() => post('/oauth/introspect', {}, { authorization: basic(client) }));
    expect(missing.res.statusCode).toBe(400);
    expect(missing.res.json()).toEqual({ error: 'invalid_request', error_description: 'token is required.' });
    expect(missing.rows).toEqual([]);
  });

  it('revoke: refusals are rendered with the Basic challenge and write no row', async () => {
    const { res, rows } = await rowsOf(() =>
      post('/oauth/revoke', { token: 'x' }, { authorization: wrongSecret(), origin: ORIGIN }),
    );
    expectBasicChallenge(res);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(rows).toEqual([]);
  });

  it('userinfo: an RFC 6750 challenge with CORS, and no row', async () => {
    const { res, rows } = await rowsOf(() =>
      t.client.get('/oauth/userinfo', { headers: { authorization: 'Bearer not-a-token', origin: ORIGIN } }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'invalid_token',
      error_description: 'The access token is invalid or expired.',
    });
    expect(res.headers).toMatchObject({
      ...NO_STORE,
      'www-authenticate': `Bearer error="invalid_token", error_description="The access token is invalid or expired."`,
      'access-control-allow-origin': ORIGIN,
    });
    expect(rows).toEqual([]);
  });

  it('authorize: an untrusted client is the hub’s error page and one row; after the redirect URI, one row and a redirect', async () => {
    const page = await rowsOf(() =>
      t.client.get(`/oauth/authorize?${new URLSearchParams({ client_id: 'nobody', response_type: 'code' })}`, {
        cookie,
        headers: { 'user-agent': UA },
      }),
    );
    expect(page.res.statusCode).toBe(400);
    expect(page.res.headers['content-type']).toMatch(/^text\/html/);
    expect(page.res.headers['cache-control']).toBe('no-store');
    expect(page.res.body).toContain('No application is registered with this client_id.');
    expect(page.rows).toEqual([
      row('oauth_authorize_refused', {
        client_id: 'nobody',
        error: 'invalid_client',
        description: 'No application is registered with this client_id.',
        redirected: false,
      }),
    ]);
    // Past the session step the refusal names the signed-in user.
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      response_type: 'code',
    }).toString();
    const forged = await rowsOf(() =>
      post('/oauth/authorize/decision', { request: query, decision: 'allow', csrf: 'forged' }, { cookie }),
    );
    expect(forged.res.statusCode).toBe(400);
    expect(forged.rows).toEqual([
      row(
        'oauth_authorize_refused',
        {
          client_id: client.client_id,
          error: 'invalid_request',
          description: 'The form expired or did not come from this hub.',
          redirected: false,
        },
        userId,
      ),
    ]);
    const redirect = await rowsOf(() =>
      t.client.get(
        `/oauth/authorize?${new URLSearchParams({
          client_id: client.client_id,
          redirect_uri: client.redirect_uris[0],
          response_type: 'token',
          state: 's1',
        })}`,
        { headers: { 'user-agent': UA } },
      ),
    );
    expect(redirect.res.statusCode).toBe(302);
    const location = new URL(String(redirect.res.headers.location));
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('state')).toBe('s1');
    expect(redirect.rows).toEqual([
      row('oauth_authorize_refused', {
        client_id: client.client_id,
        error: 'unsupported_response_type',
        description: location.searchParams.get('error_description'),
        redirected: true,
      }),
    ]);
  });

  it('no OAuth endpoint renders or records a refusal itself', () => {
    const dirs = ['endpoints', 'authorize', 'grants'].map(
      (d) => new URL(`../../../src/server/oauth/${d}/`, import.meta.url).pathname,
    );
    for (const dir of dirs) {
      for (const file of readdirSync(dir)) {
        const text = readFileSync(join(dir, file), 'utf8');
        expect(text, file).not.toMatch(/sendOAuthError|auditDetails|oauth_(invalid_client|token_refused)'/);
      }
    }
  });
});
