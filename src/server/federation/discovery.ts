import type { Hub } from '../hub';
import { listEnabledProviders, findEnabledProviderByDomain } from './queries';

/** The enabled providers the sign-in page offers as buttons. */
export async function listSignInProviders(hub: Hub) {
  return (await listEnabledProviders(hub.db)).map((p) => ({
    slug: p.slug,
    display_name: p.displayName,
    protocol: p.protocol as 'oidc' | 'saml',
  }));
}

/**
 * Home-realm discovery: the enabled provider that owns the email's domain. Decided by the
 * domain alone, never by whether an account exists, so the answer reveals no account.
 */
export async function discoverProvider(
  hub: Hub,
  email: string,
): Promise<{ slug: string; display_name: string } | null> {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  const provider = await findEnabledProviderByDomain(hub.db, domain);
  return provider ? { slug: provider.slug, display_name: provider.displayName } : null;
}
