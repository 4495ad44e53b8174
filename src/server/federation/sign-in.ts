import type { Hub } from '../hub';
import { CACHES } from '../caches';
import type { Actor, SignedInActor } from '../actor';
import { Refusal, type HubErrorCode } from '../errors';
import type { AuditEvent } from '../audit/record';
import type { DbOrTx } from '../db/client';
import type { IdentityProvider, PlatformUser } from '../db/schema/index';
import { finishSignIn, normalizeEmail, signInMethodsOf, type ClientInfo } from '../auth/sign-in';
import type { BrowserAuth } from '../auth/sessions';
import { findUserByEmail } from '../auth/user-queries';
import { createFederatedAccount, recordFederatedSignIn } from './accounts';
import { DEFAULT_ATTRIBUTE_MAPPING } from '../../shared/api/federation';
import { isAmrValue, isMultiFactor } from '../../shared/amr';
import { findIdentity, findProviderBySlug } from './queries';
import { decideLinking, type LinkingRefusal } from './linking';
import { PROVIDER_SECRET_CONTEXT, acsUrlOf, idpMetadataOf, redirectUriOf, samlEntityIdOf } from './provider-service';
import { UpstreamSignInError, buildOidcSignInUrl, discoverOidcProvider, finishOidcSignIn } from './providers/oidc';
import { buildSamlSignInUrl, finishSamlSignIn, samlProfileOf, type SamlSettings } from './providers/saml';
import { acceptAssertionOnce, type AssertionUse } from './assertions';
import { linkToSignedInAccount } from './link-service';
import { LINK_PENDING_PURPOSE, storeLinkToken } from './pending-link';
import { SSO_STATE_MS, openSsoState, sealSsoState, type SsoState } from './state-cookie';

/** Where a federated sign-in lands when it was not sent from anywhere in particular. */
const DEFAULT_RETURN_TO = '/account';

const REFUSAL_TEXT: Record<LinkingRefusal | 'second_factor_required', string> = {
  inactive_account: 'This account is deactivated.',
  no_email: 'The identity provider did not share an email address, so no account can be found or created.',
  unverified_local_account:
    'An account with this email address exists, but its address was never verified, so it cannot be connected ' +
    'to this sign-in. Sign in with your password and verify your email first.',
  accounts_not_created:
    'No account uses this email address, and this identity provider may only sign in existing accounts.',
  second_factor_required: 'This account uses a second factor. Sign in with your password and second factor instead.',
};

/**
 * Only a path of the hub itself may follow a sign-in (no open redirect): `/…`, not `//host` or
 * `/\host`, no control characters, and not the sign-in routes again. The authorization endpoint
 * sends its own request here (`/oauth/authorize?…`), so a sister app's flow continues after the detour.
 */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/')) return DEFAULT_RETURN_TO;
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return DEFAULT_RETURN_TO;
  if (value.startsWith('/auth/sso') || value.startsWith('/api/')) return DEFAULT_RETURN_TO;
  try {
    const url = new URL(value, 'http://hub.invalid');
    return url.origin === 'http://hub.invalid' ? `${url.pathname}${url.search}` : DEFAULT_RETURN_TO;
  } catch {
    return DEFAULT_RETURN_TO;
  }
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** A refused federated sign-in: one `federated_sign_in_refused` row, written by the error hook. */
function refused(
  code: HubErrorCode,
  message: string,
  details: { provider: string | null; subject?: string; reason: string; email?: string | null },
  userId?: string,
): Refusal {
  const audit: AuditEvent = {
    type: 'federated_sign_in_refused',
    ...(userId ? { userId } : {}),
    details: {
      reason: details.reason,
      ...(details.provider ? { provider: details.provider } : {}),
      ...(details.subject ? { subject: details.subject } : {}),
      ...(details.email !== undefined ? { email: details.email } : {}),
    },
  };
  return new Refusal(code, { message, audit });
}

/**
 * The provider a sign-in may use: it exists, is enabled and is complete for its protocol; a step
 * of one protocol (the OIDC callback, the SAML ACS) is refused at a provider of the other.
 */
