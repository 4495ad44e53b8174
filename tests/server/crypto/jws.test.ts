import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CompactSign, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { JWS_ALGS, publicKeyFromJwk, verifyCompactJws, type JwsAlg } from '../../../src/server/crypto/jws';
import { checkJwtClaims, type JwtClaimsRules } from '../../../src/server/crypto/jwt-claims';
import { keyFromSet } from '../../../src/server/oauth/client-jwks';

/**
 * crypto/jws.ts against jose: every algorithm cross-checked on jose-signed tokens, and a corpus of
 * mutated tokens that must be accepted by `verifyCompactJws` exactly when jose accepts them with
 * the same key and allow-list — except the few forms it refuses on purpose (STRICTER), where jose
 * must accept and `verifyCompactJws` refuse. The oracle is jose's `jwtVerify` (its `compactVerify`
 * plus the JWT rule that the payload is a JSON object), with payloads that carry no time claims.
 */

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => b64(JSON.stringify(value));

interface TestKey {
  alg: JwsAlg;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** What both verifiers are given. */
  key: KeyObject;
}

async function testKey(alg: JwsAlg): Promise<TestKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { alg, privateKey, publicJwk, key: createPublicKey({ key: publicJwk as JsonWebKey, format: 'jwk' }) };
}

/** A token jose signs over exactly these encoded header and payload segments. */
async function joseSigned(k: TestKey, header: Record<string, unknown>, payload: unknown, alg = k.alg): Promise<string> {
  const token = await new CompactSign(Buffer.from(JSON.stringify(payload)))
    .setProtectedHeader({ ...header, alg })
    .sign(k.privateKey);
  return token;
}

/** A signature by `k` (through node:crypto, exported private key) over any signing input, in any form. */
function signedBy(k: TestKey, privateJwk: JWK, input: string, options: { der?: boolean } = {}): string {
  const key = { key: privateJwk as JsonWebKey, format: 'jwk' as const };
  const hash = k.alg === 'EdDSA' ? null : `sha${k.alg.slice(2)}`;
  const signature = k.alg.startsWith('ES')
    ? sign(hash, Buffer.from(input), { ...key, dsaEncoding: options.der ? 'der' : 'ieee-p1363' })
    : k.alg.startsWith('PS')
      ? sign(hash, Buffer.from(input), { ...key, padding: 6, saltLength: Number(k.alg.slice(2)) / 8 })
      : sign(hash, Buffer.from(input), key);
  return b64(signature);
}

async function joseAccepts(token: string, key: KeyObject, algorithms: string[]): Promise<boolean> {
  try {
    await jwtVerify(token, key, { algorithms });
    return true;
  } catch {
    return false;
  }
}

function oursAccepts(token: string, key: KeyObject, algorithms: string[]): boolean {
  try {
    verifyCompactJws(token, key, algorithms);
    return true;
  } catch {
    return false;
  }
}

/** The allow-list both verifiers get: every algorithm, and the two a forger hopes for. */
const ALLOWED = [...JWS_ALGS, 'HS256', 'none'];

/** Forms jose accepts and crypto/jws.ts refuses on purpose (non-canonical base64url, crit, b64). */
const STRICTER = new Set([
  'signature padded with =',
  'signature with stray bits in its last character',
  'signature with whitespace',
  'crit b64 with b64 true',
  'b64 false without crit',
  'b64 true without crit',
  'header signed with padding',
  'payload signed with padding',
]);

