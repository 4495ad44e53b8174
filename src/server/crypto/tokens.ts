import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit random token, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex digest: what the database stores instead of a token. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Constant-time equality for secrets of any length: both sides are hashed first, so neither
 * the content nor the length of the expected value leaks through timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
