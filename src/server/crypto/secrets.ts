import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (client secrets, API keys, webhook secrets, TOTP seeds, private JWKs):
 * AES-256-GCM under the master key. The stored form names the key that sealed it,
 *   v1.<kid>.<iv>.<ciphertext>.<tag>   (each part base64url)
 * so a key can be rotated by adding the new key to the ring and re-sealing at leisure
 * (crypto/keyring.ts holds the hub's keys; master-keys/rotator.ts re-seals).
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

/** A sealed value names a key the ring does not hold: a configuration error, never a forgery to shrug off. */
export class UnknownMasterKeyError extends SecretBoxError {
  constructor(readonly keyId: string) {
    super(
      `no master key with id ${keyId} in this process, yet a value is sealed under it ` +
        '(add the key to HUB_MASTER_KEYS; a retired key opens nothing: npm run hub -- master-key status)',
    );
    this.name = 'UnknownMasterKeyError';
  }
}

/** The id of the key a sealed value names (`v1.<kid>.…`), or null when the value is not a sealed secret. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 5 && parts[0] === 'v1' ? parts[1] : null;
}

/** Seals `plaintext` under `key`, whose id is `kid`; the context is authenticated (AAD). */
export function sealUnder(key: Buffer, kid: string, plaintext: string, context = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The context (e.g. "oauth_clients.client_secret") is authenticated, so a sealed value
  // copied into another column does not open there.
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ['v1', kid, iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join('.');
}

/** Opens a sealed value with the key `keyFor` returns for its key id; an id it does not know throws UnknownMasterKeyError. */
export function openWith(keyFor: (kid: string) => Buffer | undefined, sealed: string, context = ''): string {
  const kid = sealedKeyId(sealed);
  if (kid === null) throw new SecretBoxError('not a sealed secret');
  const key = keyFor(kid);
  if (!key) throw new UnknownMasterKeyError(kid);
  const parts = sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2], 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(parts[4], 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parts[3], 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('sealed secret failed authentication');
  }
}

/** The 32-byte rule of every master key. */
export function checkMasterKeyLength(key: Buffer): void {
  if (key.length !== 32) throw new SecretBoxError('master key must be 32 bytes');
}

/**
 * A fixed box (crypto/keyring.ts builds the hub's, whose current key can change while it runs).
 * @param current the key that seals new secrets
 * @param previous keys that may still open older secrets during a rotation
 */
export function createSecretBox(current: Buffer, previous: Buffer[] = []): SecretBox {
  for (const k of [current, ...previous]) checkMasterKeyLength(k);
  const ring = new Map<string, Buffer>();
  for (const k of [current, ...previous]) ring.set(keyIdOf(k), k);
  const kid = keyIdOf(current);
  return {
    kid,
    seal: (plaintext, context) => sealUnder(current, kid, plaintext, context),
    open: (sealed, context) => openWith((id) => ring.get(id), sealed, context),
  };
}
