import { constants, createPrivateKey, createPublicKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { JWS_ALGS, parseCompactJws, verifyParsedJws } from '../../src/server/crypto/jws';

/** Keys by JWK, so a load generator imports its one key once. */
const keys = new Map<string, { key: KeyObject; header: string; rsa: boolean }>();

/**
 * A fresh RFC 9449 proof (a new jti) for one request, signed synchronously with node:crypto:
 * ES256 for an EC key, PS256 (RSASSA-PSS, salt = digest length) for an RSA key.
 */
export function proof(privateJwk: Record<string, string>, htm: string, htu: string): string {
  let entry = keys.get(privateJwk.d);
  if (!entry) {
    const rsa = privateJwk.kty === 'RSA';
    const jwk = rsa
      ? { kty: 'RSA', e: privateJwk.e, n: privateJwk.n }
      : { kty: 'EC', crv: 'P-256', x: privateJwk.x, y: privateJwk.y };
    entry = {
      key: createPrivateKey({ key: privateJwk, format: 'jwk' }),
      header: Buffer.from(JSON.stringify({ typ: 'dpop+jwt', alg: rsa ? 'PS256' : 'ES256', jwk })).toString('base64url'),
      rsa,
    };
    keys.set(privateJwk.d, entry);
  }
  const claims = { jti: randomUUID(), htm, htu, iat: Math.floor(Date.now() / 1000) };
  const input = `${entry.header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign(
    'sha256',
    Buffer.from(input),
    entry.rsa
      ? { key: entry.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }
      : { key: entry.key, dsaEncoding: 'ieee-p1363' },
  );
  return `${input}.${signature.toString('base64url')}`;
}

/**
 * What one signature check of `privateJwk`'s algorithm costs this process, in µs of CPU: the
 * hub's own check (crypto/jws.ts `verifyParsedJws`, a parsed proof and a cached key), the floor of
 * DPoP's cost per request that RFC 9449 requires and no server can avoid.
 */
export function verifyCostUs(privateJwk: Record<string, string>, operations = 2000): number {
  const parsed = parseCompactJws(proof(privateJwk, 'POST', 'https://bench.example.test/oauth/token'), JWS_ALGS);
  const key = createPublicKey({ key: privateJwk, format: 'jwk' });
  verifyParsedJws(parsed, key); // throws unless the proof verifies
  const before = process.cpuUsage();
  for (let i = 0; i < operations; i++) verifyParsedJws(parsed, key);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / operations;
}
