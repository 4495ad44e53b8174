import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isKeyedMac, keyedMac, macKey } from '../../../src/server/crypto/keyed-mac';
import { deriveSubkey } from '../../../src/server/crypto/secrets';

describe('keyedMac', () => {
  const master = randomBytes(32);

  it('keys each context apart, and never with the master key itself', () => {
    const a = keyedMac(master, 'test-a/v1', 'm');
    expect(keyedMac(master, 'test-b/v1', 'm')).not.toBe(a);
    expect(a).not.toBe(createHmac('sha256', master).update('m').digest('base64url'));
    expect(keyedMac(randomBytes(32), 'test-a/v1', 'm')).not.toBe(a);
  });

  it('derives the key a receiver is given with the label it was given before (ecosystem-hub/<context>)', () => {
    expect(macKey(master, 'audit-sink-checkpoint/v1/s1')).toEqual(
      deriveSubkey(master, 'ecosystem-hub/audit-sink-checkpoint/v1/s1'),
    );
  });

  it('checks a MAC in constant time, refusing another message, context or length', () => {
    const mac = keyedMac(master, 'test-a/v1', 'message');
    expect(isKeyedMac(master, 'test-a/v1', 'message', mac)).toBe(true);
    expect(isKeyedMac(master, 'test-a/v1', 'message2', mac)).toBe(false);
    expect(isKeyedMac(master, 'test-b/v1', 'message', mac)).toBe(false);
    expect(isKeyedMac(master, 'test-a/v1', 'message', mac.slice(1))).toBe(false);
  });
});
