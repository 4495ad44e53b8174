import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import passport from 'passport';
import { Strategy, type SessionStoreContext, type StrategyOptions } from 'passport-openidconnect';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/fixtures';
import { createClient } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';
import { startE2E, type E2E } from './harness';
import { signInOnHub } from './hub-sign-in';

/** OIDC Back-Channel Logout 1.0 §2.4: the member of `events` that makes a JWT a logout token. */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

interface SignedIn {
  claims: JWTPayload;
  idToken: string;
  accessToken: string;
  refreshToken: string | undefined;
  scope: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  token_endpoint_auth_methods_supported: string[];
  backchannel_logout_supported: boolean;
}

type BrowserSession = Record<string, unknown> & { oidc?: SessionStoreContext & { handle: string } };

/**
 * passport-openidconnect's state store, kept in the app's session (this app has no
 * express-session: a cookie and a Map do). The library compares `auth_time` (whole seconds,
 * OIDC Core §2) with the request time in milliseconds, so a sign-in within the same second as
 * the request would look older than max_age=0 allows; the request time is kept in whole seconds.
 */
class BrowserStateStore {
  store(
    req: Request,
    ctx: SessionStoreContext,
    _appState: unknown,
    _meta: unknown,
    cb: (e: Error | null, h?: string) => void,
  ) {
    const handle = randomUUID();
    const issued = ctx.issued && new Date(Math.floor(new Date(ctx.issued).getTime() / 1000) * 1000);
    sessionOf(req).oidc = { ...ctx, ...(issued ? { issued: issued as unknown as string } : {}), handle };
    cb(null, handle);
  }
  verify(
    req: Request,
    handle: string,
    cb: (e: Error | null, ctx?: false | SessionStoreContext, info?: unknown) => void,
  ) {
    const session = sessionOf(req);
    const kept = session.oidc;
    delete session.oidc;
    if (!kept || kept.handle !== handle) return cb(null, false, { message: 'Invalid authorization request state.' });
    cb(null, { maxAge: kept.maxAge, nonce: kept.nonce, issued: kept.issued });
  }
}

const sessionOf = (req: Request) => (req as Request & { session: BrowserSession }).session;

/**
 * The hub driven by passport-openidconnect, a login middleware nobody on the team wrote, on
 * Express as a confidential client of another site: configured from discovery, client_secret_post,
 * state, nonce, max_age=0, an RFC-shaped token error surfaced by the library, RP-initiated logout
 * by a form POST from the app, and a back-channel logout receiver that verifies the logout token
 * with jose per Back-Channel Logout 1.0 §2.4.
 */
