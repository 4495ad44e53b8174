import type { Hub } from '../../hub';
import type { Actor, SignedInActor } from '../../actor';
import type { AuditEvent } from '../../audit/record';
import type { DbOrTx } from '../../db/client';
import type { IdentityProvider, PlatformUser } from '../../db/schema/index';
import { finishSignIn, signInMethodsOf, type ClientInfo } from '../../auth/sign-in';
import type { BrowserAuth } from '../../auth/sessions';
import { findUserByEmail } from '../../auth/user-queries';
import { createFederatedAccount, recordFederatedSignIn } from '../accounts';
import { acceptAssertionOnce } from '../assertions';
import { linkToSignedInAccount } from '../link-service';
import { decideLinking } from '../linking';
import { LINK_PENDING_PURPOSE, storeLinkToken } from '../pending-link';
import { findIdentity } from '../queries';
import type { SsoState } from '../state-cookie';
import { amrOf, mappedClaims, type UpstreamIdentity } from './claims';
import { REFUSAL_TEXT, refused } from './refusals';

/**
 * How a callback ends: signed in; or a local account has the upstream email and must be proved
 * first (the pending identity's token goes to the browser, pending-link.ts); or (link started
 * from /account) linked to the signed-in account.
 */
export type SsoOutcome =
  | { kind: 'signed_in'; token: string; auth: BrowserAuth; returnTo: string }
  | { kind: 'link_required'; linkToken: string; slug: string }
  | { kind: 'linked'; returnTo: string };

/** The linking rules and the session, the same for every protocol. */
export async function finishUpstreamSignIn(
  hub: Hub,
  provider: IdentityProvider,
  state: SsoState,
  upstream: UpstreamIdentity,
  actor: Actor,
): Promise<SsoOutcome> {
  if (state.link) return linkFromAccount(hub, provider, state, upstream, actor);
  const client: ClientInfo = { ipAddress: actor.ipAddress, userAgent: actor.userAgent, requestId: actor.requestId };
  const outcome = await signInIdentity(hub, provider, upstream, client, state.returnTo);
  if ('linkToken' in outcome) return { kind: 'link_required', linkToken: outcome.linkToken, slug: provider.slug };
  const result = await finishSignIn(hub, outcome.user, client, {
    previousSessionId: actor.sessionId,
    amr: outcome.amr,
    // Issue 29: the session remembers its provider, which an organization's require_sso asks for.
    idpId: provider.id,
  });
  return { kind: 'signed_in', ...result, returnTo: state.returnTo };
}

/** Started from /account: the identity joins the account of the session that started the detour. */
async function linkFromAccount(
  hub: Hub,
  provider: IdentityProvider,
  state: SsoState,
  upstream: UpstreamIdentity,
  actor: Actor,
): Promise<SsoOutcome> {
  const link = state.link!;
  if (!actor.auth || actor.userId !== link.userId || actor.sessionId !== link.sessionId) {
    throw refused(
      'forbidden',
      { id: 'page.signInError.signedOutMeanwhile' },
      {
        provider: provider.slug,
        subject: upstream.subject,
        reason: 'link_session_changed',
      },
    );
  }
  // link-service.ts opens its own transaction: the assertion is spent just before it.
  if (upstream.assertion) await acceptAssertionOnce(hub.db, upstream.assertion);
  const { email } = mappedClaims(provider, upstream);
  await linkToSignedInAccount(
    hub,
    { providerId: provider.id, slug: provider.slug, subject: upstream.subject, email },
    actor as SignedInActor,
  );
  return { kind: 'linked', returnTo: state.returnTo };
}

/** Applies the linking decision (linking.ts): signs in, creates the account, leaves a pending link, or refuses. */
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
    emailVerified,
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
      const pending = { providerId: provider.id, slug, subject, email: email!, amr, mfa, returnTo };
      return { linkToken: await leavePendingLink(hub, decision.user, pending, identity, client) };
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

/**
 * Never linked silently: the identity waits server-side (pending-link.ts) until the person proves
 * the account; the browser gets the pending link's token. SAML: the assertion is spent with the
 * pending identity, or neither happens.
 */
async function leavePendingLink(
  hub: Hub,
  user: PlatformUser,
  pending: Parameters<typeof storeLinkToken>[3],
  identity: UpstreamIdentity,
  client: ClientInfo,
): Promise<string> {
  const now = hub.clock();
  const store = (db: DbOrTx) => storeLinkToken(db, LINK_PENDING_PURPOSE, user.id, pending, now);
  const event: AuditEvent = {
    type: 'federated_link_required',
    ...client,
    userId: user.id,
    sessionId: null,
    details: { provider: pending.slug, subject: pending.subject, email: pending.email },
  };
  const assertion = identity.assertion;
  if (!assertion) {
    const linkToken = await store(hub.db);
    await hub.audit.record(event);
    return linkToken;
  }
  return hub.db.transaction(async (tx) => {
    await acceptAssertionOnce(tx, assertion);
    const linkToken = await store(tx);
    await hub.audit.record(event, tx);
    return linkToken;
  });
}
