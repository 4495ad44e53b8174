/**
 * The claims checks jose's `jwtVerify` made with the options the hub passed it, kept to the
 * letter now that the signature is checked by crypto/jws.ts: same presence rules (`Object.hasOwn`),
 * same comparisons, the same clock tolerance (`exp` must lie after now − tolerance, `nbf` not
 * after now + tolerance, in whole seconds of `currentDate`) and the same type checks of `iat`,
 * `nbf` and `exp` when present. tests/server/crypto/jws.test.ts compares it with jose claim by claim.
 */

export interface JwtClaimsRules {
  /** The header's `typ`, compared as media types (`at+jwt` = `application/at+jwt`, any case). */
  typ?: string;
  /** `iss` must be present and one of these. */
  issuer?: string;
  /** `sub` must be present and equal. */
  subject?: string;
  /** `aud` must be present and name (one of) these. */
  audience?: string | readonly string[];
  /** Claims that must be present. */
  requiredClaims?: readonly string[];
  currentDate: Date;
  /** Seconds of allowed clock skew for `exp` and `nbf` (0 when omitted). */
  clockTolerance?: number;
}

export class JwtClaimInvalid extends Error {
  override name = 'JwtClaimInvalid';
}

const normaliseTyp = (value: string) => {
  const lower = value.toLowerCase();
  return value.includes('/') ? lower : `application/${lower}`;
};

/** Whether a header's `typ` is `expected` as a media type (`at+jwt` = `application/at+jwt`, any case). */
export function typMatches(typ: unknown, expected: string): boolean {
  return typeof typ === 'string' && normaliseTyp(typ) === normaliseTyp(expected);
}

/** The numeric date `claim`, undefined when absent; anything but a number is refused. */
function numericDate(payload: Record<string, unknown>, claim: string): number | undefined {
  const value = payload[claim];
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new JwtClaimInvalid(`${claim} must be a number`);
  return value;
}

/** Throws JwtClaimInvalid unless the header and claims meet `rules`. */
export function checkJwtClaims(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  rules: JwtClaimsRules,
): void {
  if (rules.typ !== undefined && !typMatches(header.typ, rules.typ)) throw new JwtClaimInvalid('typ');
  const present = [...(rules.requiredClaims ?? [])];
  if (rules.audience !== undefined) present.push('aud');
  if (rules.subject !== undefined) present.push('sub');
  if (rules.issuer !== undefined) present.push('iss');
  for (const claim of present) if (!Object.hasOwn(payload, claim)) throw new JwtClaimInvalid(`${claim} missing`);
  if (rules.issuer !== undefined && payload.iss !== rules.issuer) throw new JwtClaimInvalid('iss');
  if (rules.subject !== undefined && payload.sub !== rules.subject) throw new JwtClaimInvalid('sub');
  if (rules.audience !== undefined && !namesAudience(payload.aud, rules.audience)) throw new JwtClaimInvalid('aud');
  const tolerance = rules.clockTolerance ?? 0;
  const now = Math.floor(rules.currentDate.getTime() / 1000);
  numericDate(payload, 'iat');
  const nbf = numericDate(payload, 'nbf');
  if (nbf !== undefined && nbf > now + tolerance) throw new JwtClaimInvalid('nbf');
  const exp = numericDate(payload, 'exp');
  if (exp !== undefined && exp <= now - tolerance) throw new JwtClaimInvalid('exp');
}

function namesAudience(aud: unknown, expected: string | readonly string[]): boolean {
  const allowed: readonly string[] = typeof expected === 'string' ? [expected] : expected;
  if (typeof aud === 'string') return allowed.includes(aud);
  return Array.isArray(aud) && allowed.some((a) => aud.includes(a));
}