async function corpus(k: TestKey): Promise<Map<string, string>> {
  const privateJwk = await exportJWK(k.privateKey);
  const cases = new Map<string, string>();
  // 28 bytes: a payload segment that base64 would pad (the padding cases below need one).
  const claims = { sub: 'alice', jti: 'j-10' };
  const valid = await joseSigned(k, { typ: 'JWT', kid: 'k1' }, claims);
  const [h, p, s] = valid.split('.');
  cases.set('valid', valid);
  const resigned = (header: string, payload: string, options?: { der?: boolean }) =>
    `${header}.${payload}.${signedBy(k, privateJwk, `${header}.${payload}`, options)}`;

  // Flipped bits in each segment, at its first, middle and last byte.
  for (const [index, name] of [
    [0, 'header'],
    [1, 'payload'],
    [2, 'signature'],
  ] as const) {
    const bytes = Buffer.from(valid.split('.')[index], 'base64url');
    for (const at of [0, bytes.length >> 1, bytes.length - 1]) {
      for (const bit of [0, 7]) {
        const flipped = Buffer.from(bytes);
        flipped[at] ^= 1 << bit;
        const parts = valid.split('.');
        parts[index] = b64(flipped);
        cases.set(`${name} bit ${bit} of byte ${at} flipped`, parts.join('.'));
      }
    }
  }
  // Other algorithms in the header, the same signature; or signed as the attacker would.
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as Record<string, unknown>;
  for (const alg of [...JWS_ALGS, 'HS256', 'HS512', 'none', 'NONE', 'Ed25519'].filter((a) => a !== k.alg))
    cases.set(`header alg ${alg}, original signature`, `${json({ ...header, alg })}.${p}.${s}`);
  const noneHeader = json({ ...header, alg: 'none' });
  cases.set('alg none, empty signature', `${noneHeader}.${p}.`);
  cases.set('alg none, no third segment', `${noneHeader}.${p}`);
  for (const secret of [JSON.stringify(k.publicJwk), k.key.export({ type: 'spki', format: 'pem' }).toString()]) {
    const hs = json({ ...header, alg: 'HS256' });
    const mac = createHmac('sha256', secret).update(`${hs}.${p}`).digest('base64url');
    cases.set(`HS256 keyed with the public key (${secret.length} bytes)`, `${hs}.${p}.${mac}`);
  }
  // The same key under another algorithm of its family (RSA: PKCS#1 v1.5 and PSS): both accept or both refuse.
  if (k.alg.startsWith('RS') || k.alg.startsWith('PS')) {
    for (const alg of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const) {
      const other = { ...k, alg };
      const hh = json({ ...header, alg });
      cases.set(`same RSA key signing ${alg}`, `${hh}.${p}.${signedBy(other, privateJwk, `${hh}.${p}`)}`);
    }
  }
  // Signature encodings and lengths.
  const sig = Buffer.from(s, 'base64url');
  if (k.alg.startsWith('ES')) cases.set('DER signature instead of P1363', resigned(h, p, { der: true }));
  cases.set('signature one byte short', `${h}.${p}.${b64(sig.subarray(1))}`);
  cases.set('signature one byte long (leading zero)', `${h}.${p}.${b64(Buffer.concat([Buffer.alloc(1), sig]))}`);
  cases.set('signature one byte long (trailing zero)', `${h}.${p}.${b64(Buffer.concat([sig, Buffer.alloc(1)]))}`);
  cases.set('signature empty', `${h}.${p}.`);
  cases.set('signature doubled', `${h}.${p}.${b64(Buffer.concat([sig, sig]))}`);
  if (k.alg.startsWith('ES')) {
    const half = sig.length / 2;
    cases.set(
      'signature r and s swapped',
      `${h}.${p}.${b64(Buffer.concat([sig.subarray(half), sig.subarray(0, half)]))}`,
    );
    cases.set('signature all zero', `${h}.${p}.${b64(Buffer.alloc(sig.length))}`);
  }
  if (k.alg === 'ES256') {
    // ECDSA's own malleability: (r, n − s) verifies as well; neither verifier normalises s.
    const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const sValue = BigInt(`0x${sig.subarray(32).toString('hex')}`);
    const high = Buffer.from((n - sValue).toString(16).padStart(64, '0'), 'hex');
    cases.set('signature with s replaced by n - s', `${h}.${p}.${b64(Buffer.concat([sig.subarray(0, 32), high]))}`);
  }
  // Padding, stray bits and whitespace: the same bytes, another spelling.
  const pad = (segment: string) => segment + '='.repeat((4 - (segment.length % 4)) % 4);
  expect(pad(p)).not.toBe(p);
  // A signature of 96 or 132 bytes (ES384, ES512) has no padding to add.
  if (pad(s) !== s) cases.set('signature padded with =', `${h}.${p}.${pad(s)}`);
  cases.set('header padded with =, not re-signed', `${pad(h)}.${p}.${s}`);
  cases.set('payload padded with =, not re-signed', `${h}.${pad(p)}.${s}`);
  cases.set('header signed with padding', resigned(pad(h), p));
  cases.set('payload signed with padding', resigned(h, pad(p)));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const spareBits = (sig.length * 8) % 6 === 0 ? 0 : 6 - ((sig.length * 8) % 6);
  if (spareBits > 0) {
    const last = alphabet.indexOf(s.at(-1)!);
    cases.set('signature with stray bits in its last character', `${h}.${p}.${s.slice(0, -1)}${alphabet[last | 1]}`);
  }
  cases.set('signature with whitespace', `${h}.${p}.${s.slice(0, 8)} ${s.slice(8)}`);
  cases.set('signature in standard base64', `${h}.${p}.${sig.toString('base64').replace(/=+$/, '')}`);
  // Segments.
  cases.set('extra empty segment', `${valid}.`);
  cases.set('extra segment', `${valid}.${s}`);
  cases.set('five segments (JWE form)', `${h}.${p}.${s}.${s}.${s}`);
  cases.set('two segments', `${h}.${p}`);
  cases.set('empty token', '');
  cases.set('empty header, re-signed', resigned('', p));
  cases.set('empty payload, re-signed', resigned(h, ''));
  // Headers and payloads that are not JSON objects, validly signed.
  for (const [name, body] of [
    ['array', '[]'],
    ['null', 'null'],
    ['string', '"x"'],
    ['number', '1'],
    ['invalid JSON', '{"sub":'],
    ['JSON object with a BOM', '\ufeff{"alg":"ALG"}'],
    ['JSON object with trailing space', '{"alg":"ALG"} '],
  ] as const) {
    cases.set(`header: ${name}`, resigned(b64(body.replace('ALG', k.alg)), p));
    cases.set(`payload: ${name}`, resigned(h, b64(body.replace('ALG', k.alg))));
  }
  const invalidUtf8 = Buffer.concat([
    Buffer.from(`{"alg":"${k.alg}","x":"`),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"}'),
  ]);
  cases.set('header: invalid UTF-8', resigned(b64(invalidUtf8), p));
  cases.set('payload: invalid UTF-8', resigned(h, b64(invalidUtf8)));
  cases.set('header without alg', resigned(json({ typ: 'JWT' }), p));
  cases.set('header alg empty', resigned(json({ alg: '' }), p));
  cases.set('header alg not a string', resigned(json({ alg: [k.alg] }), p));
  cases.set('header with duplicate alg, last one wins', resigned(b64(`{"alg":"none","alg":"${k.alg}"}`), p));
  cases.set('header with __proto__', resigned(b64(`{"alg":"${k.alg}","__proto__":{"x":1}}`), p));
  // crit and b64.
  cases.set('crit b64 with b64 true', resigned(json({ alg: k.alg, crit: ['b64'], b64: true }), p));
  cases.set('crit b64 with b64 false', resigned(json({ alg: k.alg, crit: ['b64'], b64: false }), p));
  cases.set('crit with an unknown parameter', resigned(json({ alg: k.alg, crit: ['exp'], exp: 1 }), p));
  cases.set('crit empty', resigned(json({ alg: k.alg, crit: [] }), p));
  cases.set('crit not an array', resigned(json({ alg: k.alg, crit: 'b64', b64: true }), p));
  cases.set('b64 false without crit', resigned(json({ alg: k.alg, b64: false }), p));
  cases.set('b64 true without crit', resigned(json({ alg: k.alg, b64: true }), p));
  // Payload bytes that are not base64url, signed as they are.
  cases.set('payload with a non-ASCII character, re-signed', resigned(h, `${p}é`));
  cases.set('payload with a dot inside, re-signed', resigned(h, `${p.slice(0, 4)}.${p.slice(4)}`));
  return cases;
}

