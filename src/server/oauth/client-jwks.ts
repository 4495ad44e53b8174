import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { KeyObject } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import { JwsInvalid, jwkCurve, jwkType, publicKeyFromJwk, type JwsAlg, type JwsHeader } from '../crypto/jws';
import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { CACHES } from '../caches';
import { OAuthError } from './errors';

/** A client's key set may not be larger than this, nor take longer to arrive. */
const MAX_JWKS_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 3000;
/** A kid the cached set lacks triggers one fetch, then none for this long. */
const REFETCH_COOLDOWN_MS = 60_000;

/**
 * Addresses the hub must not be made to fetch from for whoever may register a client: loopback,
 * private, link-local (cloud metadata), carrier-grade NAT, unique-local, unspecified.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusal = (description: string) => new OAuthError('invalid_client', description);

/** Only public asymmetric keys: a set with a private or symmetric key is refused whole. */
export function isPublicKeySet(value: unknown): value is JSONWebKeySet {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { keys?: unknown }).keys)) return false;
  const keys = (value as { keys: unknown[] }).keys;
  return (
    keys.length > 0 &&
    keys.length <= 20 &&
    keys.every(
      (k) =>
        !!k &&
        typeof k === 'object' &&
        ['EC', 'RSA', 'OKP'].includes(String((k as Record<string, unknown>).kty)) &&
        !('d' in k) &&
        !('p' in k) &&
        !('k' in k),
    )
  );
}

/**
 * Fetches a client's jwks_uri: https (http only where private targets are allowed, i.e. tests
 * and closed networks), every address the name resolves to public unless
 * HUB_OAUTH_JWKS_ALLOW_PRIVATE, no redirect, at most 64 KiB within 3 s. The name is resolved
 * again by fetch: a DNS answer that changes in between is the residual risk, bounded by the
 * size and time limits and by the key-set shape a response must have to be used at all.
 */
export async function fetchClientJwks(hub: Hub, uri: string): Promise<JSONWebKeySet> {
  const allowPrivate = hub.config.oauthSecurity.allowPrivateJwksUri;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw refusal('The client’s jwks_uri is not a URL.');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw refusal('The client’s jwks_uri must be https.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw refusal('The client’s jwks_uri does not resolve.');
  if (!allowPrivate && addresses.some(isPrivateAddress))
    throw refusal('The client’s jwks_uri points at a private address.');
  let text: string;
  try {
    const res = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/jwk-set+json, application/json' },
    });
    if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
    text = await readLimited(res.body, MAX_JWKS_BYTES);
  } catch {
    throw refusal('The client’s jwks_uri could not be fetched.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refusal('The client’s jwks_uri did not answer a JSON key set.');
  }
  if (!isPublicKeySet(parsed)) throw refusal('The client’s jwks_uri did not answer a set of public keys.');
  return parsed;
}

async function readLimited(body: ReadableStream<Uint8Array>, max: number): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** No key of the set fits the JWS (its kid, alg or key type): the set may be out of date. */
class NoMatchingKey extends JwsInvalid {}

/** What jose's createLocalJWKSet accepted as a key set: an object whose `keys` are all plain objects. */
function isJwkSet(value: unknown): value is { keys: Record<string, unknown>[] } {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (
    isObject(value) &&
    Array.isArray((value as { keys?: unknown }).keys) &&
    (value as { keys: unknown[] }).keys.every(isObject)
  );
}

/** Whether a JWK of the set may verify a JWS of `alg` naming `kid` (jose's createLocalJWKSet rules). */
function isUsableJwk(jwk: Record<string, unknown>, alg: JwsAlg, kid: unknown): boolean {
  const ops = jwk.key_ops;
  return (
    (jwk.ext === undefined || typeof jwk.ext === 'boolean') &&
    (ops === undefined ||
      (Array.isArray(ops) &&
        ops.every((op, i) => typeof op === 'string' && ops.indexOf(op) === i) &&
        ops.includes('verify'))) &&
    jwk.kty === jwkType(alg) &&
    (kid === undefined || (typeof kid === 'string' && kid === jwk.kid)) &&
    (jwk.alg === undefined || jwk.alg === alg) &&
    (jwk.use === undefined || jwk.use === 'sig') &&
    (jwkCurve(alg) === undefined || jwk.crv === jwkCurve(alg))
  );
}

/**
 * Imported keys by JWK object and algorithm: a client's set is imported once while its row (hub.caches.clients)
 * or its fetched set (hub.caches.clientJwks) is cached. Not a cache of CACHES: an entry lives exactly as long as
 * the JWK object it was made from, so it is dropped with that object and has nothing of its own to invalidate.
 */
const imported = new WeakMap<object, Map<JwsAlg, KeyObject>>();

/**
 * The one key of `jwks` for a JWS with this header, as a KeyObject: none or several that fit is
 * a refusal, as it was with jose's createLocalJWKSet.
 */
export function keyFromSet(jwks: unknown, header: JwsHeader): KeyObject {
  if (!isJwkSet(jwks)) throw new JwsInvalid('not a key set');
  const candidates = jwks.keys.filter((jwk) => isUsableJwk(jwk, header.alg, header.kid));
  if (candidates.length === 0) throw new NoMatchingKey('no key fits');
  if (candidates.length > 1) throw new JwsInvalid('several keys fit');
  const jwk = candidates[0];
  let byAlg = imported.get(jwk);
  if (!byAlg) imported.set(jwk, (byAlg = new Map()));
  let key = byAlg.get(header.alg);
  if (!key) byAlg.set(header.alg, (key = publicKeyFromJwk(jwk, header.alg)));
  return key;
}

/**
 * The key a client signed a JWS with (RFC 7591 §2): from the registered `jwks`, or its
 * `jwks_uri`'s set from hub.caches.clientJwks (CACHES: ten minutes, dropped when the client
 * changes), fetched again once when the JWS names a kid the cached set lacks (the client rotated
 * its keys).
 */
export async function clientKeyFor(hub: Hub, client: OAuthClient): Promise<(header: JwsHeader) => Promise<KeyObject>> {
  if (client.jwks) {
    const jwks = client.jwks;
    return async (header) => keyFromSet(jwks, header);
  }
  const uri = client.jwksUri;
  if (!uri) throw refusal('This client has registered no keys.');
  const cache = hub.caches.clientJwks;
  const load = async () => {
    const jwks = await fetchClientJwks(hub, uri);
    if (cache.size >= CACHES.clientJwks.maxEntries) cache.clear();
    const entry = { uri, jwks, fetchedAt: Date.now() };
    cache.set(client.clientId, entry);
    return entry;
  };
  let entry = cache.get(client.clientId);
  if (!entry || entry.uri !== uri || Date.now() - entry.fetchedAt > CACHES.clientJwks.ttlMs) entry = await load();
  const first = entry;
  return async (header) => {
    try {
      return keyFromSet(first.jwks, header);
    } catch (e) {
      if (!(e instanceof NoMatchingKey) || Date.now() - first.fetchedAt < REFETCH_COOLDOWN_MS) throw e;
      return keyFromSet((await load()).jwks, header);
    }
  };
}
