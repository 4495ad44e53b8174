import type { Hub } from '../../hub';
import type { Actor } from '../../actor';
import type { IdentityProvider } from '../../db/schema/index';
import { redirectUriOf } from '../provider-service';
import { finishOidcSignIn, type OidcIdentity } from '../providers/oidc';
import { mappingOf, type UpstreamIdentity } from './claims';
import { finishUpstreamSignIn, type SsoOutcome } from './finish';
import { loadCallback, oidcConfigOf } from './provider';
import { mismatch } from './refusals';
import { refuseUpstreamFailure } from './health';

/**
 * GET /auth/sso/:slug/callback: the browser's state must be this provider's (a callback at one
 * provider with another's state is a mix-up, refused), openid-client verifies the answer, the
 * linking rules (linking.ts) pick the account, and the sign-in ends like a password sign-in.
 */
export async function completeSsoSignIn(
  hub: Hub,
  slug: string,
  input: { callbackUrl: URL; sealedState: string | undefined },
  actor: Actor,
): Promise<SsoOutcome> {
  const { state, provider } = await loadCallback(hub, slug, input.sealedState, 'oidc');
  if (!state.checks) throw mismatch(slug);
  let upstream: UpstreamIdentity;
  try {
    const config = await oidcConfigOf(hub, provider);
    const identity = await finishOidcSignIn(config, {
      callbackUrl: input.callbackUrl,
      checks: state.checks,
      redirectUri: redirectUriOf(hub, slug),
    });
    upstream = oidcUpstream(provider, identity);
  } catch (e) {
    throw await refuseUpstreamFailure(hub, provider, e);
  }
  return finishUpstreamSignIn(hub, provider, state, upstream, actor);
}

/** The claims by the provider's mapping; `email_verified` as OIDC Core §5.1 has it (a boolean, some send "true"). */
function oidcUpstream(provider: IdentityProvider, identity: OidcIdentity): UpstreamIdentity {
  const mapping = mappingOf(provider);
  const { claims } = identity;
  return {
    subject: identity.subject,
    email: claims[mapping.email],
    name: claims[mapping.name],
    emailVerifiedAsserted: claims.email_verified === true || claims.email_verified === 'true',
    amr: Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [],
  };
}