describe('verifyCompactJws (crypto/jws.ts)', () => {
  it.each(JWS_ALGS)('verifies a jose-signed %s token and returns its header and payload', async (alg) => {
    const k = await testKey(alg);
    const claims = { sub: 'alice', n: 1, nested: { ok: true } };
    const token = await joseSigned(k, { typ: 'at+jwt', kid: 'k1' }, claims);
    const jose = await jwtVerify(token, k.key, { algorithms: [alg] });
    const ours = verifyCompactJws(token, k.key, [alg]);
    expect(ours.payload).toEqual(jose.payload);
    expect(ours.header).toEqual(jose.protectedHeader);
    expect(ours.header).toEqual({ alg, typ: 'at+jwt', kid: 'k1' });
    // Not in the allow-list: refused.
    expect(() =>
      verifyCompactJws(
        token,
        k.key,
        JWS_ALGS.filter((a) => a !== alg),
      ),
    ).toThrow();
    // Another key of the same algorithm: refused.
    const other = (await testKey(alg)).key;
    expect(() => verifyCompactJws(token, other, [alg])).toThrow();
  });

  it.each(JWS_ALGS)(
    'accepts a mutated %s token exactly when jose does (but for the forms it refuses on purpose)',
    async (alg) => {
      const k = await testKey(alg);
      const cases = await corpus(k);
      const disagreements: string[] = [];
      const outcomes = { accepted: 0, refused: 0, stricter: 0 };
      for (const [name, token] of cases) {
        const jose = await joseAccepts(token, k.key, ALLOWED);
        const ours = oursAccepts(token, k.key, ALLOWED);
        if (STRICTER.has(name)) {
          if (!(jose && !ours))
            disagreements.push(`${name}: jose ${jose}, ours ${ours} (expected jose true, ours false)`);
          outcomes.stricter++;
        } else if (jose !== ours) {
          disagreements.push(`${name}: jose ${jose}, ours ${ours}`);
        } else {
          outcomes[ours ? 'accepted' : 'refused']++;
        }
      }
      expect(disagreements).toEqual([]);
      // The corpus holds both outcomes: a verifier that accepts or refuses everything fails above.
      expect(outcomes.accepted).toBeGreaterThanOrEqual(alg.startsWith('RS') || alg.startsWith('PS') ? 7 : 1);
      expect(outcomes.refused).toBeGreaterThan(50);
    },
  );

  it('refuses an RSA key shorter than 2048 bits, as jose does', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const input = `${json({ alg: 'RS256' })}.${json({ sub: 'a' })}`;
    const token = `${input}.${b64(sign('sha256', Buffer.from(input), privateKey))}`;
    expect(await joseAccepts(token, publicKey, ['RS256'])).toBe(false);
    expect(oursAccepts(token, publicKey, ['RS256'])).toBe(false);
  });

  it('refuses a signature whose leading zero byte was dropped (RSA), as jose does', async () => {
    const k = await testKey('RS256');
    const privateJwk = await exportJWK(k.privateKey);
    let token: string | undefined;
    for (let i = 0; !token && i < 4000; i++) {
      const input = `${json({ alg: 'RS256' })}.${json({ i })}`;
      const sig = Buffer.from(signedBy(k, privateJwk, input), 'base64url');
      if (sig[0] === 0) token = `${input}.${b64(sig.subarray(1))}`;
    }
    expect(token).toBeDefined();
    expect(await joseAccepts(token!, k.key, ['RS256'])).toBe(false);
    expect(oursAccepts(token!, k.key, ['RS256'])).toBe(false);
  });

  it('verifies PS256 with an RSA-PSS key, and not RS256', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const pss = `${json({ alg: 'PS256' })}.${json({ sub: 'a' })}`;
    const pssToken = `${pss}.${b64(sign('sha256', Buffer.from(pss), { key: privateKey, padding: 6, saltLength: 32 }))}`;
    expect(verifyCompactJws(pssToken, publicKey, ['PS256']).payload).toEqual({ sub: 'a' });
    const rs = `${json({ alg: 'RS256' })}.${json({ sub: 'a' })}`;
    const rsToken = `${rs}.${b64(Buffer.alloc(256, 1))}`;
    expect(() => verifyCompactJws(rsToken, publicKey, ['RS256'])).toThrow();
    // A salt length other than the digest's is refused.
    const short = `${pss}.${b64(sign('sha256', Buffer.from(pss), { key: privateKey, padding: 6, saltLength: 20 }))}`;
    expect(() => verifyCompactJws(short, publicKey, ['PS256'])).toThrow();
  });

  it('refuses a private key as the verification key', async () => {
    const k = await testKey('ES256');
    const token = await joseSigned(k, {}, { sub: 'a' });
    const privateKey = createPrivateKey({ key: (await exportJWK(k.privateKey)) as JsonWebKey, format: 'jwk' });
    expect(() => verifyCompactJws(token, privateKey, ['ES256'])).toThrow();
    expect(verifyCompactJws(token, createPublicKey(privateKey), ['ES256']).payload).toEqual({ sub: 'a' });
  });
});

