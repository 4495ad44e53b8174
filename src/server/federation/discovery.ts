import type { Hub } from '../hub';
import { findRequiredProviderIdOfDomain } from '../orgs/queries/domains';
import { emailDomainOf, isProviderUsable, providerToSendTo } from '../../shared/org-policy';
import { listEnabledProviders, findEnabledProviderByDomain, findProviderById } from './queries';

/** The enabled providers the sign-in page offers as buttons. */
export async function listSignInProviders(hub: Hub) {
  return (await listEnabledProviders(hub.db)).filter(isProviderUsable).map((p) => ({
    slug: p.slug,
    display_name: p.displayName,
    protocol: p.protocol as 'oidc' | 'saml',
  }));
}

/**
 * Home-realm discovery: the enabled provider that owns the email's domain, else the one an
 * organization requires of its members (issue 29: a verified domain of an organization with
 * `require_sso_provider_id`). Decided by the domain alone, never by whether an account exists,
 * so the answer reveals no account.
 */
export async function discoverProvider(
  hub: Hub,
  email: string,
): Promise<{ slug: string; display_name: string } | null> {
  const domain = emailDomainOf(email);
  if (!domain) return null;
  const owner = await findEnabledProviderByDomain(hub.db, domain);
  const provider = owner && isProviderUsable(owner) ? owner : await findProviderRequiredForDomain(hub, domain);
  return provider ? { slug: provider.slug, display_name: provider.displayName } : null;
}

/** The provider an organization holding this domain requires, while it can be used (a disabled one offers nothing). */
async function findProviderRequiredForDomain(hub: Hub, domain: string) {
  const id = await findRequiredProviderIdOfDomain(hub.db, domain);
  return id ? providerToSendTo({ requireSsoProviderId: id }, await findProviderById(hub.db, id)) : null;
}
