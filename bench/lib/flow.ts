/** One code + PKCE flow from a signed-in browser: silent authorize, then the code exchange. */
import { createHash, randomBytes } from 'node:crypto';
import { request, type CookieJar } from './http';

export interface FlowTarget {
  base: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(t: FlowTarget, challenge: string): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: t.clientId,
    redirect_uri: t.redirectUri,
    scope: t.scope,
    state: randomBytes(8).toString('base64url'),
    nonce: randomBytes(8).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${t.base}/oauth/authorize?${q}`;
}

/** Exchanges a code; throws unless the answer has an access token, an ID token and a refresh token. */
export async function exchange(t: FlowTarget, code: string, verifier: string) {
  const res = await request(
    'POST',
    `${t.base}/oauth/token`,
    {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(t.clientId)}:${encodeURIComponent(t.clientSecret)}`).toString('base64')}`,
    },
    new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: t.redirectUri,
      code_verifier: verifier,
    }).toString(),
  );
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.body.slice(0, 200)}`);
  const json = JSON.parse(res.body) as { access_token?: string; id_token?: string; refresh_token?: string };
  if (!json.access_token || !json.id_token || !json.refresh_token)
    throw new Error(`token: missing tokens in ${Object.keys(json).join(',')}`);
  return json;
}

/** The code from a redirect to the client, or an error naming what came instead. */
export function codeFrom(status: number, location: string | undefined, body: string): string {
  if ((status !== 302 && status !== 303) || !location) throw new Error(`authorize: ${status} ${body.slice(0, 200)}`);
  const code = new URL(location, 'http://x').searchParams.get('code');
  if (!code) throw new Error(`authorize: no code in ${location.slice(0, 200)}`);
  return code;
}

/** A whole flow for a browser whose session cookies are in `jar`. */
export async function oneFlow(t: FlowTarget, jar: CookieJar) {
  const { verifier, challenge } = pkcePair();
  const a = await request('GET', authorizeUrl(t, challenge), { cookie: jar.header() });
  jar.take(a.headers);
  return exchange(t, codeFrom(a.status, a.headers.location, a.body), verifier);
}
