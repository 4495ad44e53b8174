import { keyedMac } from '../crypto/keyed-mac';

/**
 * The key of a rate-limit or attempt counter (the sign-in attempts and rate-limit tables). What is
 * counted is an email, an IP address or an account: the stored key is `<purpose>:` and the
 * keyed MAC (crypto/keyed-mac.ts) of that value, never the value itself, so no counter row
 * holds a person's email or address in plaintext (issue 41: erasure leaves nothing of them).
 * The counters' queries take only this type, so a plaintext key does not compile.
 */
export type CounterKey = string & { readonly __counterKey: true };

const CONTEXT = 'counter-key/v1';

export function counterKey(masterKey: Buffer, purpose: string, value: string): CounterKey {
  return `${purpose}:${keyedMac(masterKey, CONTEXT, `${purpose}\n${value}`)}` as CounterKey;
}