describe('publicKeyFromJwk', () => {
  it('imports a public JWK for its algorithm and refuses private, symmetric and misfit keys', async () => {
    const ec = await testKey('ES256');
    expect(publicKeyFromJwk(ec.publicJwk, 'ES256').asymmetricKeyType).toBe('ec');
    expect(publicKeyFromJwk({ ...ec.publicJwk, key_ops: ['verify'], ext: true, use: 'sig' }, 'ES256').type).toBe(
      'public',
    );
    const privateJwk = await exportJWK(ec.privateKey);
    expect(() => publicKeyFromJwk(privateJwk, 'ES256')).toThrow();
    expect(() => publicKeyFromJwk({ kty: 'oct', k: 'c2VjcmV0' }, 'ES256')).toThrow();
    expect(() => publicKeyFromJwk(ec.publicJwk, 'ES384')).toThrow();
    expect(() => publicKeyFromJwk(ec.publicJwk, 'RS256')).toThrow();
    expect(() => publicKeyFromJwk({ ...ec.publicJwk, key_ops: ['sign'] }, 'ES256')).toThrow();
    expect(() => publicKeyFromJwk({ ...ec.publicJwk, ext: 'yes' }, 'ES256')).toThrow();
    expect(() => publicKeyFromJwk([ec.publicJwk], 'ES256')).toThrow();
    const ed = await testKey('EdDSA');
    expect(publicKeyFromJwk(ed.publicJwk, 'EdDSA').asymmetricKeyType).toBe('ed25519');
    expect(() => publicKeyFromJwk({ ...ed.publicJwk, crv: 'X25519' }, 'EdDSA')).toThrow();
  });
});

