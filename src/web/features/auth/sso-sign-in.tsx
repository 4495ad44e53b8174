import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDiscoverMutation, type DiscoveredProvider } from '@/data/identity-providers/discover-mutation';
import { useSignInProvidersQuery } from '@/data/identity-providers/sign-in-providers-query';
import { emailDomain, ssoStartHref } from './auth.utils';

/**
 * Home-realm discovery (issue 27): once an email is typed, ask which provider owns its domain.
 * The answer depends on the domain only, so it is kept per domain: another address at the same
 * domain asks nothing; a failed lookup just leaves the password way.
 */
export function useHomeRealm() {
  const discover = useDiscoverMutation();
  const [found, setFound] = useState<{ domain: string; sso: DiscoveredProvider | null } | null>(null);

  /** Looks the domain up (once per domain) and answers the provider, if any. */
  async function lookUp(email: string): Promise<DiscoveredProvider | null> {
    const domain = emailDomain(email);
    if (!domain) return null;
    if (found?.domain === domain) return found.sso;
    try {
      const sso = await discover.mutateAsync(email.trim());
      setFound({ domain, sso });
      return sso;
    } catch {
      return null;
    }
  }

  /** The provider for the address now in the field (none once the domain changes). */
  const providerFor = (email: string) => (found && found.domain === emailDomain(email) ? found.sso : null);
  return { lookUp, providerFor };
}

/** The discovered provider, offered as the primary way in (the password stays possible). */
export function DiscoveredProviderOffer({ provider }: { provider: DiscoveredProvider }) {
  const [params] = useSearchParams();
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-accent/60 p-3">
      <p className="text-sm">
        <FormattedMessage
          id="auth.sso.discovered"
          defaultMessage="Your organization signs in with {provider}."
          values={{ provider: provider.display_name }}
        />
      </p>
      <Button asChild className="w-full">
        <a href={ssoStartHref(provider.slug, params)}>
          <FormattedMessage
            id="auth.sso.continueWith"
            defaultMessage="Continue with {provider}"
            values={{ provider: provider.display_name }}
          />
        </a>
      </Button>
    </div>
  );
}

/** The enabled providers as buttons under the sign-in form; none enabled, nothing shown. */
export function ProviderButtons() {
  const [params] = useSearchParams();
  const providers = useSignInProvidersQuery();
  const intl = useIntl();
  if (!providers.data?.length) return null;
  return (
    <ul
      className="space-y-2"
      aria-label={intl.formatMessage({ id: 'auth.sso.others', defaultMessage: 'Other ways to sign in' })}
    >
      {providers.data.map((p) => (
        <li key={p.slug}>
          <Button asChild variant="outline" className="w-full">
            <a href={ssoStartHref(p.slug, params)}>
              <FormattedMessage
                id="auth.sso.continueWith"
                defaultMessage="Continue with {provider}"
                values={{ provider: p.display_name }}
              />
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
