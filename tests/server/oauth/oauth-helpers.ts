import { createHash, randomBytes } from 'node:crypto';
import type { TestHub } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';

export interface RegisteredClient {
  id: string;
  client_id: string;
  client_secret: string | null;
  redirect_uris: string[];
}

/** Registers a client through the admin API, as an ecosystem admin would. */
export async function registerClient(t: TestHub, body: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const admin = await signedInUser(t.hub, ['platform_admin']);
  const res = await t.client.asBrowser(admin.cookie).post('/api/admin/oauth-clients', {
    body: {
      app_name: 'Role Builder',
      app_url: 'https://rb.example.test',
      redirect_uris: ['https://rb.example.test/callback'],
      post_logout_redirect_uris: ['https://rb.example.test/bye'],
      scopes: ['openid', 'profile', 'email', 'offline_access', 'read:profile', 'read:organization'],
      app_type: 'platform',
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`client registration failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { ...json.client, client_secret: json.client_secret };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function basic(client: RegisteredClient): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret!)}`).toString('base64')}`;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** Runs /oauth/authorize for a signed-in user and returns the code from the redirect. */
export async function authorize(
  t: TestHub,
  client: RegisteredClient,
  cookie: string,
  extra: Record<string, string> = {},
): Promise<{ code: string; state: string | null; location: string }> {
  const res = await t.client.get(
    authorizeUrl(client, { scope: 'openid profile email offline_access', state: 'st-123', nonce: 'n-456', ...extra }),
    { cookie },
  );
  if (res.statusCode !== 302)
    throw new Error(`authorize did not redirect: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const location = String(res.headers.location);
  const url = new URL(location);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return { code, state: url.searchParams.get('state'), location };
}

/** `/oauth/authorize?…` for the client's first redirect URI: response_type=code, then `params` in order. */
export function authorizeUrl(client: RegisteredClient, params: Record<string, string>): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0],
    ...params,
  });
  return `/oauth/authorize?${query}`;
}

/** authorize() with a fresh PKCE pair (S256): the code, and the verifier that exchanges it. */
export async function authorizeWithPkce(
  t: TestHub,
  client: RegisteredClient,
  cookie: string,
  extra: Record<string, string> = {},
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const { code } = await authorize(t, client, cookie, {
    ...extra,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return { code, verifier };
}

export async function exchangeCode(
  t: TestHub,
  client: RegisteredClient,
  code: string,
  verifier: string | undefined,
  extra: Record<string, string> = {},
) {
  return t.client.post('/oauth/token', {
    headers: { authorization: basic(client) },
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirect_uris[0],
      ...(verifier ? { code_verifier: verifier } : {}),
      ...extra,
    },
  });
}
