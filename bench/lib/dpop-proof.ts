import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';

/** Keys by JWK, so a load generator imports its one key once. */
const keys = new Map<string, { key: KeyObject; header: string }>();

/**
 * A fresh RFC 9449 proof (ES256, a new jti) for one request, signed synchronously with
 * node:crypto: the load generator must not become the bottleneck it measures.
 */
export function proof(privateJwk: Record<string, string>, htm: string, htu: string): string {
  let entry = keys.get(privateJwk.d);
  if (!entry) {
    const jwk = { kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y };
    entry = {
      key: createPrivateKey({ key: privateJwk, format: 'jwk' }),
      header: Buffer.from(JSON.stringify({ typ: 'dpop+jwt', alg: 'ES256', jwk })).toString('base64url'),
    };
    keys.set(privateJwk.d, entry);
  }
  const claims = { jti: randomUUID(), htm, htu, iat: Math.floor(Date.now() / 1000) };
  const input = `${entry.header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(input), { key: entry.key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}
