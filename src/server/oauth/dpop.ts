import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { calculateJwkThumbprint, type JWK, type JWTPayload } from 'jose';
import { CACHES, type ProofKey } from '../caches';
import type { Hub } from '../hub';
import { parseCompactJws, parseJwsHeader, publicKeyFromJwk, verifyParsedJws } from '../crypto/jws';
import { isKeyedMac, keyedMac } from '../crypto/keyed-mac';
import { checkJwtClaims } from '../crypto/jwt-claims';
import { safeEqual } from '../crypto/tokens';
import { DPOP_ALGS, DPOP_IAT_SKEW_S, DPOP_IAT_WINDOW_S } from './constants';
import { OAuthError, clientRefusal } from './errors';
import { issuerOf } from './jwt';
import { acceptJtiOnce, type UsedJti } from './jti-once';

/** A verified DPoP proof (RFC 9449 §4.3): the thumbprint of the key the client proved it holds. */
export interface DPoPProof {
  jkt: string;
  /**
   * With `deferJti` (the token endpoint): the proof's jti, not yet recorded as used. The caller
   * records it with the grant (jti-once.ts `jtiOnceWrite`), or alone before a grant that commits
   * otherwise, and refuses the grant with `replayedProof` when it was used already.
   */
  unspentJti?: UsedJti;
}

/** Where the proof is checked: the token endpoint (§5) or a protected resource (§7, with `ath`). */
export interface DPoPTarget {
  /** The endpoint's path on the issuer, e.g. `/oauth/token`. */
  path: string;
  /** The access token presented with the proof at a resource (its hash must be the proof's `ath`). */
  accessToken?: string;
  /** A resource answers 401 with a `WWW-Authenticate: DPoP` challenge; the token endpoint 400. */
  resource?: boolean;
  /**
   * The token endpoint: the jti is returned (`unspentJti`) instead of recorded here, so that it
   * commits in the grant's one statement (one round trip instead of two per DPoP grant).
   */
  deferJti?: boolean;
}

/**
 * A proof's header checked, and the public key in its `jwk` as a KeyObject for its algorithm,
 * with the key's thumbprint: from hub.caches.dpopKeys when this process saw the same header
 * segment before (a client sends one key, so one header, with every request; decoding it and
 * importing the key is most of a proof check's cost beside the signature). A private or
 * symmetric key, or an algorithm the hub does not accept, is never imported, nor kept.
 */
async function proofKey(hub: Hub, segment: string): Promise<ProofKey> {
  const cache = hub.caches.dpopKeys;
  const hit = cache.get(segment);
  if (hit) return hit;
  const header = parseJwsHeader(segment, DPOP_ALGS);
  const key = publicKeyFromJwk(header.jwk, header.alg);
  const entry = { header, key, jkt: await calculateJwkThumbprint(header.jwk as JWK, 'sha256') };
  if (cache.size >= CACHES.dpopKeys.maxEntries) cache.clear();
  cache.set(segment, entry);
  return entry;
}

/** The nonce changes every this long; the current and the previous one are accepted. */
const NONCE_PERIOD_S = 5 * 60;

const NONCE_CONTEXT = 'dpop-nonce/v1';

/** The server nonce of a period (RFC 9449 §8): stateless, so every node issues and accepts the same. */
export function currentDPoPNonce(hub: Hub): string {
  const period = String(Math.floor(hub.clock().getTime() / 1000 / NONCE_PERIOD_S));
  return `${period}.${keyedMac(hub.config.masterKey!, NONCE_CONTEXT, period)}`;
}

function isNonceValid(hub: Hub, nonce: unknown): boolean {
  if (typeof nonce !== 'string') return false;
  const [period, mac, ...rest] = nonce.split('.');
  const now = Math.floor(hub.clock().getTime() / 1000 / NONCE_PERIOD_S);
  const current = period === String(now) || period === String(now - 1);
  return current && rest.length === 0 && isKeyedMac(hub.config.masterKey!, NONCE_CONTEXT, period, mac ?? '');
}

