import type { IdentityProvider } from '../../db/schema/index';
import { normalizeEmail } from '../../auth/sign-in';
import { DEFAULT_ATTRIBUTE_MAPPING } from '../../../shared/api/federation';
import { isUpstreamEmailVerified } from '../../../shared/org-policy';
import { isAmrValue, isMultiFactor } from '../../../shared/amr';
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

/**
 * The session's amr: `fed`, plus the provider's own (RFC 8176) methods and `mfa` when it is
 * trusted for them and they are multi-factor by the hub's one rule (shared/amr.ts).
 */
export function amrOf(provider: IdentityProvider, upstream: string[]): { amr: string[]; mfa: boolean } {
  const mfa = provider.trustsMfa && isMultiFactor(upstream);
  return { amr: mfa ? ['fed', ...new Set([...upstream.filter(isAmrValue), 'mfa'])] : ['fed'], mfa };
}