describe('OpenID Connect with passport-openidconnect on Express (another site)', () => {
  let e2e: E2E;
  let rp: Server;
  let rpUrl: string;
  let clientId: string;
  let email: string;
  let userId: string;
  let meta: Discovery;
  const logins: SignedIn[] = [];
  const tokenRequests: { headers: Record<string, string>; body: URLSearchParams }[] = [];
  const rpErrors: { name: string; code: unknown }[] = [];
  const logoutTokens: { header: ProtectedHeaderParameters; payload: JWTPayload }[] = [];
  const refusedLogoutTokens: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E({ config: { outboundAllowPrivate: true } });
    const user = await createUser(e2e.hub.hub, { fullName: 'Paul Port' });
    email = user.email;
    userId = user.id;
    meta = await (await fetch(`${e2e.baseUrl}/.well-known/openid-configuration`)).json();
    expect(meta.token_endpoint_auth_methods_supported).toContain('client_secret_post');
    expect(meta.backchannel_logout_supported).toBe(true);

    // The app listens on 127.0.0.1 and is browsed as http://localhost: another site than the hub.
    const app = express();
    rp = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    const port = (rp.address() as AddressInfo).port;
    rpUrl = `http://localhost:${port}`;
    const created = await createClient(
      e2e.hub.hub,
      {
        app_name: 'Passport app',
        app_url: rpUrl,
        redirect_uris: [`${rpUrl}/cb/hub`, `${rpUrl}/cb/hub-fresh`, `${rpUrl}/cb/hub-wrong-secret`],
        post_logout_redirect_uris: [`${rpUrl}/bye`],
        scopes: ['openid', 'profile', 'email', 'offline_access'],
        app_type: 'platform',
        token_endpoint_auth_method: 'client_secret_post',
        backchannel_logout_uri: `http://127.0.0.1:${port}/backchannel`,
      },
      systemActor(),
    );
    clientId = created.client.clientId;
    mountApp(app, created.clientSecret!);
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => rp?.close(r));
  });

  function mountApp(app: express.Express, clientSecret: string) {
    const jwks = createRemoteJWKSet(new URL(meta.jwks_uri));
    const store = new BrowserStateStore();
    const strategy = (name: string, extra: Partial<StrategyOptions>) => {
      // Everything but the client's own registration comes from discovery.
      const s = new Strategy(
        {
          issuer: meta.issuer,
          authorizationURL: meta.authorization_endpoint,
          tokenURL: meta.token_endpoint,
          userInfoURL: meta.userinfo_endpoint,
          clientID: clientId,
          clientSecret,
          callbackURL: `${rpUrl}/cb/${name}`,
          scope: ['profile', 'email'],
          nonce: 'true',
          store,
          ...extra,
        },
        (
          _issuer: string,
          _profile: unknown,
          _context: object,
          idToken: string | object,
          accessToken: string | object,
          refreshToken: string,
          params: { scope: string },
          done: (e: Error | null, user?: SignedIn) => void,
        ) => {
          // The library only decodes the ID token; the app checks its signature too.
          jwtVerify(String(idToken), jwks, { issuer: meta.issuer, audience: clientId }).then(
            ({ payload }) =>
              done(null, {
                claims: payload,
                idToken: String(idToken),
                accessToken: String(accessToken),
                refreshToken: refreshToken || undefined,
                scope: params.scope,
              }),
            (e: Error) => done(e),
          );
        },
      );
      // A tap on what the library sends to the token endpoint (how it authenticates the client).
      const oauth2 = (s as unknown as { _oauth2: { _request: (...a: unknown[]) => void } })._oauth2;
      const send = oauth2._request.bind(oauth2);
      oauth2._request = (method, url, headers, body, ...rest) => {
        if (url === meta.token_endpoint)
          tokenRequests.push({ headers: headers as Record<string, string>, body: new URLSearchParams(String(body)) });
        send(method, url, headers, body, ...rest);
      };
      passport.use(name, s);
    };
    strategy('hub', {});
    strategy('hub-fresh', { maxAge: '0' });
    strategy('hub-wrong-secret', { clientSecret: 'not-the-secret' });

    const sessions = new Map<string, BrowserSession>();
    app.use((req, res, next) => {
      let sid = /(?:^|;\s*)rp_sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
      if (!sid || !sessions.has(sid)) {
        sid = randomUUID();
        sessions.set(sid, {});
        res.cookie('rp_sid', sid, { httpOnly: true, sameSite: 'lax' });
      }
      (req as Request & { session: BrowserSession }).session = sessions.get(sid)!;
      next();
    });
    app.use(express.urlencoded({ extended: false }));
    app.use(passport.initialize());
    app.get('/login/:name', (req, res, next) =>
      passport.authenticate(req.params.name, { session: false })(req, res, next),
    );
    app.get(
      '/cb/:name',
      (req, res, next) => passport.authenticate(req.params.name, { session: false })(req, res, next),
      (req, res) => {
        const login = req.user as SignedIn;
        logins.push(login);
        // RP-initiated logout by POST (RP-Initiated Logout 1.0 §2): a form to the discovered endpoint.
        const hidden = { id_token_hint: login.idToken, post_logout_redirect_uri: `${rpUrl}/bye`, state: 'rp-state' };
        res.type('html').send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body><h1>Signed in</h1>` +
            `<form method="post" action="${meta.end_session_endpoint}">` +
            Object.entries(hidden)
              .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
              .join('') +
            `<button type="submit">Sign out</button></form></body></html>`,
        );
      },
    );
    app.get('/bye', (_req, res) => res.type('html').send('<h1>Signed out of the app</h1>'));
    app.post('/backchannel', (req, res) => {
      const token = String(req.body.logout_token ?? '');
      verifyLogoutToken(token, jwks).then(
        (verified) => {
          logoutTokens.push(verified);
          res.set('cache-control', 'no-store').status(200).end();
        },
        (e: Error) => {
          refusedLogoutTokens.push(e.message);
          res.set('cache-control', 'no-store').status(400).json({ error: 'invalid_request' });
        },
      );
    });
    app.use((err: Error & { code?: unknown }, _req: Request, res: Response, _next: NextFunction) => {
      rpErrors.push({ name: err.name, code: err.code });
      res.status(500).type('html').send(`<h1>Sign-in failed</h1>`);
    });
  }

  /** Back-Channel Logout 1.0 §2.6 steps 3–5 on the claims of §2.4, with replay detection by jti. */
  const seenJti = new Set<string>();
  async function verifyLogoutToken(token: string, jwks: ReturnType<typeof createRemoteJWKSet>) {
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: meta.issuer,
      audience: clientId,
      typ: 'logout+jwt',
      requiredClaims: ['iat', 'jti', 'events'],
      maxTokenAge: '2 minutes',
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (typeof events?.[BACKCHANNEL_LOGOUT_EVENT] !== 'object') throw new Error('no back-channel logout event');
    if (!payload.sid && !payload.sub) throw new Error('neither sid nor sub');
    if ('nonce' in payload) throw new Error('a logout token must not carry a nonce');
    if (seenJti.has(payload.jti!)) throw new Error('replayed logout token');
    seenJti.add(payload.jti!);
    return { header: protectedHeader, payload };
  }

  const authorizeRequest = () =>
    e2e.page.waitForRequest((r) => r.url().startsWith(`${meta.authorization_endpoint}?`)).then((r) => new URL(r.url()));

  it('signs in with client_secret_post, state and nonce; without offline_access there is no refresh token', async () => {
    const { page } = e2e;
    const asked = authorizeRequest();
    await page.goto(`${rpUrl}/login/hub`);
    const request = (await asked).searchParams;
    expect(request.get('client_id')).toBe(clientId);
    expect(request.get('state')).toBeTruthy();
    expect(request.get('nonce')).toBeTruthy();
    await signInOnHub(e2e.page, email, { hubOrigin: e2e.baseUrl });
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(request.get('state'));
    expect(callback.searchParams.get('iss')).toBe(meta.issuer);

    expect(logins).toHaveLength(1);
    const [login] = logins;
    expect(login.claims).toMatchObject({ sub: userId, aud: clientId, nonce: request.get('nonce') });
    expect(login.refreshToken).toBeUndefined();
    expect(login.scope.split(' ')).not.toContain('offline_access');
    // The access token is for the hub's userinfo, not the client the ID token names.
    const access = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString());
    expect(access.aud).toBe(meta.userinfo_endpoint);

    const [exchange] = tokenRequests;
    expect(exchange.body.get('client_id')).toBe(clientId);
    expect(exchange.body.get('client_secret')).toBeTruthy();
    expect(Object.keys(exchange.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('surfaces the token endpoint’s RFC 6749 error for a wrong client secret', async () => {
    const { page } = e2e;
    // The hub session is live: straight back to the app with a code the app cannot redeem.
    await page.goto(`${rpUrl}/login/hub-wrong-secret`);
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    expect(rpErrors).toEqual([{ name: 'TokenError', code: 'invalid_client' }]);
  });

  it('max_age=0 makes the user sign in again despite the live hub session; auth_time is that sign-in', async () => {
    const { page } = e2e;
    const before = Math.floor(Date.now() / 1000);
    const asked = authorizeRequest();
    await page.goto(`${rpUrl}/login/hub-fresh`);
    expect((await asked).searchParams.get('max_age')).toBe('0');
    await signInOnHub(e2e.page, email, { hubOrigin: e2e.baseUrl });
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(logins).toHaveLength(2);
    const fresh = logins[1].claims;
    expect(fresh.sub).toBe(userId);
    expect(fresh.auth_time).toBeGreaterThanOrEqual(before);
    expect(fresh.auth_time).toBeGreaterThanOrEqual(logins[0].claims.auth_time as number);
    expect(fresh.amr).toContain('pwd');
  });

  it('signs out by a form POST from the app, back with state; a logout token valid per Back-Channel Logout §2.4 arrives', async () => {
    const { page } = e2e;
    const posted = page.waitForRequest((r) => r.url() === meta.end_session_endpoint && r.method() === 'POST');
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await (await posted).allHeaders()).origin).toBe(rpUrl);
    await page.waitForURL((u) => u.origin === rpUrl && u.pathname === '/bye');
    expect(new URL(page.url()).searchParams.get('state')).toBe('rp-state');
    expect((await (await page.request.get(`${e2e.baseUrl}/api/auth/session`)).json()).user).toBeNull();

    await expect.poll(() => logoutTokens.length).toBe(1);
    expect(refusedLogoutTokens).toEqual([]);
    const [{ header, payload }] = logoutTokens;
    expect(header.typ).toBe('logout+jwt');
    expect(payload).toMatchObject({ iss: meta.issuer, aud: clientId, sub: userId, sid: logins[1].claims.sid });
    expect(payload.events).toEqual({ [BACKCHANNEL_LOGOUT_EVENT]: {} });
    expect(payload.nonce).toBeUndefined();
  });
});