/** RFC 9449 §4.3 (9): the URI without query and fragment, with scheme and host as URL spells them. */
export function normaliseHtu(value: string): string | null {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/** RFC 9449 §4.2: `ath`, the base64url SHA-256 of the access token. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token, 'ascii').digest('base64url');
}

function refuse(
  target: DPoPTarget,
  description: string,
  code: 'invalid_dpop_proof' | 'use_dpop_nonce' = 'invalid_dpop_proof',
) {
  const error = new OAuthError(code, description, target.resource ? 401 : 400);
  if (target.resource) error.dpopChallenge = true;
  return error;
}

/**
 * Checks the request's DPoP proof (RFC 9449 §4.3), if it carries one: one `DPoP` header, a JWT
 * of `typ: dpop+jwt` signed with an asymmetric algorithm by the public key in its `jwk` header
 * (node:crypto verifies the signature, crypto/jws.ts; a private key is refused), `htm` and `htu` naming this very
 * request, `iat` recent, `ath` matching the presented access token at a resource, the server
 * nonce when the hub asks for one, and a `jti` never seen before on any node. Undefined when
 * the request carries no proof: whether one was needed is the caller's decision.
 */
export async function checkDPoPProof(
  hub: Hub,
  /** The route's request, or the raw one of the token endpoint before routing (token-fast-path.ts). */
  request: Pick<FastifyRequest, 'headers' | 'method'> | Pick<IncomingMessage, 'headers' | 'method'>,
  target: DPoPTarget,
): Promise<DPoPProof | undefined> {
  const header = request.headers.dpop;
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length > 8192) throw refuse(target, 'Exactly one DPoP proof is allowed.');
  let payload: JWTPayload;
  let key: ProofKey;
  try {
    key = await proofKey(hub, header.slice(0, Math.max(0, header.indexOf('.'))));
    const proof = parseCompactJws(header, DPOP_ALGS, key.header);
    // iat is checked below against the hub's own window; like jose before, an exp in the past is refused too.
    const verified = verifyParsedJws(proof, key.key);
    checkJwtClaims(verified.header, verified.payload, { typ: 'dpop+jwt', currentDate: hub.clock() });
    payload = verified.payload;
  } catch {
    throw refuse(target, 'The DPoP proof is not a valid dpop+jwt signed by the key in its header.');
  }
  if (typeof payload.jti !== 'string' || payload.jti.length < 8 || payload.jti.length > 256)
    throw refuse(target, 'The DPoP proof needs a unique jti.');
  if (payload.htm !== request.method) throw refuse(target, 'The DPoP proof is for another HTTP method.');
  // The URL as discovery spells it (what client libraries send) needs no parsing to be equal.
  const expectedHtu = `${issuerOf(hub)}${target.path}`;
  if (
    typeof payload.htu !== 'string' ||
    (payload.htu !== expectedHtu && normaliseHtu(payload.htu) !== normaliseHtu(expectedHtu))
  )
    throw refuse(target, 'The DPoP proof is for another URL.');
  const now = hub.clock().getTime() / 1000;
  if (typeof payload.iat !== 'number' || payload.iat < now - DPOP_IAT_WINDOW_S || payload.iat > now + DPOP_IAT_SKEW_S)
    throw refuse(target, 'The DPoP proof is too old or from the future.');
  if (target.accessToken !== undefined) {
    if (typeof payload.ath !== 'string' || !safeEqual(payload.ath, accessTokenHash(target.accessToken)))
      throw refuse(target, 'The DPoP proof does not name this access token (ath).');
  }
  if (hub.config.oauthSecurity.dpopNonce && !isNonceValid(hub, payload.nonce)) {
    const error = refuse(target, 'The DPoP proof must carry the server nonce.', 'use_dpop_nonce');
    error.dpopNonce = currentDPoPNonce(hub);
    throw error;
  }
  const { jkt } = key;
  const jti: UsedJti = {
    kind: 'dpop',
    issuer: jkt,
    jti: payload.jti,
    until: new Date((payload.iat + DPOP_IAT_WINDOW_S + DPOP_IAT_SKEW_S) * 1000),
  };
  if (target.deferJti) return { jkt, unspentJti: jti };
  if (!(await acceptJtiOnce(hub, jti))) throw replayedProof(target);
  return { jkt };
}

/** The refusal of a proof whose jti was used before, on any node (RFC 9449 §11.1). */
export function replayedProof(target: Pick<DPoPTarget, 'resource'>): OAuthError {
  return refuse({ path: '', ...target }, 'The DPoP proof was already used.');
}

/**
 * A DPoP-bound client (its `dpop_bound_access_tokens` or `fapi2` flag) must send a proof with
 * every token request (RFC 9449 §5.2).
 */
export function requireDPoPFor(
  client: { dpopBoundAccessTokens: boolean; fapi2: boolean },
  proof: DPoPProof | undefined,
): void {
  if (!proof && (client.dpopBoundAccessTokens || client.fapi2))
    throw new OAuthError('invalid_dpop_proof', 'This client must send a DPoP proof with every token request.');
}

/**
 * Introspection and revocation (fapi): a client may send a proof with these requests too; when
 * it does, the proof must hold, and a refused one is recorded like any refusal of the client.
 */
export async function checkProofIfSent(hub: Hub, request: FastifyRequest, path: string, clientId: string) {
  try {
    await checkDPoPProof(hub, request, { path });
  } catch (e) {
    if (e instanceof OAuthError) e.audit ??= clientRefusal(e, { endpoint: path.replace('/oauth/', ''), clientId });
    throw e;
  }
}
