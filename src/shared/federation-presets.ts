/**
 * Presets only prefill the issuer and scopes of well-known OpenID Connect providers. Entra ID has
 * one issuer per tenant, so its preset has none: the administrator gives the tenant's issuer.
 */
export const OIDC_PRESETS = {
  google: { display_name: 'Google', issuer: 'https://accounts.google.com', scopes: ['openid', 'email', 'profile'] },
  microsoft: {
    display_name: 'Microsoft',
    issuer: null,
    issuer_hint: 'https://login.microsoftonline.com/<tenant id>/v2.0',
    scopes: ['openid', 'email', 'profile'],
  },
  linkedin: {
    display_name: 'LinkedIn',
    issuer: 'https://www.linkedin.com/oauth',
    scopes: ['openid', 'email', 'profile'],
  },
  gitlab: { display_name: 'GitLab', issuer: 'https://gitlab.com', scopes: ['openid', 'email', 'profile'] },
} as const;
export type OidcPreset = keyof typeof OIDC_PRESETS;
export const OIDC_PRESET_NAMES = Object.keys(OIDC_PRESETS) as [OidcPreset, ...OidcPreset[]];

export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'];
