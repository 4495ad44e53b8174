import { createHash, randomUUID, sign as signBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { parseCompactJws, verifyParsedJws, type ParsedJws } from '../crypto/jws';
import { checkJwtClaims, typMatches } from '../crypto/jwt-claims';
import type { Hub } from '../hub';
import type { ActClaim } from './act';
import { ACCESS_TOKEN_TTL_S, ID_TOKEN_TTL_S, SIGNING_ALGS } from './constants';
import { isKeyPublished, type LoadedKeys } from './keys/key-store';
import { oauthRuntime } from './runtime';

/** The issuer is the hub's public URL (read per call: e2e tests learn their port after start). */
export const issuerOf = (hub: Hub) => hub.config.publicUrl;

/** Protected headers are the same bytes for every token of a key and type: encoded once. */
const encodedHeaders = new Map<string, string>();

/**
 * A compact JWS signed with the active key through node:crypto (ES256 as IEEE P1363 r||s, RS256
 * as PKCS#1 v1.5), synchronously: for one small token that is cheaper than a WebCrypto job.
 * Verified by jose like any other (tests/server/oauth/keys-and-tokens.test.ts); the hub verifies
 * with the mirror of this, crypto/jws.ts.
 */
/** The JWT types the hub signs: access tokens, ID tokens, logout tokens and Security Event Tokens (SSF). */
type SignedTyp = 'at+jwt' | 'JWT' | 'logout+jwt' | 'secevent+jwt';

export async function signJwt(hub: Hub, typ: SignedTyp, claims: Record<string, unknown>): Promise<string> {
  return (await signJwtWithKid(hub, typ, claims)).token;
}

async function signJwtWithKid(
  hub: Hub,
  typ: SignedTyp,
  claims: Record<string, unknown>,
): Promise<{ token: string; kid: string }> {
  const { active } = await oauthRuntime(hub).keys.current();
  const headerKey = `${active.kid}\n${typ}`;
  let header = encodedHeaders.get(headerKey);
  if (!header) {
    if (encodedHeaders.size > 64) encodedHeaders.clear();
    header = Buffer.from(JSON.stringify({ alg: active.alg, kid: active.kid, typ })).toString('base64url');
    encodedHeaders.set(headerKey, header);
  }
  const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = signBytes(
    'sha256',
    Buffer.from(input),
    active.alg === 'ES256' ? { key: active.key, dsaEncoding: 'ieee-p1363' } : active.key,
  );
  return { token: `${input}.${signature.toString('base64url')}`, kid: active.kid };
}

/**
 * RFC 9068 access token: typ at+jwt, aud = the API it is for (RFC 8707 resource, or the hub's
 * userinfo endpoint) — never the client_id an ID token carries, so neither passes for the other —
 * client_id = the client, sid = the auth_sessions row that backs it — none for a client acting for
 * itself (client_credentials), whose token is revoked by its `jti` (oauth_revoked_tokens).
 */
export async function signAccessToken(
  hub: Hub,
  input: {
    sub: string;
    clientId: string;
    scopes: string[];
    sid: string | null;
    authTime?: Date | null;
    audience?: string | null;
    /** Further claims (issue 29: org_id, org_roles); the registered claims below win. */
    claims?: Record<string, unknown>;
    /** RFC 9449 §6: the thumbprint of the key the token is bound to (`cnf.jkt`). */
    dpopJkt?: string | null;
    /** RFC 8693 §4.1: who acts for `sub` (oauth/act.ts). */
    act?: ActClaim | null;
  },
): Promise<{ token: string; expiresIn: number; jti: string }> {
  const now = Math.floor(hub.clock().getTime() / 1000);
  const claims = {
    ...input.claims,
    client_id: input.clientId,
    scope: input.scopes.join(' '),
    ...(input.sid ? { sid: input.sid } : {}),
    ...(input.authTime ? { auth_time: Math.floor(input.authTime.getTime() / 1000) } : {}),
    iss: issuerOf(hub),
    sub: input.sub,
    aud: input.audience ?? `${issuerOf(hub)}/oauth/userinfo`,
    iat: now,
    exp: now + ACCESS_TOKEN_TTL_S,
    jti: randomUUID(),
    ...(input.dpopJkt ? { cnf: { jkt: input.dpopJkt } } : {}),
    ...(input.act ? { act: input.act } : {}),
  };
  const { token, kid } = await signJwtWithKid(hub, 'at+jwt', claims);
  // The token's issuer is usually the node it is introspected on: what its signature would tell
  // is known already (a token never answered, its grant not committed, has no live session).
  hub.caches.issuedTokens.set(token, { claims, kid });
  return { token, expiresIn: ACCESS_TOKEN_TTL_S, jti: claims.jti };
}

export async function signIdToken(
  hub: Hub,
  input: {
    sub: string;
    clientId: string;
    nonce?: string | null;
    authTime: Date;
    /** RFC 8176 authentication method references (pwd, otp, hwk…); omitted when unknown. */
    amr?: string[];
    accessToken: string;
    /** The hub browser session (OIDC sid): what RP-initiated and back-channel logout name. */
    sid: string;
    claims?: Record<string, unknown>;
  },
): Promise<string> {
  const now = Math.floor(hub.clock().getTime() / 1000);
  return signJwt(hub, 'JWT', {
    ...input.claims,
    auth_time: Math.floor(input.authTime.getTime() / 1000),
    ...(input.amr?.length ? { amr: input.amr } : {}),
    at_hash: leftHalfHash(input.accessToken),
    sid: input.sid,
    ...(input.nonce ? { nonce: input.nonce } : {}),
    iss: issuerOf(hub),
    sub: input.sub,
    aud: input.clientId,
    iat: now,
    exp: now + ID_TOKEN_TTL_S,
  });
}

/** OIDC at_hash: base64url of the left half of SHA-256 (both ES256 and RS256 use SHA-256). */
export function leftHalfHash(value: string): string {
  const digest = createHash('sha256').update(value, 'ascii').digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

/**
 * Verifies a JWT the hub signed: only ES256/RS256 (so `alg: none` and HMAC tricks fail), only a
 * key still published in the JWKS (a retired-and-removed key verifies nothing), our issuer,
 * and the expected `typ`. The signature is checked by node:crypto (crypto/jws.ts), the mirror of
 * `signJwtWithKid`. Returns null instead of throwing: callers answer "inactive".
 */
export async function verifyHubJwt(
  hub: Hub,
  token: string,
  options: { typ: 'at+jwt' | 'JWT'; allowExpired?: boolean },
): Promise<JWTPayload | null> {
  return (await verifyHubJws(hub, token, options))?.payload ?? null;
}

async function verifyHubJws(
  hub: Hub,
  token: string,
  options: { typ: 'at+jwt' | 'JWT'; allowExpired?: boolean },
): Promise<{ payload: JWTPayload; kid: string } | null> {
  if (!looksLikeJwt(token)) return null;
  let jws: ParsedJws;
  try {
    jws = parseCompactJws(token, SIGNING_ALGS);
  } catch {
    return null;
  }
  // The type first, before any key is looked up (the same rule as checkJwtClaims' `typ`).
  const { typ, kid } = jws.header;
  if (!typMatches(typ, options.typ) || typeof kid !== 'string' || !kid) return null;
  const { published } = await oauthRuntime(hub).keys.current();
  let key = published.get(kid);
  if (!key) {
    // A key rotated in on another node moments ago: re-read the set once.
    oauthRuntime(hub).keys.invalidate();
    key = (await oauthRuntime(hub).keys.current()).published.get(kid);
  }
  const now = hub.clock();
  if (!key || !isKeyPublished(key, now) || jws.header.alg !== key.alg) return null;
  try {
    const { header, payload } = verifyParsedJws(jws, key.key);
    checkJwtClaims(header, payload, {
      issuer: issuerOf(hub),
      currentDate: options.allowExpired ? new Date(0) : now,
      clockTolerance: options.allowExpired ? undefined : 5,
    });
    return { payload, kid };
  } catch {
    return null;
  }
}

/**
 * An RFC 9068 access token's claims, or null. A token whose signature this process already
 * checked (hub.caches.verifiedTokens) is not checked again, but its expiry and its key's
 * publication are, every time: a retired-and-removed key stops vouching for cached tokens too.
 * Revocation is not decided here: callers check the session through the revocation-aware
 * session cache.
 */
export async function verifyAccessToken(hub: Hub, token: string): Promise<JWTPayload | null> {
  const hit = checkedBefore(hub, token);
  if (hit) return claimsOfVerified(hub, token, hit, await oauthRuntime(hub).keys.current());
  const verified = await verifyHubJws(hub, token, { typ: 'at+jwt' });
  if (verified) rememberVerified(hub, token, { claims: verified.payload, kid: verified.kid });
  return verified?.payload ?? null;
}

/**
 * `verifyAccessToken` from what this process holds, without waiting: the claims, null for a token
 * it knows to be no longer valid, undefined when it would have to check the signature or load keys.
 */
export function verifiedAccessTokenNow(hub: Hub, token: string): JWTPayload | null | undefined {
  const keys = oauthRuntime(hub).keys.currentNow();
  const hit = keys && checkedBefore(hub, token);
  return hit && keys ? claimsOfVerified(hub, token, hit, keys) : undefined;
}

/** The token's claims when this process signed or checked it (a signed one moves to the checked). */
function checkedBefore(hub: Hub, token: string): { claims: JWTPayload; kid: string } | undefined {
  const hit = hub.caches.verifiedTokens.get(token);
  if (hit) return hit;
  const issued = hub.caches.issuedTokens.get(token);
  if (issued) {
    hub.caches.issuedTokens.delete(token);
    hub.caches.verifiedTokens.set(token, issued);
  }
  return issued;
}

/** A checked token vouches for itself only while unexpired and while its key is still published. */
function claimsOfVerified(
  hub: Hub,
  token: string,
  hit: { claims: JWTPayload; kid: string },
  keys: LoadedKeys,
): JWTPayload | null {
  const now = hub.clock();
  const key = keys.published.get(hit.kid);
  if (key && isKeyPublished(key, now) && typeof hit.claims.exp === 'number' && hit.claims.exp * 1000 > now.getTime())
    return hit.claims;
  hub.caches.verifiedTokens.delete(token);
  return null;
}

/** Kept while recently used (RecentMap): a full cache drops the tokens least recently looked up. */
function rememberVerified(hub: Hub, token: string, entry: { claims: JWTPayload; kid: string }) {
  hub.caches.verifiedTokens.set(token, entry);
}
