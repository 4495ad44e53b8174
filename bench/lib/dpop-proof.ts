import { constants, createPrivateKey, createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto';

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
 * What one signature check of `privateJwk`'s algorithm costs this process, in µs of CPU
 * (`crypto.verify` of a proof with a cached key, as crypto/jws.ts does): the floor of DPoP's cost
 * per request that RFC 9449 requires and no server can avoid.
 */
export function verifyCostUs(privateJwk: Record<string, string>, operations = 2000): number {
  const token = proof(privateJwk, 'POST', 'https://bench.example.test/oauth/token');
  const dot = token.lastIndexOf('.');
  const data = Buffer.from(token.slice(0, dot));
  const signature = Buffer.from(token.slice(dot + 1), 'base64url');
  const rsa = privateJwk.kty === 'RSA';
  const key = createPublicKey({ key: privateJwk, format: 'jwk' });
  const options = rsa
    ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }
    : { key, dsaEncoding: 'ieee-p1363' as const };
  if (!verify('sha256', data, options, signature)) throw new Error('verifyCostUs: the proof does not verify');
  const before = process.cpuUsage();
  for (let i = 0; i < operations; i++) verify('sha256', data, options, signature);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / operations;
}