async function loadSignInProvider(hub: Hub, slug: string, protocol?: 'oidc' | 'saml'): Promise<IdentityProvider> {
  const provider = await findProviderBySlug(hub.db, slug);
  if (!provider) {
    throw refused('not_found', 'There is no such way to sign in.', { provider: null, reason: 'unknown_provider' });
  }
  const complete =
    provider.protocol === 'saml' ? idpMetadataOf(provider) !== null : Boolean(provider.issuer && provider.clientId);
  if (!provider.enabled || !complete || (protocol && provider.protocol !== protocol)) {
    throw refused('not_found', 'This way to sign in is not available.', {
      provider: slug,
      reason: 'provider_disabled',
    });
  }
  return provider;
}

/** The hub's and the IdP's side of a SAML provider. */
function samlSettingsOf(hub: Hub, provider: IdentityProvider): SamlSettings {
  return {
    spEntityId: samlEntityIdOf(hub, provider.slug),
    acsUrl: acsUrlOf(hub, provider.slug),
    idp: idpMetadataOf(provider)!,
  };
}

/**
 * The provider's discovered configuration, kept for a while (hub.caches.oidcConfigurations): the
 * start and the callback of a sign-in, and every other sign-in through it, share one discovery
 * and one JWKS fetch instead of fetching both each time.
 */
