import express, { type NextFunction, type Request, type Response } from 'express';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SisterAppConfig } from './config';
import { errorPage, sessionPage, signedOutPage } from './html';
import { connectToHub } from './hub';
import { LogoutTokenError } from './logout-token';
import { createMcpRouter } from './mcp';
import { SessionStore, type LocalSession } from './sessions';

export type { SisterAppConfig } from './config';

const SESSION_COOKIE = 'sister_session';
const LOGIN_COOKIE = 'sister_login';
/** offline_access asks for a refresh token (OIDC Core §11). */
const DEFAULT_SCOPES = 'openid profile email offline_access';
/** The hub's hand-off session token lives 5 minutes; an older POST is stale. */
const HANDOFF_MAX_AGE_MS = 5 * 60_000;

const logoutBody = z.object({ logout_token: z.string().min(1).max(16_384) });
const handoffBody = z.object({
  session_token: z.string().min(1).max(4096),
  user_id: z.string().min(1).max(200),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .transform(Number),
});

/**
 * A sister platform's smallest real relying party on Ecosystem Hub: sign-in (authorization code +
 * PKCE, state, nonce), claims, refresh, front- and back-channel logout, and the hub's
 * cross-platform hand-off validated by introspection. Returns the Express app; it does not listen.
 */
export function createSisterApp(config: SisterAppConfig): express.Express {
  const hub = connectToHub(config);
  const store = new SessionStore();
  const redirectUri = `${config.appUrl}/callback`;
  const postLogoutRedirectUri = `${config.appUrl}/signed-out`;
  // httpOnly: no script reads them. SameSite=Lax: sent on top-level navigations back from the
  // hub (GET), never on another site's POST — which is what keeps /refresh and /logout safe from
  // CSRF without a token.
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.appUrl.startsWith('https:'),
    path: '/',
  };
  const current = (req: Request) => store.getSession(readCookie(req, SESSION_COOKIE));
  const startSession = (req: Request, res: Response, data: Parameters<SessionStore['createSession']>[0]) => {
    // A fresh session id at every sign-in: nothing set before it survives (no fixation).
    store.deleteSession(readCookie(req, SESSION_COOKIE));
    res.cookie(SESSION_COOKIE, store.createSession(data).id, cookieOptions);
  };
  const form = express.urlencoded({ extended: false, limit: '32kb' });

  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.set({
      // Forms post here, and /logout's redirect goes on to the hub's end-session endpoint.
      'content-security-policy':
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(config.hubUrl).origin}; ` +
        `frame-ancestors 'none'; base-uri 'none'`,
      'x-content-type-options': 'nosniff',
      // The callback URL carries the authorization code: never pass it on.
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    next();
  });

  // The platform's MCP server, behind the hub (mcp.ts): its resource is `${appUrl}/mcp`.
  app.use(createMcpRouter(hub, `${config.appUrl}/mcp`));

  app.get('/', (req, res) => {
    const session = current(req);
    res.send(session ? sessionPage(session) : signedOutPage());
  });

  app.get('/login', async (_req, res) => {
    const configuration = await hub.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    res.cookie(LOGIN_COOKIE, store.createPending({ state, nonce, codeVerifier }), {
      ...cookieOptions,
      maxAge: 10 * 60_000,
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: config.scopes ?? DEFAULT_SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.redirect(url.href);
  });

  app.get('/callback', async (req, res) => {
    const pending = store.takePending(readCookie(req, LOGIN_COOKIE));
    res.clearCookie(LOGIN_COOKIE, cookieOptions);
    if (!pending)
      return res.status(400).send(errorPage('Sign-in failed', 'This sign-in expired or was already used. Try again.'));
    const configuration = await hub.configuration();
    // Checks iss, state, the code exchange with PKCE, and the ID token (signature, aud, nonce, exp).
    const tokens = await oidc.authorizationCodeGrant(configuration, new URL(req.originalUrl, config.appUrl), {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    startSession(req, res, {
      via: 'oidc',
      sub: claims.sub,
      sid: typeof claims.sid === 'string' ? claims.sid : undefined,
      idToken: tokens.id_token,
      idTokenClaims: { ...claims },
      userinfo: { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)) },
      ...tokenFields(tokens),
    });
    res.redirect(303, '/');
  });

  app.post('/refresh', async (req, res) => {
    const session = current(req);
    if (!session?.refreshToken) return res.status(401).send(signedOutPage('Sign in first.'));
    const configuration = await hub.configuration();
    let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      tokens = await oidc.refreshTokenGrant(configuration, session.refreshToken);
    } catch (e) {
      if (!(e instanceof oidc.ResponseBodyError) || e.error !== 'invalid_grant') throw e;
      // The hub ended the grant (sign-out elsewhere, revoked, expired): so does this app.
      store.deleteSession(session.id);
      res.clearCookie(SESSION_COOKIE, cookieOptions);
      return res.status(401).send(signedOutPage('Your hub session has ended. Sign in again.'));
    }
    Object.assign(session, tokenFields(tokens), { refreshCount: session.refreshCount + 1 });
    if (tokens.id_token) Object.assign(session, { idToken: tokens.id_token, idTokenClaims: { ...tokens.claims() } });
    session.userinfo = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, session.sub)) };
    res.redirect(303, '/');
  });

  // Front-channel: end the local session, then RP-Initiated Logout at the hub, which comes back
  // to the registered post-logout URI.
  app.post('/logout', async (req, res) => {
    const session = current(req);
    store.deleteSession(session?.id);
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    if (!session?.idToken) return res.redirect(303, '/signed-out');
    const url = oidc.buildEndSessionUrl(await hub.configuration(), {
      id_token_hint: session.idToken,
      post_logout_redirect_uri: postLogoutRedirectUri,
    });
    res.redirect(303, url.href);
  });

  app.get('/signed-out', (_req, res) => {
    res.send(signedOutPage('You are signed out.'));
  });

  // Back-Channel Logout 1.0 §2.5–2.8: the hub POSTs a logout token when the hub session ends.
  app.post('/backchannel-logout', form, async (req, res) => {
    const parsed = logoutBody.safeParse(req.body);
    if (!parsed.success)
      return res.status(400).json({ error: 'invalid_request', error_description: 'logout_token is required.' });
    try {
      const { sub, sid } = await (await hub.logoutTokens()).verify(parsed.data.logout_token);
      store.endByHubSession({ sid, sub });
      return res.status(200).end();
    } catch (e) {
      if (!(e instanceof LogoutTokenError)) throw e;
      return res.status(400).json({ error: 'invalid_request', error_description: e.message });
    }
  });

  // The hub's cross-platform hand-off: a form POST of session_token, user_id, timestamp. Nothing
  // in it is trusted until the hub confirms the token by introspection with this client's
  // credentials. (Like any IdP-initiated sign-in it cannot be tied to a request this browser
  // made; apps that need that use /login.)
  app.post('/handoff', form, async (req, res) => {
    const parsed = handoffBody.safeParse(req.body);
    if (!parsed.success)
      return res
        .status(400)
        .send(errorPage('Hand-off rejected', 'A hand-off carries session_token, user_id and timestamp.'));
    const { session_token: token, user_id: userId, timestamp } = parsed.data;
    if (Math.abs(Date.now() - timestamp) > HANDOFF_MAX_AGE_MS)
      return res.status(400).send(errorPage('Hand-off rejected', 'This hand-off is too old. Start again at the hub.'));
    const info = await oidc.tokenIntrospection(await hub.configuration(), token);
    const isConfirmed =
      info.active && info.token_type === 'session_token' && info.client_id === config.clientId && info.sub === userId;
    if (!isConfirmed)
      return res.status(401).send(errorPage('Hand-off rejected', 'The hub did not confirm this session token.'));
    startSession(req, res, { via: 'handoff', sub: userId, introspection: { ...info } });
    res.redirect(303, '/');
  });

  app.use((_req, res) => {
    res.status(404).send(errorPage('Not found', 'There is no such page.'));
  });
  // Express 5 passes rejected promises of async handlers here.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
      // The hub's answer (e.g. access_denied when the user declines consent): its code and text only.
      return res
        .status(400)
        .send(errorPage('Sign-in failed', `${error.error}: ${error.error_description ?? 'no description'}`));
    }
    // Log the kind and message, never a token (openid-client's messages carry none).
    console.error('sister-app:', error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error');
    res.status(500).send(errorPage('Something went wrong', 'The request failed. Try again.'));
  });
  return app;
}

/** The access and refresh token of a token response, and when the access token expires. */
function tokenFields(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
  const expiresIn = tokens.expiresIn();
  return {
    accessToken: tokens.access_token,
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    accessTokenExpiresAt: expiresIn === undefined ? undefined : Date.now() + expiresIn * 1000,
  } satisfies Partial<LocalSession>;
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
