import type { IdentityProvider } from '../../db/schema/index';
import { normalizeEmail } from '../../auth/sign-in';
import { DEFAULT_ATTRIBUTE_MAPPING } from '../../../shared/api/federation';
import { isUpstreamEmailVerified } from '../../../shared/org-policy';
import type { AssertionUse } from '../assertions';

/** What any protocol's verified answer says, before the linking rules: one shape for OIDC and SAML. */
export interface UpstreamIdentity {
  subject: string;
  /** The mapped email and name, as the provider sent them (checked and normalised by mappedClaims). */
  email: unknown;
  name: unknown;
  /** Whether the provider asserts the email is verified (believed only when it is trusted to, for its domains). */
  emailVerifiedAsserted: boolean;
  /** The provider's authentication methods (RFC 8176 values; believed only when it is trusted for MFA). */
  amr: string[];
  /** SAML: the assertion, accepted once. */
  assertion?: AssertionUse;
}

/** RFC 8176 values a trusted provider's `amr` may bring into the hub's session. */
const MFA_AMR = ['mfa', 'hwk', 'otp'];
const KNOWN_AMR = new Set([
  'face',
  'fpt',
  'geo',
  'hwk',
  'iris',
  'kba',
  'mca',
  'mfa',
  'otp',
  'pin',
  'pwd',
  'rba',
  'retina',
  'sc',
  'sms',
  'swk',
  'tel',
  'user',
  'vbm',
  'wia',
]);

/** The provider's attribute mapping over the defaults. */
export function mappingOf(provider: IdentityProvider) {
  return { ...DEFAULT_ATTRIBUTE_MAPPING, ...provider.attributeMapping };
}

/**
 * The upstream email and name, checked and normalised. The email counts as verified only when the
 * provider is trusted to say so, says so, and — when it lists email domains — the address is in
 * one of them (org-policy.ts, the rule organization domain membership reads too).
 */
export function mappedClaims(provider: IdentityProvider, upstream: UpstreamIdentity) {
  const rawEmail = upstream.email;
  const email =
    typeof rawEmail === 'string' && rawEmail.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(rawEmail.trim())
      ? normalizeEmail(rawEmail)
      : null;
  const rawName = upstream.name;
  const name = typeof rawName === 'string' && rawName.trim() ? rawName.trim().slice(0, 200) : null;
  const emailVerified = email !== null && isUpstreamEmailVerified(provider, email, upstream.emailVerifiedAsserted);
  return { email, name, emailVerified };
}

/** The session's amr: `fed`, plus the provider's own methods when it is trusted for them and asserts MFA. */
export function amrOf(provider: IdentityProvider, upstream: string[]): { amr: string[]; mfa: boolean } {
  const mfa = provider.trustsMfa && upstream.some((v) => MFA_AMR.includes(v));
  return { amr: mfa ? ['fed', ...new Set(upstream.filter((v) => KNOWN_AMR.has(v)))] : ['fed'], mfa };
}
