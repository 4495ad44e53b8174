import type { Hub } from '../hub';
import type { OidcChecks } from './providers/oidc';

/**
 * The browser's half of a sign-in in progress: which provider it was started at, the `state`,
 * `nonce` and PKCE verifier the callback must match (SAML: the AuthnRequest's ID the response
 * must answer, so any node can check InResponseTo), and where to go afterwards. Sealed with
 * the hub's secret box (AES-GCM, its own context), so it can be neither read nor forged, and
 * bound to the browser that started the sign-in: a callback in another browser has no cookie.
 */
export const SSO_STATE_COOKIE = 'hub_sso';
/** Only the sign-in routes receive it. */
const SSO_STATE_PATH = '/auth/sso';
/** Long enough to type a password and a second factor at the provider. */
export const SSO_STATE_MS = 10 * 60_000;
const SSO_STATE_CONTEXT = 'federation.sso_state';

export interface SsoState {
  providerId: string;
  slug: string;
  /** OpenID Connect. */
  checks?: OidcChecks;
  /** SAML: the AuthnRequest the response must be InResponseTo. */
  samlRequest?: { id: string; createdAt: string };
  returnTo: string;
  expiresAt: number;
  /** `?link=1`: the signed-in session that asked to link the identity to its account. */
  link?: { userId: string; sessionId: string };
}

export function sealSsoState(hub: Hub, state: SsoState): string {
  return hub.secrets.seal(JSON.stringify(state), SSO_STATE_CONTEXT);
}

/** The state the cookie carries, or null when it is missing, forged or expired. */
export function openSsoState(hub: Hub, sealed: string | undefined): SsoState | null {
  if (!sealed || sealed.length > 4000) return null;
  try {
    const state = JSON.parse(hub.secrets.open(sealed, SSO_STATE_CONTEXT)) as SsoState;
    return state.expiresAt > hub.clock().getTime() ? state : null;
  } catch {
    return null;
  }
}

export function ssoCookieOptions(hub: Hub, protocol: 'oidc' | 'saml' = 'oidc') {
  const secure = hub.config.publicUrl.startsWith('https://');
  return {
    path: SSO_STATE_PATH,
    httpOnly: true,
    // Lax, not Strict: the callback is a top-level navigation coming back from the provider's site.
    // SAML's ACS is a cross-site POST, which a Lax cookie does not follow: None (over https only;
    // the sealed state and the signed assertion it must match are what protect that POST).
    sameSite: protocol === 'saml' && secure ? ('none' as const) : ('lax' as const),
    secure,
    maxAge: SSO_STATE_MS / 1000,
  };
}

export function clearSsoCookieOptions() {
  return { path: SSO_STATE_PATH };
}