async function oidcConfigOf(hub: Hub, provider: IdentityProvider) {
  const cache = hub.caches.oidcConfigurations;
  const key = `${provider.id} ${provider.updatedAt.getTime()}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.config;
  const config = await discoverOidcProvider({
    issuer: provider.issuer!,
    clientId: provider.clientId!,
    clientSecret: provider.clientSecretEnc ? hub.secrets.open(provider.clientSecretEnc, PROVIDER_SECRET_CONTEXT) : '',
  });
  if (cache.size >= CACHES.oidcConfigurations.maxEntries) cache.delete(cache.keys().next().value as string);
  cache.set(key, { config, until: now + CACHES.oidcConfigurations.ttlMs });
  return config;
}

function upstreamRefusal(e: unknown, slug: string): unknown {
  if (!(e instanceof UpstreamSignInError)) return e;
  return refused('invalid_request', 'The identity provider\u2019s answer could not be accepted. Please try again.', {
    provider: slug,
    reason: e.reason,
  });
}

/**
 * GET /auth/sso/:slug: the provider's authorization URL (OIDC) or its SSO URL with the
 * AuthnRequest (SAML, HTTP-Redirect), and the sealed state the browser keeps.
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
    returnTo: safeReturnPath(returnTo),
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
    throw upstreamRefusal(e, slug);
  }
}

/** The browser's state, which must be this provider's (a callback at one provider with another's state is a mix-up). */
async function openStateFor(
  hub: Hub,
  slug: string,
  sealedState: string | undefined,
  protocol: 'oidc' | 'saml',
): Promise<{ state: SsoState; provider: IdentityProvider }> {
  // The provider first: an unknown or disabled one is refused as such, whatever the browser holds.
  const provider = await loadSignInProvider(hub, slug, protocol);
  const state = openSsoState(hub, sealedState);
  if (!state) {
    throw refused('invalid_request', 'This sign-in expired or was started in another browser. Please start again.', {
      provider: slug,
      reason: 'state_missing',
    });
  }
  if (state.slug !== slug) {
    throw refused('invalid_request', 'This answer does not belong to the sign-in that was started.', {
      provider: slug,
      reason: 'provider_mismatch',
    });
  }
  if (provider.id !== state.providerId) {
    throw refused('invalid_request', 'This answer does not belong to the sign-in that was started.', {
      provider: slug,
      reason: 'provider_mismatch',
    });
  }
  return { state, provider };
}

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
  const { state, provider } = await openStateFor(hub, slug, input.sealedState, 'oidc');
  if (!state.checks) {
    throw refused('invalid_request', 'This answer does not belong to the sign-in that was started.', {
      provider: slug,
      reason: 'provider_mismatch',
    });
  }
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
    throw upstreamRefusal(e, slug);
  }
  return finishUpstreamSignIn(hub, provider, state, upstream, actor);
}

/**
 * POST /auth/sso/:slug/acs: the same as the OIDC callback with SAML's protocol step: the state
 * names the AuthnRequest the response must answer, node-saml verifies the response
 * (providers/saml.ts), and the assertion is accepted once (assertions.ts).
 */
export async function completeSamlSignIn(
  hub: Hub,
  slug: string,
  input: { samlResponse: string; sealedState: string | undefined },
  actor: Actor,
): Promise<SsoOutcome> {
  const { state, provider } = await openStateFor(hub, slug, input.sealedState, 'saml');
  if (!state.samlRequest) {
    throw refused('invalid_request', 'This answer does not belong to the sign-in that was started.', {
      provider: slug,
      reason: 'provider_mismatch',
    });
  }
  let upstream: UpstreamIdentity;
  try {
    const identity = await finishSamlSignIn(samlSettingsOf(hub, provider), {
      samlResponse: input.samlResponse,
      request: state.samlRequest,
    });
    const profile = samlProfileOf(
      identity,
      { ...DEFAULT_ATTRIBUTE_MAPPING, ...provider.attributeMapping },
      DEFAULT_ATTRIBUTE_MAPPING,
    );
    upstream = {
      subject: identity.subject,
      email: profile.email,
      name: profile.name,
      // SAML has no email_verified: the provider's "trust email" flag alone decides.
      emailVerifiedAsserted: true,
      amr: profile.mfa ? ['mfa'] : [],
      assertion: {
        providerId: provider.id,
        slug,
        subject: identity.subject,
        assertionId: identity.assertionId,
        expiresAt: identity.expiresAt,
      },
    };
  } catch (e) {
    throw upstreamRefusal(e, slug);
  }
  return finishUpstreamSignIn(hub, provider, state, upstream, actor);
}

/** What any protocol's verified answer says, before the linking rules: one shape for OIDC and SAML. */
interface UpstreamIdentity {
  subject: string;
  /** The mapped email and name, as the provider sent them (checked and normalised by mappedClaims). */
  email: unknown;
  name: unknown;
  /** Whether the provider asserts the email is verified (believed only when it is trusted to). */
  emailVerifiedAsserted: boolean;
  /** The provider's authentication methods (RFC 8176 values; believed only when it is trusted for MFA). */
  amr: string[];
  /** SAML: the assertion, accepted once. */
  assertion?: AssertionUse;
}

function oidcUpstream(provider: IdentityProvider, identity: { subject: string; claims: Record<string, unknown> }) {
  const mapping = { ...DEFAULT_ATTRIBUTE_MAPPING, ...provider.attributeMapping };
  const { claims } = identity;
  return {
    subject: identity.subject,
    email: claims[mapping.email],
    name: claims[mapping.name],
    emailVerifiedAsserted: claims.email_verified === true || claims.email_verified === 'true',
    amr: Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [],
  };
}

/** The linking rules and the session, the same for every protocol. */
async function finishUpstreamSignIn(
  hub: Hub,
  provider: IdentityProvider,
  state: SsoState,
  upstream: UpstreamIdentity,
  actor: Actor,
): Promise<SsoOutcome> {
  const slug = provider.slug;
  if (state.link) {
    // Started from /account (?link=1): the identity joins the account of the session that started it.
    if (!actor.auth || actor.userId !== state.link.userId || actor.sessionId !== state.link.sessionId) {
      throw refused('forbidden', 'You were signed out meanwhile. Please sign in and start again.', {
        provider: slug,
        subject: upstream.subject,
        reason: 'link_session_changed',
      });
    }
    // link-service.ts opens its own transaction: the assertion is spent just before it.
    if (upstream.assertion) await acceptAssertionOnce(hub.db, upstream.assertion);
    const { email } = mappedClaims(provider, upstream);
    await linkToSignedInAccount(
      hub,
      { providerId: provider.id, slug, subject: upstream.subject, email },
      actor as SignedInActor,
    );
    return { kind: 'linked', returnTo: state.returnTo };
  }
  const client: ClientInfo = { ipAddress: actor.ipAddress, userAgent: actor.userAgent, requestId: actor.requestId };
  const outcome = await signInIdentity(hub, provider, upstream, client, state.returnTo);
  if ('linkToken' in outcome) return { kind: 'link_required', linkToken: outcome.linkToken, slug };
  const result = await finishSignIn(hub, outcome.user, client, {
    previousSessionId: actor.sessionId,
    amr: outcome.amr,
    // Issue 29: the session remembers its provider, which an organization's require_sso asks for.
    idpId: provider.id,
  });
  return { kind: 'signed_in', ...result, returnTo: state.returnTo };
}

/**
 * How a callback ends: signed in; or a local account has the upstream email and must be proved
 * first (the pending identity's token goes to the browser, pending-link.ts); or (?link=1) linked
 * to the signed-in account.
 */
export type SsoOutcome =
  | { kind: 'signed_in'; token: string; auth: BrowserAuth; returnTo: string }
  | { kind: 'link_required'; linkToken: string; slug: string }
  | { kind: 'linked'; returnTo: string };

/** The upstream email and name, checked and normalised; the email verified only when the provider is trusted to say so. */
function mappedClaims(provider: IdentityProvider, upstream: UpstreamIdentity) {
  const rawEmail = upstream.email;
  const email =
    typeof rawEmail === 'string' && rawEmail.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(rawEmail.trim())
      ? normalizeEmail(rawEmail)
      : null;
  const rawName = upstream.name;
  const name = typeof rawName === 'string' && rawName.trim() ? rawName.trim().slice(0, 200) : null;
  return { email, name, emailVerified: provider.trustsEmailVerified && upstream.emailVerifiedAsserted };
}

/**
 * The session's amr: `fed`, plus the provider's own (RFC 8176) methods and `mfa` when it is
 * trusted for them and they are multi-factor by the hub's one rule (shared/amr.ts).
 */
function amrOf(provider: IdentityProvider, upstream: string[]): { amr: string[]; mfa: boolean } {
  const mfa = provider.trustsMfa && isMultiFactor(upstream);
  return { amr: mfa ? ['fed', ...new Set([...upstream.filter(isAmrValue), 'mfa'])] : ['fed'], mfa };
}

/** Applies the linking decision: signs in, creates the account, or refuses (nothing written). */
async function signInIdentity(
  hub: Hub,
  provider: IdentityProvider,
  identity: UpstreamIdentity,
  client: ClientInfo,
  returnTo: string,
): Promise<{ user: PlatformUser; amr: string[] } | { linkToken: string }> {
  const slug = provider.slug;
  const subject = identity.subject;
  const { email, name, emailVerified } = mappedClaims(provider, identity);
  const linked = await findIdentity(hub.db, provider.id, subject);
  const decision = decideLinking({
    linkedUser: linked?.user ?? null,
    userWithEmail: !linked && email ? ((await findUserByEmail(hub.db, email)) ?? null) : null,
    email,
    provider,
  });
  const { amr, mfa } = amrOf(provider, identity.amr);
  switch (decision.action) {
    case 'refuse':
      throw refused(
        'forbidden',
        REFUSAL_TEXT[decision.reason],
        { provider: slug, subject, reason: decision.reason, email },
        linked?.user.id,
      );
    case 'link_required': {
      // Never linked silently: the identity waits server-side until the person proves the account.
      const now = hub.clock();
      const user = decision.user;
      const store = async (db: DbOrTx) =>
        storeLinkToken(
          db,
          LINK_PENDING_PURPOSE,
          user.id,
          { providerId: provider.id, slug, subject, email: email!, amr, mfa, returnTo },
          now,
        );
      const event: AuditEvent = {
        type: 'federated_link_required',
        ...client,
        userId: user.id,
        sessionId: null,
        details: { provider: slug, subject, email: email! },
      };
      const assertion = identity.assertion;
      if (!assertion) {
        const linkToken = await store(hub.db);
        await hub.audit.record(event);
        return { linkToken };
      }
      // SAML: the assertion is spent with the pending identity, or neither happens.
      return hub.db.transaction(async (tx) => {
        await acceptAssertionOnce(tx, assertion);
        const linkToken = await store(tx);
        await hub.audit.record(event, tx);
        return { linkToken };
      });
    }
    case 'sign_in': {
      const user = decision.user;
      // A second factor enrolled at the hub is asked for unless a trusted provider asserted MFA.
      if (!mfa && (await signInMethodsOf(hub.db, user.id)).length) {
        throw refused(
          'forbidden',
          REFUSAL_TEXT.second_factor_required,
          { provider: slug, subject, reason: 'second_factor_required' },
          user.id,
        );
      }
      await recordFederatedSignIn(
        hub,
        { identityId: linked!.identity.id, user, provider: slug, subject },
        client,
        identity.assertion,
      );
      return { user, amr };
    }
    case 'create': {
      const user = await createFederatedAccount(
        hub,
        { providerId: provider.id, provider: slug, subject, email: email!, name, emailVerified },
        client,
        identity.assertion,
      );
      return { user, amr };
    }
  }
}
