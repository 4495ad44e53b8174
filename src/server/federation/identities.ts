import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { HubError, Refusal } from '../errors';
import { lockUserById } from '../auth/user-queries';
import { mfaCounts } from '../account/second-factor-queries';
import { ACCOUNT_LINK_RETURN, type MyIdentity } from '../../shared/api/federation';
import { isProviderUsable } from '../../shared/org-policy';
import { deleteIdentityOfUser, findProviderBySlug, listIdentitiesOfUser } from './queries';
import { sealLinkIntent } from './link-intent';

/** A person's own upstream identities (issue 27): GET and DELETE /api/me/identities. */

export async function listMyIdentities(hub: Hub, actor: SignedInActor): Promise<{ identities: MyIdentity[] }> {
  const rows = await listIdentitiesOfUser(hub.db, actor.userId);
  return {
    identities: rows.map(({ identity, provider }) => ({
      id: identity.id,
      provider: provider.slug,
      display_name: provider.displayName,
      protocol: provider.protocol as MyIdentity['protocol'],
      subject: identity.subject,
      email_at_link: identity.emailAtLink,
      linked_at: identity.createdAt.toISOString(),
      last_used_at: identity.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Unlinks one of the account's identities (a step-up route). Refused when it is the last way in:
 * no password, no passkey, no other identity. The account row is locked first, so two unlinks in
 * parallel cannot each leave the other as the last way in and then remove it too.
 */
export async function unlinkMyIdentity(hub: Hub, actor: SignedInActor, identityId: string) {
  return hub.db.transaction(async (tx) => {
    const user = await lockUserById(tx, actor.userId);
    const rows = await listIdentitiesOfUser(tx, actor.userId);
    const target = rows.find((r) => r.identity.id === identityId);
    if (!user || !target) throw new HubError('not_found', 'No such sign-in is connected to your account.');
    const ref = { provider: target.provider.slug, subject: target.identity.subject };
    const hasOtherWayIn =
      user.passwordHash !== null || rows.length > 1 || (await mfaCounts(tx, actor.userId)).passkeys > 0;
    if (!hasOtherWayIn) {
      throw new Refusal('conflict', {
        message: 'This is the only way into your account. Set a password or add a passkey first.',
        audit: { type: 'federated_link_refused', ...actor.audit, details: { ...ref, reason: 'last_way_in' } },
      });
    }
    await deleteIdentityOfUser(tx, actor.userId, identityId);
    await hub.audit.record({ type: 'federated_identity_unlinked', ...actor.audit, details: ref }, tx);
    return { deleted: true as const };
  });
}

/**
 * POST /api/me/identities/link (a step-up route: the recent authentication the detour's start
 * asks for is checked before the browser leaves /account; an /api route, so under the CSRF rule).
 * Where to go: the start of the detour with `link=1`, coming back to the Security section with
 * `linked=<slug>` for its notice; and the intent that start requires (link-intent.ts), for its cookie.
 */
export async function startLinkFromAccount(
  hub: Hub,
  actor: SignedInActor,
  slug: string,
): Promise<{ location: string; intent: string }> {
  const provider = await findProviderBySlug(hub.db, slug);
  if (!provider || !isProviderUsable(provider))
    throw new HubError('not_found', 'This way to sign in is not available.');
  const returnTo = `${ACCOUNT_LINK_RETURN}&linked=${encodeURIComponent(slug)}`;
  const query = new URLSearchParams({ link: '1', return_to: returnTo });
  return {
    location: `/auth/sso/${encodeURIComponent(slug)}?${query.toString()}`,
    intent: sealLinkIntent(hub, actor, slug),
  };
}
