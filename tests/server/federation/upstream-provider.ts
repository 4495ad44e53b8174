import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real upstream OpenID Connect provider for the federation tests: panva's oidc-provider on
 * 127.0.0.1, one confidential client registered for the hub's callback (PKCE required). Its
 * accounts live in `accounts`, changed by the tests; its login page signs in the account named
 * in the query (`/interaction/<uid>?account=<id>`), with the `amr` given there, and consents at once.
 */
export interface UpstreamAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface Upstream {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, UpstreamAccount>;
  close(): Promise<void>;
}

interface PeerGrant {
  save(): Promise<string>;
  addOIDCScope(scope: string): void;
}

interface PeerProvider {
  proxy: boolean;
  callback(): http.RequestListener;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ params: { client_id: string; scope: string } }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
  ): Promise<void>;
  Grant: new (input: { accountId: string; clientId: string }) => PeerGrant;
}

export async function startUpstream(input: { redirectUri: string | string[]; clientId?: string }): Promise<Upstream> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = input.clientId ?? 'hub';
  const clientSecret = `upstream-secret-${Math.random().toString(36).slice(2)}`;
  const accounts = new Map<string, UpstreamAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [input.redirectUri].flat(),
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // amr is masked like any claim: listed under openid, the ID token carries what the login said.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, ...accounts.get(id) }),
    }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['federation-test-upstream'] },
    features: { devInteractions: { enabled: false } },
  }) as PeerProvider;
  provider.proxy = false;
  const callback = provider.callback();

  async function login(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const query = new URL(req.url!, issuer).searchParams;
    const accountId = query.get('account') ?? 'nobody';
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope);
    const grantId = await grant.save();
    const amr = query.get('amr');
    await provider.interactionFinished(req, res, {
      login: { accountId, ...(amr ? { amr: amr.split(',') } : {}) },
      consent: { grantId },
    });
  }
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) login(req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
    else void callback(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies at the upstream provider (one host, paths ignored: enough for this provider). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * The browser at the provider: from the hub's redirect to the provider's redirect back to the
 * hub, following the provider's own redirects and signing in `account` on its login page.
 * Returns the URL the provider sends the browser back to (the hub's callback with code, state, iss).
 */
export async function signInAtUpstream(
  authorizationUrl: string,
  account: string,
  options: { amr?: string[]; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  let url = new URL(authorizationUrl);
  const upstreamOrigin = url.origin;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== upstreamOrigin) return url;
    if (url.pathname.startsWith('/interaction/')) {
      url.searchParams.set('account', account);
      if (options.amr) url.searchParams.set('amr', options.amr.join(','));
    }
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`the upstream answered ${res.status} at ${url.pathname}: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the upstream');
}
