import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * Compact JWS verification through node:crypto, synchronously: the mirror of the hub's signing
 * (`signJwtWithKid` in oauth/jwt.ts). Every JWS the hub checks with a key it holds — its own
 * tokens, DPoP proofs, client assertions, request objects — goes through `verifyCompactJws`
 * (or its two halves). It accepts exactly what jose's `compactVerify` with the same key and
 * allow-list accepts, and refuses a little more: non-canonical base64url (padding, stray bits,
 * whitespace) and the `crit` and `b64` header parameters (tests/server/crypto/jws.test.ts
 * checks both against jose, token by mutated token). Claims are the callers' business
 * (crypto/jwt-claims.ts).
 */

/** The asymmetric algorithms this module verifies; HMAC and `none` are not among them. */
export const JWS_ALGS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
] as const;
export type JwsAlg = (typeof JWS_ALGS)[number];

/** What each algorithm asks of its key and its signature. */
interface AlgSpec {
  /** The digest node:crypto is given (null for EdDSA, which hashes itself). */
  hash: 'sha256' | 'sha384' | 'sha512' | null;
  /** The KeyObject types that fit (`asymmetricKeyType`). */
  keyTypes: readonly string[];
  /** EC only: the OpenSSL name of the one curve that fits, and the IEEE P1363 signature length. */
  curve?: string;
  length?: number;
  /** PS*: RSASSA-PSS with a salt as long as the digest (RFC 7518 §3.5). */
  pssSalt?: number;
}

const ALGS: Record<JwsAlg, AlgSpec> = {
  ES256: { hash: 'sha256', keyTypes: ['ec'], curve: 'prime256v1', length: 64 },
  ES384: { hash: 'sha384', keyTypes: ['ec'], curve: 'secp384r1', length: 96 },
  ES512: { hash: 'sha512', keyTypes: ['ec'], curve: 'secp521r1', length: 132 },
  RS256: { hash: 'sha256', keyTypes: ['rsa'] },
  RS384: { hash: 'sha384', keyTypes: ['rsa'] },
  RS512: { hash: 'sha512', keyTypes: ['rsa'] },
  PS256: { hash: 'sha256', keyTypes: ['rsa', 'rsa-pss'], pssSalt: 32 },
  PS384: { hash: 'sha384', keyTypes: ['rsa', 'rsa-pss'], pssSalt: 48 },
  PS512: { hash: 'sha512', keyTypes: ['rsa', 'rsa-pss'], pssSalt: 64 },
  EdDSA: { hash: null, keyTypes: ['ed25519'], length: 64 },
};

/** RSA keys shorter than this verify nothing (RFC 7518 §3.3; jose refuses them too). */
const MIN_RSA_BITS = 2048;

/** Any refusal: callers answer with their own error and never show this one's message. */
export class JwsInvalid extends Error {
  override name = 'JwsInvalid';
}

/** The protected header, a JSON object whose `alg` is one the caller allowed. */
export interface JwsHeader {
  alg: JwsAlg;
  [parameter: string]: unknown;
}

