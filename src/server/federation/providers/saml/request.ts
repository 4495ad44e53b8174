import type { SAML, CacheProvider } from '@node-saml/node-saml';
import { UpstreamSignInError } from '../oidc';
import { nodeSaml, type IdpMetadata } from './metadata';

/**
 * Upstream SAML 2.0 through @node-saml/node-saml: no protocol code of our own. The library
 * builds the AuthnRequest (HTTP-Redirect binding), verifies the Response's assertion signature
 * against the IdP's certificates (signed assertions required, one assertion only, only the signed
 * bytes read), its Conditions and SubjectConfirmation times, the audience and InResponseTo. What
 * it leaves to its caller is checked by response.ts, on the signed assertion it hands back: the
 * issuer is the IdP of the metadata, the bearer confirmation's Recipient (and the Response's
 * Destination, when given) is this provider's ACS, and the assertion carries an ID and an expiry,
 * so that sign-in/ can accept each assertion once (federation_assertion_ids). This file is the
 * request side: node-saml's settings for one provider, and the AuthnRequest.
 *
 * InResponseTo is not kept in node-saml's per-process cache: the request ID travels in the
 * browser's sealed state cookie (state-cookie.ts), so whichever node receives the response can
 * check it; `requestCache` below is node-saml's cache interface over that one ID.
 */

/** Seconds of clock difference with the IdP that NotBefore / NotOnOrAfter tolerate (kept small). */
export const SAML_CLOCK_SKEW_MS = 30_000;
/** How long the AuthnRequest's ID is answerable (the state cookie's lifetime bounds it too). */
const REQUEST_ID_MS = 10 * 60_000;

/** The hub's side of one SAML provider and the IdP's. */
export interface SamlSettings {
  /** The hub's SP entity ID for this provider (the audience its assertions must name). */
  spEntityId: string;
  acsUrl: string;
  idp: IdpMetadata;
}

/** node-saml's InResponseTo cache over the one request ID this browser started (from its state cookie). */
export function requestCache(
  known: { id: string; createdAt: string } | null,
  onSave?: (id: string) => void,
): CacheProvider {
  return {
    saveAsync: (key, value) => {
      onSave?.(key);
      return Promise.resolve({ value, createdAt: Date.now() });
    },
    getAsync: (key) => Promise.resolve(known && key === known.id ? known.createdAt : null),
    // Single use is the state cookie's (spent by the ACS) and the assertion ID's (federation_assertion_ids).
    removeAsync: () => Promise.resolve(null),
  };
}

export async function samlOf(settings: SamlSettings, cache: CacheProvider): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  return new SAML({
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    entryPoint: settings.idp.ssoUrl,
    idpCert: settings.idp.certificates,
    wantAssertionsSigned: true,
    // The assertion's signature is what counts; many IdPs (Entra ID by default) do not sign the Response too.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_ID_MS,
    cacheProvider: cache,
    // The IdP's configured NameID format is used; asking for one makes some IdPs refuse or change it.
    identifierFormat: null,
    // Asking for PasswordProtectedTransport "exact" makes Entra ID refuse MFA and passwordless sign-ins.
    disableRequestedAuthnContext: true,
  });
}

/** The IdP's URL for a new sign-in (HTTP-Redirect binding) and the AuthnRequest's ID the response must answer. */
export async function buildSamlSignInUrl(
  settings: SamlSettings,
): Promise<{ url: string; requestId: string; createdAt: string }> {
  let requestId = '';
  try {
    const saml = await samlOf(
      settings,
      requestCache(null, (id) => (requestId = id)),
    );
    const url = await saml.getAuthorizeUrlAsync('', undefined, {});
    return { url, requestId, createdAt: new Date().toISOString() };
  } catch (e) {
    throw new UpstreamSignInError(
      'request_failed',
      e instanceof Error ? e.message : 'The sign-in request could not be built.',
    );
  }
}
