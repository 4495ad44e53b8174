import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSubkey } from './secrets';

/**
 * The one keyed MAC of the hub: HMAC-SHA-256 under a key derived from the master key for one
 * context only (HKDF-SHA-256, label `ecosystem-hub/<context>`), so a MAC made for one use (a
 * consent token, a DPoP nonce, a hand-off, a sink checkpoint) can never stand for another, and
 * the master key itself never keys an HMAC. Contexts carry a version (`…/v1`): changing what a
 * MAC covers means a new context, never a new meaning for an old one.
 *
 * A derived key is kept per master key and context (a handful of each), so the HKDF runs once.
 */
const keys = new WeakMap<Buffer, Map<string, Buffer>>();

/** The key of one context (for a MAC that is made elsewhere, such as a receiver's copy). */
export function macKey(masterKey: Buffer, context: string): Buffer {
  let byContext = keys.get(masterKey);
  if (!byContext) keys.set(masterKey, (byContext = new Map()));
  let key = byContext.get(context);
  if (!key) byContext.set(context, (key = deriveSubkey(masterKey, `ecosystem-hub/${context}`)));
  return key;
}

/** HMAC-SHA-256 of `message` under the context's key. */
export function keyedMac(
  masterKey: Buffer,
  context: string,
  message: string,
  encoding: 'base64url' | 'hex' = 'base64url',
): string {
  return createHmac('sha256', macKey(masterKey, context)).update(message).digest(encoding);
}

/** Whether `mac` is the context's MAC of `message`, compared in constant time. */
export function isKeyedMac(masterKey: Buffer, context: string, message: string, mac: string): boolean {
  const expected = Buffer.from(keyedMac(masterKey, context, message));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