/** A compact JWS whose form and header were checked, its signature not yet. */
export interface ParsedJws {
  header: JwsHeader;
  /** `header.payload`, the bytes the signature covers. */
  signingInput: string;
  payloadSegment: string;
  signature: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** Fatal on malformed UTF-8, like jose's decoder (a leading BOM is dropped by both). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Canonical base64url only: no padding, no `+` or `/`, no whitespace, no bits past the last byte. */
function decodeSegment(segment: string): Buffer {
  if (!BASE64URL.test(segment)) throw new JwsInvalid('not base64url');
  const bytes = Buffer.from(segment, 'base64url');
  if (bytes.toString('base64url') !== segment) throw new JwsInvalid('not canonical base64url');
  return bytes;
}

function decodeJsonObject(segment: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(decodeSegment(segment)));
  } catch {
    throw new JwsInvalid('not a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new JwsInvalid('not a JSON object');
  return value as Record<string, unknown>;
}

/**
 * The form and the header of a compact JWS: three segments, a header with an allowed `alg` and
 * neither `crit` nor `b64` (no extension is understood, so none may be critical). The payload is
 * decoded only once the signature holds (`verifyParsedJws`). `knownHeader`: what
 * `parseJwsHeader` answered before for this token's very first segment, with the same
 * algorithms (a caller that sees one header again and again keeps the answer by segment).
 */
export function parseCompactJws(token: string, algorithms: readonly string[], knownHeader?: JwsHeader): ParsedJws {
  const dot1 = token.indexOf('.');
  const dot2 = token.indexOf('.', dot1 + 1);
  if (dot1 < 0 || dot2 < 0 || token.includes('.', dot2 + 1)) throw new JwsInvalid('not three segments');
  const header = knownHeader ?? parseJwsHeader(token.slice(0, dot1), algorithms);
  const payloadSegment = token.slice(dot1 + 1, dot2);
  if (!BASE64URL.test(payloadSegment)) throw new JwsInvalid('not base64url');
  return {
    header,
    signingInput: token.slice(0, dot2),
    payloadSegment,
    signature: decodeSegment(token.slice(dot2 + 1)),
  };
}

/** A compact JWS's first segment as its protected header: JSON, an allowed `alg`, no `crit` or `b64`. */
export function parseJwsHeader(segment: string, algorithms: readonly string[]): JwsHeader {
  const header = decodeJsonObject(segment);
  // Only the callers' algorithms that are also this module's: never HMAC or `none`, whatever a caller lists.
  if (typeof header.alg !== 'string' || !algorithms.includes(header.alg) || !Object.hasOwn(ALGS, header.alg))
    throw new JwsInvalid('alg not allowed');
  if ('crit' in header || 'b64' in header) throw new JwsInvalid('crit and b64 are not supported');
  return header as JwsHeader;
}

/** Whether `key` is a public key of the type, curve and size `alg` needs. */
function fitsAlg(key: KeyObject, spec: AlgSpec): boolean {
  if (key.type !== 'public' || !spec.keyTypes.includes(key.asymmetricKeyType ?? '')) return false;
  const details = key.asymmetricKeyDetails ?? {};
  if (spec.curve) return details.namedCurve === spec.curve;
  if (spec.keyTypes.includes('rsa')) return (details.modulusLength ?? 0) >= MIN_RSA_BITS;
  return true;
}

/** The expected signature length in bytes: fixed for EC and EdDSA, the modulus's for RSA. */
function signatureLength(key: KeyObject, spec: AlgSpec): number {
  return spec.length ?? Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
}

/**
 * Checks the signature of a parsed JWS with `key` (a public KeyObject that must fit the header's
 * alg: EC on its curve, RSA of 2048 bits or more, Ed25519) and returns the header and the
 * payload, a JSON object. Throws JwsInvalid otherwise.
 */
export function verifyParsedJws(
  jws: ParsedJws,
  key: KeyObject,
): { header: JwsHeader; payload: Record<string, unknown> } {
  const spec = ALGS[jws.header.alg];
  if (!fitsAlg(key, spec)) throw new JwsInvalid('key does not fit alg');
  if (jws.signature.length !== signatureLength(key, spec)) throw new JwsInvalid('signature length');
  let valid: boolean;
  try {
    valid = verify(
      spec.hash,
      Buffer.from(jws.signingInput, 'ascii'),
      spec.pssSalt
        ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: spec.pssSalt }
        : spec.curve
          ? { key, dsaEncoding: 'ieee-p1363' }
          : key,
      jws.signature,
    );
  } catch {
    // An RSA-PSS key restricted to other parameters, for instance.
    throw new JwsInvalid('signature');
  }
  if (!valid) throw new JwsInvalid('signature');
  return { header: jws.header, payload: decodeJsonObject(jws.payloadSegment) };
}

/** `parseCompactJws` then `verifyParsedJws`: the one call for a key known before the header is read. */
export function verifyCompactJws(
  token: string,
  key: KeyObject,
  algorithms: readonly string[],
): { header: JwsHeader; payload: Record<string, unknown> } {
  return verifyParsedJws(parseCompactJws(token, algorithms), key);
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k', 'priv'];

/**
 * A public JWK as a KeyObject for `alg`, under the rules jose's `importJWK` applies: a key type
 * and curve that fit the algorithm, `ext` a boolean, `key_ops` (when present) only `verify`.
 * A private or symmetric JWK is refused, never turned into its public half.
 */
export function publicKeyFromJwk(jwk: unknown, alg: JwsAlg): KeyObject {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) throw new JwsInvalid('jwk');
  const k = jwk as Record<string, unknown>;
  if (PRIVATE_MEMBERS.some((m) => m in k)) throw new JwsInvalid('jwk is not public');
  if (k.kty !== jwkType(alg)) throw new JwsInvalid('jwk kty does not fit alg');
  const crv = jwkCurve(alg);
  if (crv !== undefined && k.crv !== crv) throw new JwsInvalid('jwk crv does not fit alg');
  if (k.ext !== undefined && typeof k.ext !== 'boolean') throw new JwsInvalid('jwk ext');
  if (k.key_ops !== undefined) {
    const ops = k.key_ops;
    if (!Array.isArray(ops) || ops.length !== 1 || ops[0] !== 'verify') throw new JwsInvalid('jwk key_ops');
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: k as JsonWebKey, format: 'jwk' });
  } catch {
    throw new JwsInvalid('jwk');
  }
  if (key.type !== 'public') throw new JwsInvalid('jwk is not public');
  return key;
}

/** The JWK `kty` an algorithm's key has. */
export function jwkType(alg: JwsAlg): 'EC' | 'RSA' | 'OKP' {
  return alg.startsWith('ES') ? 'EC' : alg === 'EdDSA' ? 'OKP' : 'RSA';
}

/** The JWK `crv` an algorithm's key has (undefined for RSA). */
export function jwkCurve(alg: JwsAlg): string | undefined {
  return JWK_CURVES[alg];
}

const JWK_CURVES: Partial<Record<JwsAlg, string>> = {
  ES256: 'P-256',
  ES384: 'P-384',
  ES512: 'P-521',
  EdDSA: 'Ed25519',
};
