import * as oidc from 'openid-client';
import { isLoopbackHost } from '../../../shared/loopback';
import { OutboundRefusedError, type OutboundPolicy } from '../../net/outbound';
import { outboundFetch } from '../../net/outbound-http';
import { causesOf, NETWORK_ERROR_CODES } from '../../error-causes';

/**
 * Upstream OpenID Connect through openid-client (a certified relying party): no protocol code of
 * our own. Discovery, the code flow with PKCE S256, `state` and `nonce`, the `iss` of the
 * authorization response (RFC 9207, so two providers cannot be mixed up), and the ID token's
 * signature against the provider's JWKS, issuer, audience, expiry and nonce are all its checks.
 */

/** How long the hub waits for a provider's discovery, token or userinfo answer. */
const UPSTREAM_TIMEOUT_S = 10;
/** The largest answer read from a provider (a discovery document, a key set, a token response). */
const UPSTREAM_MAX_BYTES = 512 * 1024;

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser must carry from the start of the sign-in to its callback (sealed in a cookie). */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What a verified upstream sign-in says: the subject and every claim (ID token, then userinfo). */
export interface OidcIdentity {
  subject: string;
  claims: Record<string, unknown>;
}

/**
 * A refusal by the protocol: an upstream error answer, a failed check, or an unreachable provider
 * (`unreachable`: it was never heard, so the person is told that, not that its answer was wrong).
 */
export class UpstreamSignInError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/**
 * The provider's configuration from its discovery document (plain http only for a loopback
 * issuer). Every request openid-client makes for it — discovery, keys, token, userinfo — goes
 * through the outbound policy (net/outbound.ts): the configuration keeps the fetch it was given.
 */
export async function discoverOidcProvider(
  settings: OidcClientSettings,
  policy: OutboundPolicy,
): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  try {
    return await oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: UPSTREAM_TIMEOUT_S,
      [oidc.customFetch]: outboundFetch(policy, { timeoutMs: UPSTREAM_TIMEOUT_S * 1000, maxBytes: UPSTREAM_MAX_BYTES }),
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (e) {
    throw upstreamError(e, 'discovery_failed');
  }
}

/** The provider's authorization URL for a new sign-in, and the checks its callback must pass. */
export async function buildOidcSignInUrl(
  config: oidc.Configuration,
  input: { redirectUri: string; scopes: string[] },
): Promise<{ url: string; checks: OidcChecks }> {
  const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: input.scopes.join(' '),
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url: url.href, checks };
}

/**
 * The callback: the authorization response is checked (state, iss, error), the code exchanged with
 * the PKCE verifier, the ID token verified (signature, iss, aud, exp, nonce); the userinfo answer
 * (its subject checked against the ID token's) completes claims the ID token left out.
 */
export async function finishOidcSignIn(
  config: oidc.Configuration,
  input: { callbackUrl: URL; checks: OidcChecks; redirectUri: string },
): Promise<OidcIdentity> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(
      config,
      input.callbackUrl,
      {
        expectedState: input.checks.state,
        expectedNonce: input.checks.nonce,
        pkceCodeVerifier: input.checks.codeVerifier,
        idTokenExpected: true,
      },
      { redirect_uri: input.redirectUri },
    );
  } catch (e) {
    throw upstreamError(e, 'response_refused');
  }
  const idToken = tokens.claims();
  if (!idToken) throw new UpstreamSignInError('no_id_token', 'The provider sent no ID token.');
  const claims: Record<string, unknown> = { ...idToken };
  if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
    try {
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      for (const [k, v] of Object.entries(userinfo)) if (claims[k] === undefined) claims[k] = v;
    } catch (e) {
      throw upstreamError(e, 'userinfo_failed');
    }
  }
  return { subject: idToken.sub, claims };
}

const UNREACHABLE = 'The identity provider cannot be reached.';

/** The library's refusal as ours: its code (e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED) is the reason's detail. */
function upstreamError(e: unknown, reason: string): UpstreamSignInError {
  if (e instanceof UpstreamSignInError) return e;
  if (e instanceof oidc.AuthorizationResponseError) {
    return new UpstreamSignInError('upstream_error', `The provider answered ${e.error}.`);
  }
  // Never reached: the outbound policy refused its address (openid-client wraps what its fetch
  // threw), the connection failed, or the answer did not come in time.
  for (const cause of causesOf(e)) {
    if (cause instanceof OutboundRefusedError) {
      return new UpstreamSignInError(`${reason}:refused_${cause.refusal}`, UNREACHABLE, true);
    }
    const errno = (cause as { code?: unknown }).code;
    if (typeof errno === 'string' && NETWORK_ERROR_CODES.has(errno)) {
      return new UpstreamSignInError(`${reason}:${errno.toLowerCase()}`, UNREACHABLE, true);
    }
    if (cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError')) {
      return new UpstreamSignInError(`${reason}:timeout`, UNREACHABLE, true);
    }
    // A failing server (a 5xx answer to discovery, keys or token) is not reachable in any useful sense either.
    const status = (cause as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 500) {
      return new UpstreamSignInError(`${reason}:http_${status}`, UNREACHABLE, true);
    }
  }
  const code = (e as { code?: unknown }).code;
  const detail = typeof code === 'string' ? code.toLowerCase() : 'unexpected';
  return new UpstreamSignInError(`${reason}:${detail}`, 'The answer of the identity provider could not be verified.');
}
