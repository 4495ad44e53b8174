import type { Hub } from '../../hub';
import { CACHES } from '../../caches';
import type { IdentityProvider } from '../../db/schema/index';
import { isProviderUsable } from '../../../shared/org-policy';
import { findProviderBySlug } from '../queries';
import { acsUrlOf, idpMetadataOf, samlEntityIdOf } from '../provider-service';
import { PROVIDER_SECRET_CONTEXT } from '../provider-columns';
import { discoverOidcProvider, type OidcClientSettings } from '../providers/oidc';
import { outboundPolicy } from '../../net/outbound';
import type { SamlSettings } from '../providers/saml/request';
import { openSsoState, type SsoState } from '../state-cookie';
import { mismatch, refused } from './refusals';

/**
 * The provider a sign-in may use: it exists and can be used (org-policy.ts: enabled, complete for
 * its protocol); a step of one protocol (the OIDC callback, the SAML ACS) is refused at a
 * provider of the other.
 */
export async function loadSignInProvider(
  hub: Hub,
  slug: string,
  protocol?: 'oidc' | 'saml',
): Promise<IdentityProvider> {
  const provider = await findProviderBySlug(hub.db, slug);
  if (!provider) {
    throw refused(
      'not_found',
      { id: 'page.signInError.unknownProvider' },
      { provider: null, reason: 'unknown_provider' },
    );
  }
  if (!isProviderUsable(provider) || (protocol && provider.protocol !== protocol)) {
    throw refused(
      'not_found',
      { id: 'page.signInError.providerDisabled' },
      {
        provider: slug,
        reason: 'provider_disabled',
      },
    );
  }
  return provider;
}

/**
 * The callback's provider and the browser's state, which must be this provider's (a callback at
 * one provider with another's state is a mix-up).
 */
export async function loadCallback(
  hub: Hub,
  slug: string,
  sealedState: string | undefined,
  protocol: 'oidc' | 'saml',
): Promise<{ state: SsoState; provider: IdentityProvider }> {
  // The provider first: an unknown or disabled one is refused as such, whatever the browser holds.
  const provider = await loadSignInProvider(hub, slug, protocol);
  const state = openSsoState(hub, sealedState);
  if (!state) {
    throw refused(
      'invalid_request',
      { id: 'page.signInError.stateMissing' },
      {
        provider: slug,
        reason: 'state_missing',
      },
    );
  }
  if (state.slug !== slug || provider.id !== state.providerId) throw mismatch(slug);
  return { state, provider };
}

/** The hub's and the IdP's side of a SAML provider. */
export function samlSettingsOf(hub: Hub, provider: IdentityProvider): SamlSettings {
  return {
    spEntityId: samlEntityIdOf(hub, provider.slug),
    acsUrl: acsUrlOf(hub, provider.slug),
    idp: idpMetadataOf(provider)!,
  };
}

/** An OpenID Connect provider's client settings, its secret opened. */
export function oidcSettingsOf(hub: Hub, provider: IdentityProvider): OidcClientSettings {
  return {
    issuer: provider.issuer!,
    clientId: provider.clientId!,
    clientSecret: provider.clientSecretEnc ? hub.secrets.open(provider.clientSecretEnc, PROVIDER_SECRET_CONTEXT) : '',
  };
}

/**
 * The provider's discovered configuration, kept for a while (hub.caches.oidcConfigurations): the
 * start and the callback of a sign-in, and every other sign-in through it, share one discovery
 * and one JWKS fetch instead of fetching both each time. The key holds what the configuration
 * is made of (issuer, client, sealed secret) besides `updatedAt`: a change within the same
 * millisecond (or under a test's still clock) is never answered with the old issuer's discovery.
 */
export async function oidcConfigOf(hub: Hub, provider: IdentityProvider) {
  const cache = hub.caches.oidcConfigurations;
  const key = [
    provider.id,
    provider.updatedAt.getTime(),
    provider.issuer,
    provider.clientId,
    provider.clientSecretEnc,
  ].join(' ');
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.config;
  const config = await discoverOidcProvider(oidcSettingsOf(hub, provider), outboundPolicy(hub.config));
  if (cache.size >= CACHES.oidcConfigurations.maxEntries) cache.delete(cache.keys().next().value as string);
  cache.set(key, { config, until: now + CACHES.oidcConfigurations.ttlMs });
  return config;
}
