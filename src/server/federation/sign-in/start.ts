import type { Hub } from '../../hub';
import { redirectUriOf } from '../provider-service';
import { buildOidcSignInUrl } from '../providers/oidc';
import { buildSamlSignInUrl } from '../providers/saml/request';
import { SSO_STATE_MS, sealSsoState, type SsoState } from '../state-cookie';
import { loadSignInProvider, oidcConfigOf, samlSettingsOf } from './provider';
import { refuseUpstreamFailure } from './health';
import { returnPathOf } from './return-path';

/**
 * GET /auth/sso/:slug: the provider's authorization URL (OIDC) or its SSO URL with the
 * AuthnRequest (SAML, HTTP-Redirect), and the sealed state the browser keeps. `link` is the
 * signed-in session that asked to link the identity (checked by the route: link-intent.ts).
 */
export async function startSsoSignIn(
  hub: Hub,
  slug: string,
  returnTo: string | undefined,
  link?: SsoState['link'],
): Promise<{ location: string; sealedState: string; protocol: 'oidc' | 'saml' }> {
  const provider = await loadSignInProvider(hub, slug);
  const base = {
    providerId: provider.id,
    slug,
    returnTo: returnPathOf(returnTo),
    expiresAt: hub.clock().getTime() + SSO_STATE_MS,
    ...(link ? { link } : {}),
  };
  try {
    if (provider.protocol === 'saml') {
      const { url, requestId, createdAt } = await buildSamlSignInUrl(samlSettingsOf(hub, provider));
      const state: SsoState = { ...base, samlRequest: { id: requestId, createdAt } };
      return { location: url, sealedState: sealSsoState(hub, state), protocol: 'saml' };
    }
    const config = await oidcConfigOf(hub, provider);
    const { url, checks } = await buildOidcSignInUrl(config, {
      redirectUri: redirectUriOf(hub, slug),
      scopes: provider.scopes,
    });
    return { location: url, sealedState: sealSsoState(hub, { ...base, checks }), protocol: 'oidc' };
  } catch (e) {
    throw await refuseUpstreamFailure(hub, provider, e);
  }
}
