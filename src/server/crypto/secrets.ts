import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (client secrets, API keys, webhook secrets, TOTP seeds, private JWKs):
 * AES-256-GCM under the master key. The stored form names the key that sealed it,
 *   v1.<kid>.<iv>.<ciphertext>.<tag>   (each part base64url)
 * so a key can be rotated by adding the new key to the ring and re-sealing at leisure.
 * The key id is derived from the key, so it never needs to be configured separately.
 */
export interface SecretBox {
  /** Key id of the key new secrets are sealed with. */
  readonly kid: string;
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

export class SecretBoxError extends Error {}

/** A key for one purpose only (the label names it), derived from the master key with HKDF-SHA-256. */
export function deriveSubkey(masterKey: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), label, 32));
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('hub-master-key-id:').update(key).digest('base64url').slice(0, 8);
}

/**
 * @param current the key that seals new secrets
 * @param previous keys that may still open older secrets during a rotation
 */
export function createSecretBox(current: Buffer, previous: Buffer[] = []): SecretBox {
  for (const k of [current, ...previous]) {
    if (k.length !== 32) throw new SecretBoxError('master key must be 32 bytes');
  }
  const ring = new Map<string, Buffer>();
  for (const k of [current, ...previous]) ring.set(keyIdOf(k), k);
  const kid = keyIdOf(current);

  return {
    kid,
    seal(plaintext, context = '') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      // The context (e.g. "oauth_clients.client_secret") is authenticated, so a sealed value
      // copied into another column does not open there.
      cipher.setAAD(Buffer.from(context));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', kid, iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join('.');
    },
    open(sealed, context = '') {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== 'v1') throw new SecretBoxError('not a sealed secret');
      const key = ring.get(parts[1]);
      if (!key) throw new SecretBoxError(`no master key with id ${parts[1]}`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2], 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(parts[4], 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('sealed secret failed authentication');
      }
    },
  };
}
