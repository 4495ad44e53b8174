/**
 * RFC 8176 §2, the Authentication Method Reference values, each with the factor it is evidence of
 * (NIST SP 800-63B: something you know, something you have, something you are), or null for a
 * value that is no factor of its own (a location, a risk score, a channel, "multiple factors").
 */
export const AMR_FACTORS = {
  face: 'inherence',
  fpt: 'inherence',
  geo: null,
  hwk: 'possession',
  iris: 'inherence',
  kba: 'knowledge',
  mca: null,
  mfa: null,
  otp: 'possession',
  pin: 'knowledge',
  pwd: 'knowledge',
  rba: null,
  retina: 'inherence',
  sc: 'possession',
  sms: 'possession',
  swk: 'possession',
  tel: 'possession',
  user: null,
  vbm: 'inherence',
  wia: null,
} as const satisfies Record<string, 'knowledge' | 'possession' | 'inherence' | null>;

export type AmrValue = keyof typeof AMR_FACTORS;

/** Whether `value` is one of RFC 8176's registered values. */
export function isAmrValue(value: string): value is AmrValue {
  return Object.hasOwn(AMR_FACTORS, value);
}

/**
 * The one rule for "was this sign-in multi-factor", for the hub's own sessions and for what a
 * trusted upstream provider asserts: `mfa` said outright, or methods of at least two different
 * factors (a password and a one-time code). `otp` or `hwk` alone is one factor, whatever device
 * holds it, and so are two methods of the same factor (an SMS code and a one-time password).
 */
export function isMultiFactor(amr: readonly string[]): boolean {
  if (amr.includes('mfa')) return true;
  const factors = new Set(amr.filter(isAmrValue).map((value) => AMR_FACTORS[value]));
  factors.delete(null);
  return factors.size >= 2;
}
