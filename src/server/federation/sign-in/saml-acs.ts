import type { Hub } from '../../hub';
import type { Actor } from '../../actor';
import type { IdentityProvider } from '../../db/schema/index';
import { DEFAULT_ATTRIBUTE_MAPPING } from '../../../shared/api/federation';
import { samlProfileOf } from '../providers/saml/profile';
import { finishSamlSignIn, type SamlIdentity } from '../providers/saml/response';
import { mappingOf, type UpstreamIdentity } from './claims';
import { finishUpstreamSignIn, type SsoOutcome } from './finish';
import { loadCallback, samlSettingsOf } from './provider';
import { mismatch } from './refusals';
import { refuseUpstreamFailure } from './health';

/**
 * POST /auth/sso/:slug/acs: the same as the OIDC callback with SAML's protocol step: the state
 * names the AuthnRequest the response must answer, node-saml verifies the response
 * (providers/saml/response.ts), and the assertion is accepted once (assertions.ts).
 */
export async function completeSamlSignIn(
  hub: Hub,
  slug: string,
  input: { samlResponse: string; sealedState: string | undefined },
  actor: Actor,
): Promise<SsoOutcome> {
  const { state, provider } = await loadCallback(hub, slug, input.sealedState, 'saml');
  if (!state.samlRequest) throw mismatch(slug);
  let upstream: UpstreamIdentity;
  try {
    const identity = await finishSamlSignIn(samlSettingsOf(hub, provider), {
      samlResponse: input.samlResponse,
      request: state.samlRequest,
    });
    upstream = samlUpstream(provider, identity);
  } catch (e) {
    throw await refuseUpstreamFailure(hub, provider, e);
  }
  return finishUpstreamSignIn(hub, provider, state, upstream, actor);
}

function samlUpstream(provider: IdentityProvider, identity: SamlIdentity): UpstreamIdentity {
  const profile = samlProfileOf(identity, mappingOf(provider), DEFAULT_ATTRIBUTE_MAPPING);
  return {
    subject: identity.subject,
    email: profile.email,
    name: profile.name,
    // SAML has no email_verified: the provider's "trust email" flag (and its domains) alone decide.
    emailVerifiedAsserted: true,
    amr: profile.mfa ? ['mfa'] : [],
    assertion: {
      providerId: provider.id,
      slug: provider.slug,
      subject: identity.subject,
      assertionId: identity.assertionId,
      expiresAt: identity.expiresAt,
    },
  };
}
