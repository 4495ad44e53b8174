import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, createSecretBox, keyIdOf } from '../../src/server/crypto/secrets';
import { safeEqual } from '../../src/server/crypto/tokens';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('client-secret-value', 'oauth_clients.client_secret');
    expect(sealed).not.toContain('client-secret-value');
    expect(sealed.split('.')[0]).toBe('v1');
    expect(sealed.split('.')[1]).toBe(keyIdOf(key));
    expect(box.open(sealed, 'oauth_clients.client_secret')).toBe('client-secret-value');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a tampered ciphertext, a wrong context and a wrong key', () => {
    const sealed = box.seal('value', 'a');
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3], 'base64url');
    ct[0] ^= 1;
    parts[3] = ct.toString('base64url');
    expect(() => box.open(parts.join('.'), 'a')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'b')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'a')).toThrow(/no master key with id/);
  });

  it('opens secrets sealed under a previous key after rotation, and seals with the new one', () => {
    const sealedOld = box.seal('legacy');
    const next = randomBytes(32);
    const rotated = createSecretBox(next, [key]);
    expect(rotated.open(sealedOld)).toBe('legacy');
    expect(rotated.seal('new').split('.')[1]).toBe(keyIdOf(next));
  });

  it('compares secrets in constant time and correctly', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
