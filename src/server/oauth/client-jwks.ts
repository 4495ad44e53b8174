import type { KeyObject } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import { JwsInvalid, jwkCurve, jwkType, publicKeyFromJwk, type JwsAlg, type JwsHeader } from '../crypto/jws';
import type { Hub } from '../hub';
import type { OAuthClient } from '../db/schema/index';
import { CACHES } from '../caches';
import { OAuthError } from './errors';
import { describeRefusal, outboundPolicy, OutboundRefusedError } from '../net/outbound';
import { outboundRequest, type OutboundResponse } from '../net/outbound-http';

/** A client's key set may not be larger than this, nor take longer to arrive. */
const MAX_JWKS_BYTES = 64 * 1024;
/** How long the hub waits for a document a client publishes (its key set, its metadata document). */
export const CLIENT_DOCUMENT_TIMEOUT_MS = 3000;
/** A kid the cached set lacks triggers one fetch, then none for this long. */
const REFETCH_COOLDOWN_MS = 60_000;

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
 * Fetches a client's jwks_uri through the outbound policy (net/outbound.ts): https, every address
 * public unless HUB_OUTBOUND_ALLOW_PRIVATE, the connection pinned to the checked address, no
 * redirect, at most 64 KiB within 3 s.
 */
export async function fetchClientJwks(hub: Hub, uri: string): Promise<JSONWebKeySet> {
  let answer: OutboundResponse;
  try {
    answer = await outboundRequest(
      uri,
      {
        headers: { accept: 'application/jwk-set+json, application/json' },
        timeoutMs: CLIENT_DOCUMENT_TIMEOUT_MS,
        maxBytes: MAX_JWKS_BYTES,
      },
      outboundPolicy(hub.config),
    );
  } catch (e) {
    if (e instanceof OutboundRefusedError) throw refusal(`The client’s jwks_uri ${describeRefusal(e.refusal)}.`);
    throw refusal('The client’s jwks_uri could not be fetched.');
  }
  if (answer.status !== 200) throw refusal('The client’s jwks_uri could not be fetched.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw refusal('The client’s jwks_uri did not answer a JSON key set.');
  }
  if (!isPublicKeySet(parsed)) throw refusal('The client’s jwks_uri did not answer a set of public keys.');
  return parsed;
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

type FetchedSet = { uri: string; jwks: JSONWebKeySet; fetchedAt: number };
/** Fetches of a client's key set under way, per hub (its cache) by client and URI: single flight. */
const inFlight = new WeakMap<object, Map<string, Promise<FetchedSet>>>();

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
  // Single flight: requests that find the set missing, stale or lacking a kid share one fetch.
  let fetching = inFlight.get(cache);
  if (!fetching) inFlight.set(cache, (fetching = new Map()));
  const underWay = fetching;
  const load = () => {
    const key = `${client.clientId} ${uri}`;
    let pending = underWay.get(key);
    if (!pending) {
      pending = fetchClientJwks(hub, uri)
        .then((jwks) => {
          if (cache.size >= CACHES.clientJwks.maxEntries) cache.clear();
          const entry = { uri, jwks, fetchedAt: Date.now() };
          cache.set(client.clientId, entry);
          return entry;
        })
        .finally(() => underWay.delete(key));
      underWay.set(key, pending);
    }
    return pending;
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
