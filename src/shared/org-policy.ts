/**
 * Organization and federation policy in one place, read by the server (which decides) and the web
 * (which shows only what the server would allow). No zod and no Node module here: plain rules
 * over plain values, so the browser bundle can import them.
 *
 * - the built-in organization roles and the permission table (who may do what);
 * - the email domain of an address, and the domain an address *proves* (one rule for trusting a
 *   provider's `email_verified` and for joining an organization by domain);
 * - whether an identity provider can be used for a sign-in;
 * - an organization's "sign in through this provider" policy.
 */

// ---------------------------------------------------------------------------------------------
// Roles and permissions

/** The built-in organization roles, strongest first; custom role names come from organization_roles. */
export const BUILT_IN_ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type BuiltInOrgRole = (typeof BUILT_IN_ORG_ROLES)[number];
/** What a member joining by invitation without a role, or by a claimed domain, gets. */
export const DEFAULT_ORG_ROLE: BuiltInOrgRole = 'member';

export function isBuiltInOrgRole(role: string): role is BuiltInOrgRole {
  return (BUILT_IN_ORG_ROLES as readonly string[]).includes(role);
}

export type OrgAction =
  | 'read'
  | 'update'
  | 'update_policies'
  | 'delete'
  | 'manage_members'
  | 'manage_owners'
  | 'manage_invitations'
  | 'manage_domains'
  /** SCIM tokens: a directory that holds one can add, change and deactivate members (issue 41). */
  | 'manage_scim';

/**
 * The weakest built-in role that may do each action: members read; admins manage members,
 * invitations and domains and edit the organization; only owners change policies, delete it, or
 * grant or take the owner role.
 */
export const REQUIRED_ROLE: Readonly<Record<OrgAction, BuiltInOrgRole>> = {
  read: 'member',
  update: 'admin',
  update_policies: 'owner',
  delete: 'owner',
  manage_members: 'admin',
  manage_owners: 'owner',
  manage_invitations: 'admin',
  manage_domains: 'admin',
  manage_scim: 'owner',
};

/** owner 3, admin 2, member 1, none 0: the strongest built-in role among `roles` (custom names count for nothing). */
export function rankOf(roles: readonly string[]): number {
  const i = BUILT_IN_ORG_ROLES.findIndex((r) => roles.includes(r));
  return i < 0 ? 0 : BUILT_IN_ORG_ROLES.length - i;
}

/** Whether a member with `roles` may do `action` (an ecosystem admin's access is the caller's decision). */
export function rolesAllow(roles: readonly string[], action: OrgAction): boolean {
  return rankOf(roles) >= rankOf([REQUIRED_ROLE[action]]);
}

/** The roles an invitation's role gives: a built-in role alone, a custom one on top of the default role. */
export function rolesOfInvitation(role: string): string[] {
  return isBuiltInOrgRole(role) ? [role] : [DEFAULT_ORG_ROLE, role];
}

// ---------------------------------------------------------------------------------------------
// Email domains

/** The part after the last @, trimmed and lower-cased; null when there is none or it has no dot. */
export function emailDomainOf(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  const domain = at > 0 ? trimmed.slice(at + 1).toLowerCase() : '';
  return domain.includes('.') ? domain : null;
}

/**
 * The domain an address proves, or null when it proves none: the address must be verified, and
 * when whoever vouches for it lists its domains (an identity provider's `email_domains`), within
 * them. An identity provider trusted for `email_verified` is believed for its own domains only
 * (a partner's provider cannot hand out verified addresses of another company); an
 * organization's domain members are those whose address proves that domain.
 */
export function provenEmailDomain(
  email: string,
  input: { verified: boolean; vouchedDomains?: readonly string[] },
): string | null {
  const domain = emailDomainOf(email);
  if (!domain || !input.verified) return null;
  const listed = input.vouchedDomains ?? [];
  return listed.length === 0 || listed.includes(domain) ? domain : null;
}

/** What a provider's own rule about emails reads: whether it is trusted, and for which domains. */
export interface EmailTrust {
  trustsEmailVerified: boolean;
  emailDomains: readonly string[];
}

/** Whether the hub takes an upstream address as verified: the provider is trusted, says so, and vouches for its domain. */
export function isUpstreamEmailVerified(provider: EmailTrust, email: string, asserted: boolean): boolean {
  return (
    provenEmailDomain(email, {
      verified: provider.trustsEmailVerified && asserted,
      vouchedDomains: provider.emailDomains,
    }) !== null
  );
}

// ---------------------------------------------------------------------------------------------
// Identity providers and the SSO policy

/** What decides whether a provider can be used: switched on, and complete for its protocol. */
export interface ProviderState {
  enabled: boolean;
  protocol: string;
  issuer: string | null;
  clientId: string | null;
  samlSsoUrl: string | null;
  samlCertificates: readonly string[];
}

/** Whether a provider can sign anyone in: enabled, with an issuer and client (OIDC) or complete IdP metadata (SAML). */
export function isProviderUsable(p: ProviderState): boolean {
  const complete =
    p.protocol === 'saml'
      ? Boolean(p.issuer && p.samlSsoUrl && p.samlCertificates.length)
      : Boolean(p.issuer && p.clientId);
  return p.enabled && complete;
}

/** An organization's SSO policy: its members sign in through this provider (null: any sign-in will do). */
export interface SsoPolicy {
  requireSsoProviderId: string | null;
}

/**
 * Whether a sign-in meets the policy: through the required provider (`idpId`, the session's own
 * record; null when it was not federated). The policy holds even while that provider is switched
 * off: a member then gets no organization token, rather than one the policy would refuse.
 */
export function meetsSsoPolicy(policy: SsoPolicy, idpId: string | null): boolean {
  return policy.requireSsoProviderId === null || idpId === policy.requireSsoProviderId;
}

/**
 * The provider the policy sends people to — a password sign-in is refused in its favour, the
 * sign-in page offers it for the domain — only while it can be used: a switched-off provider
 * sends nobody anywhere, and the password stays the way in.
 */
export function providerToSendTo<P extends ProviderState & { id: string }>(
  policy: SsoPolicy,
  provider: P | null | undefined,
): P | null {
  if (!policy.requireSsoProviderId || !provider || provider.id !== policy.requireSsoProviderId) return null;
  return isProviderUsable(provider) ? provider : null;
}
