/** The identity protocols the hub federates with (issue 27). */
export type IdentityProtocol = 'oidc' | 'saml';

/**
 * What an upstream's administrator registers for the hub, by protocol: one rule for the server's
 * answers and the form that shows them live as the slug is typed (issue 46). OpenID Connect: the
 * redirect URI. SAML: the ACS URL, and the SP entity ID (one per provider), which is also where the
 * hub's SP metadata is served.
 */
export function ssoRegistrationUrls(publicUrl: string, slug: string, protocol: IdentityProtocol) {
  const base = `${publicUrl.replace(/\/+$/, '')}/auth/sso/${encodeURIComponent(slug)}`;
  if (protocol === 'saml')
    return { acs_url: `${base}/acs`, entity_id: `${base}/metadata`, metadata_url: `${base}/metadata` };
  return { redirect_uri: `${base}/callback` };
}