describe('keyFromSet (oauth/client-jwks.ts) against jose createLocalJWKSet', () => {
  it('picks the same key, and refuses where jose finds none or several', async () => {
    const [ec, ec2, rsa] = await Promise.all([testKey('ES256'), testKey('ES256'), testKey('RS256')]);
    const sets: Record<string, { keys: JWK[] }> = {
      one: { keys: [{ ...ec.publicJwk, kid: 'a' }] },
      two: {
        keys: [
          { ...ec.publicJwk, kid: 'a' },
          { ...ec2.publicJwk, kid: 'b' },
        ],
      },
      'two without kid': { keys: [ec.publicJwk, ec2.publicJwk] },
      'mixed types': {
        keys: [
          { ...ec.publicJwk, kid: 'a' },
          { ...rsa.publicJwk, kid: 'r' },
        ],
      },
      'use enc': { keys: [{ ...ec.publicJwk, kid: 'a', use: 'enc' }] },
      'alg pinned': { keys: [{ ...ec.publicJwk, kid: 'a', alg: 'ES384' }] },
      'key_ops without verify': { keys: [{ ...ec.publicJwk, kid: 'a', key_ops: ['encrypt'] }] },
    };
    const headers = [
      { alg: 'ES256', kid: 'a' },
      { alg: 'ES256', kid: 'b' },
      { alg: 'ES256' },
      { alg: 'RS256', kid: 'r' },
      { alg: 'RS256' },
      { alg: 'ES256', kid: 'zzz' },
    ] as const;
    const disagreements: string[] = [];
    for (const [name, set] of Object.entries(sets)) {
      for (const header of headers) {
        const jose = await createLocalJWKSet(set)(header, { payload: '', signature: '' })
          .then(async (key) => (await exportJWK(key)).x ?? (await exportJWK(key)).n)
          .catch(() => null);
        let ours: string | null;
        try {
          const exported = keyFromSet(set, { ...header }).export({ format: 'jwk' });
          ours = exported.x ?? exported.n ?? null;
        } catch {
          ours = null;
        }
        if (jose !== ours) disagreements.push(`${name} / ${JSON.stringify(header)}: jose ${jose}, ours ${ours}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('checkJwtClaims (crypto/jwt-claims.ts) against jose jwtVerify', () => {
  it('accepts and refuses the same claims under the options each call site passes', async () => {
    const k = await testKey('ES256');
    const now = new Date(1_800_000_000_500);
    const t = 1_800_000_000;
    const iss = 'https://hub.example';
    const rules: Record<string, JwtClaimsRules> = {
      'hub token': { issuer: iss, currentDate: now, clockTolerance: 5 },
      'hub token, expired allowed': { issuer: iss, currentDate: new Date(0) },
      'dpop proof': { typ: 'dpop+jwt', currentDate: now },
      'client assertion': {
        issuer: 'c1',
        subject: 'c1',
        audience: [iss, `${iss}/oauth/token`],
        requiredClaims: ['exp', 'jti'],
        currentDate: now,
        clockTolerance: 5,
      },
      'request object': { issuer: 'c1', audience: iss, requiredClaims: ['exp'], currentDate: now, clockTolerance: 5 },
    };
    const payloads: Record<string, unknown>[] = [
      {},
      { iss, exp: t + 60 },
      { iss, exp: t },
      { iss, exp: t - 4 },
      { iss, exp: t - 5 },
      { iss, exp: t + 1 },
      { iss, exp: '9999999999' },
      { iss, exp: null },
      { iss, nbf: t + 5 },
      { iss, nbf: t + 6 },
      { iss, nbf: t + 1 },
      { iss, nbf: 'soon' },
      { iss, iat: 'now' },
      { iss, iat: t + 3600 },
      { iss: [iss] },
      { iss: `${iss}/` },
      { iss: 'c1', sub: 'c1', aud: iss, exp: t + 60, jti: 'x' },
      { iss: 'c1', sub: 'c1', aud: [`${iss}/oauth/token`, 'other'], exp: t + 60, jti: 'x' },
      { iss: 'c1', sub: 'c1', aud: ['other'], exp: t + 60, jti: 'x' },
      { iss: 'c1', sub: 'c1', aud: iss, exp: t + 60 },
      { iss: 'c1', sub: 'c2', aud: iss, exp: t + 60, jti: 'x' },
      { iss: 'c1', sub: 'c1', aud: 7, exp: t + 60, jti: 'x' },
      { iss: 'c1', aud: iss, exp: t - 6 },
      { iss: 'c1', aud: iss, exp: t - 5, jti: undefined },
      { iss: 'c1', aud: iss, exp: t - 4 },
      { iss: 'c1', aud: iss },
      { iss: 'c1', aud: [iss], exp: t + 3600 },
      { htm: 'POST', iat: t, jti: 'abcdefgh' },
    ];
    const headers = [{}, { typ: 'dpop+jwt' }, { typ: 'application/DPoP+JWT' }, { typ: 'jwt' }, { typ: 5 }];
    const disagreements: string[] = [];
    let accepted = 0;
    for (const payload of payloads)
      for (const header of headers) {
        const token = await joseSigned(k, header, payload);
        for (const [name, rule] of Object.entries(rules)) {
          const joseOptions = {
            ...rule,
            audience: rule.audience as string | string[] | undefined,
            requiredClaims: rule.requiredClaims && [...rule.requiredClaims],
          };
          const jose = await jwtVerify(token, k.key, joseOptions).then(
            () => true,
            () => false,
          );
          let ours = true;
          try {
            const { header: h, payload: p } = verifyCompactJws(token, k.key, ['ES256']);
            checkJwtClaims(h, p, rule);
          } catch {
            ours = false;
          }
          if (jose !== ours)
            disagreements.push(`${name} ${JSON.stringify(header)} ${JSON.stringify(payload)}: jose ${jose}`);
          if (ours) accepted++;
        }
      }
    expect(disagreements).toEqual([]);
    expect(accepted).toBeGreaterThan(20);
  });
});
