import { counterKey } from '../auth/counter-key';
import type { Hub } from '../hub';
import type { Actor, SignedInActor } from '../actor';
import { HubError, Refusal, type HubErrorCode } from '../errors';
import type { IdentityProvider, PlatformUser } from '../db/schema/index';
import { isProviderUsable } from '../../shared/org-policy';
import { hitRateCounter } from '../audit/queries';
import { clientInfoOf, finishSignIn, signInMethodsOf, type ClientInfo } from '../auth/sign-in';
import type { BrowserAuth } from '../auth/sessions';
import type { Mailer } from '../auth/mailer';
import { findUserById } from '../auth/user-queries';
import { proveAccountOwner } from '../account/step-up';
import type { ReauthenticateBody } from '../../shared/api/mfa';
import { findIdentity, findProviderById, insertIdentity } from './queries';
import { identityNamesOf, linkMail } from './link-mail';
import { recipientLocale } from '../i18n/translate';
import {
  LINK_MAIL_MS,
  LINK_MAIL_PURPOSE,
  LINK_PENDING_PURPOSE,
  readLinkToken,
  spendLinkToken,
  storeLinkToken,
  type PendingLink,
} from './pending-link';

/**
 * Linking an upstream identity to an existing account without takeover (issue 27). The callback
 * never links by email; it leaves a pending identity (pending-link.ts) and the person proves the
 * local account: re-authentication in the same browser (password and second factor, or a passkey)
 * or a single-use mailed link bound to that `(provider, subject)`. A signed-in person can also
 * link a new identity from /account (recent authentication, checked when the detour starts).
 * Every link and every refused link is audited with the provider and subject.
 */

/** At most this many link mails per account and 15 minutes (beyond: 429, no mail). */
const LINK_MAILS_PER_WINDOW = 3;

type LinkMethod = 'reauthentication' | 'email' | 'account';

function linkRefused(
  code: HubErrorCode,
  message: string,
  details: { provider?: string; subject?: string; reason: string },
  who: ClientInfo & { userId?: string | null; sessionId?: string | null },
): Refusal {
  return new Refusal(code, { message, audit: { type: 'federated_link_refused', ...who, details } });
}

const EXPIRED = 'This sign-in expired or was finished in another window. Please start again.';

/**
 * The account a pending identity may still be linked to: active, its address verified and still
 * the upstream one (an email changed since could be someone else's), the provider still enabled.
 */
async function loadLinkTarget(
  hub: Hub,
  userId: string,
  link: PendingLink,
  client: ClientInfo,
): Promise<{ user: PlatformUser; provider: IdentityProvider }> {
  const user = await findUserById(hub.db, userId);
  const provider = await findProviderById(hub.db, link.providerId);
  const ref = { provider: link.slug, subject: link.subject };
  if (!provider || !isProviderUsable(provider)) {
    throw linkRefused(
      'not_found',
      'This way to sign in is not available.',
      { ...ref, reason: 'provider_disabled' },
      client,
    );
  }
  if (!user || !user.isActive || user.emailVerifiedAt === null || user.email !== link.email) {
    throw linkRefused('forbidden', EXPIRED, { ...ref, reason: 'account_changed' }, { ...client, userId });
  }
  return { user, provider };
}

/**
 * Links `(provider, subject)` to the account, with its audit row, in one transaction. Refused (409)
 * when the identity was linked meanwhile — to anyone: a second link never moves it.
 */
async function linkIdentity(
  hub: Hub,
  input: { providerId: string; slug: string; subject: string; email: string | null; user: PlatformUser },
  method: LinkMethod,
  who: ClientInfo & { sessionId?: string | null },
): Promise<void> {
  const now = hub.clock();
  await hub.db.transaction(async (tx) => {
    const linked = await insertIdentity(tx, {
      providerId: input.providerId,
      subject: input.subject,
      userId: input.user.id,
      emailAtLink: input.email,
      // Read by ownership.ts: proving an address nobody had proved yet unlinks what was linked before.
      accountVerifiedAtLink: input.user.emailVerifiedAt !== null,
      createdAt: now,
      lastSignInAt: method === 'account' ? null : now,
    });
    if (!linked) {
      throw linkRefused(
        'conflict',
        'This sign-in is already connected to an account.',
        { provider: input.slug, subject: input.subject, reason: 'identity_already_linked' },
        { ...who, userId: input.user.id },
      );
    }
    await hub.audit.record(
      {
        type: 'federated_identity_linked',
        ...who,
        sessionId: who.sessionId ?? null,
        userId: input.user.id,
        details: { provider: input.slug, subject: input.subject, method },
      },
      tx,
    );
  });
}

/** GET /api/auth/sso/link: what the pending identity is, for the /auth screen ("Connect Acme SSO to …"). */
export async function describePendingLink(hub: Hub, token: string | undefined) {
  const now = hub.clock();
  const pending = await readLinkToken(hub.db, token, LINK_PENDING_PURPOSE, now);
  const provider = pending ? await findProviderById(hub.db, pending.link.providerId) : undefined;
  if (!pending || !provider) throw new HubError('invalid_token', EXPIRED);
  return {
    provider: { slug: provider.slug, display_name: provider.displayName },
    email: pending.link.email,
    expires_at: pending.expiresAt.toISOString(),
  };
}

/**
 * POST /api/auth/sso/link/confirm: the person proves the local account in the browser that made
 * the detour (the same proof as re-authentication, one counted attempt for password and code),
 * the pending identity is spent, linked, and the sign-in ends like any other.
 */
export async function confirmLinkByReauthentication(
  hub: Hub,
  token: string | undefined,
  body: ReauthenticateBody,
  actor: Actor,
): Promise<{ token: string; auth: BrowserAuth; returnTo: string }> {
  const now = hub.clock();
  const client = clientInfoOf({ ...actor, sessionId: null });
  const pending = await readLinkToken(hub.db, token, LINK_PENDING_PURPOSE, now);
  if (!pending) throw linkRefused('invalid_token', EXPIRED, { reason: 'link_expired' }, client);
  const { link } = pending;
  const ref = { provider: link.slug, subject: link.subject };
  const { user } = await loadLinkTarget(hub, pending.userId, link, client);
  const proof = await proveAccountOwner(hub, user, body, client, {
    type: 'federated_link_refused',
    ...client,
    userId: user.id,
    details: { ...ref, reason: 'passkey_not_verified' },
  });
  // Single use: of two confirmations that both passed, only one links and signs in.
  if (!(await spendLinkToken(hub.db, pending.hash, LINK_PENDING_PURPOSE, now))) {
    throw linkRefused('invalid_token', EXPIRED, { ...ref, reason: 'link_expired' }, { ...client, userId: user.id });
  }
  await linkIdentity(hub, { ...link, user }, 'reauthentication', client);
  const amr = [...new Set([...link.amr, ...proof])];
  const result = await finishSignIn(hub, user, client, {
    previousSessionId: actor.sessionId,
    amr,
    idpId: link.providerId,
  });
  return { ...result, returnTo: link.returnTo };
}

/**
 * POST /api/auth/sso/link/email: a single-use, 15-minute link to the local account's address,
 * bound to the pending `(provider, subject)`. It tells nothing the detour did not: the person
 * already learned that an account uses the upstream address, and the mail goes to that address.
 */
export async function mailLink(hub: Hub, mailer: Mailer, token: string | undefined, actor: Actor) {
  const now = hub.clock();
  const client = clientInfoOf({ ...actor, sessionId: null });
  const pending = await readLinkToken(hub.db, token, LINK_PENDING_PURPOSE, now);
  if (!pending) throw linkRefused('invalid_token', EXPIRED, { reason: 'link_expired' }, client);
  const { link } = pending;
  const { user, provider } = await loadLinkTarget(hub, pending.userId, link, client);
  const sent = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'sso-link-mail', user.id),
    now,
    LINK_MAIL_MS,
  );
  if (sent.count > LINK_MAILS_PER_WINDOW) {
    const wait = Math.max(1, Math.ceil((sent.windowStartedAt.getTime() + LINK_MAIL_MS - now.getTime()) / 1000));
    throw new Refusal('rate_limited', {
      message: 'A link was mailed several times already. Please use the latest one or try again later.',
      headers: { 'retry-after': String(wait) },
      audit: {
        type: 'federated_link_refused',
        ...client,
        userId: user.id,
        details: { provider: link.slug, subject: link.subject, reason: 'mail_rate_limited' },
      },
    });
  }
  const mailed = await storeLinkToken(hub.db, LINK_MAIL_PURPOSE, user.id, { ...link, pendingHash: pending.hash }, now);
  await hub.audit.record({
    type: 'federated_link_mailed',
    ...client,
    userId: user.id,
    details: { provider: link.slug, subject: link.subject, email: user.email },
  });
  const url = `${hub.config.publicUrl}/auth/sso/link/${encodeURIComponent(mailed)}`;
  const names = identityNamesOf(link, provider.displayName);
  // Not awaited: delivery time must not show in the answer.
  void mailer
    .send({ to: user.email, ...linkMail(recipientLocale(user.locale, actor.locale), names, url), link: url })
    .catch(() => undefined);
  return { sent: true as const, expires_in_minutes: LINK_MAIL_MS / 60_000 };
}

/**
 * POST /auth/sso/link/:token (the button of the page the mailed link opens). Spends it (and the pending identity it came from),
 * links exactly the identity it was issued for, and signs in — unless the account has a second
 * factor the provider did not stand in for: then it is linked, and the person signs in at /auth.
 */
export async function completeMailedLink(
  hub: Hub,
  token: string,
  actor: Actor,
): Promise<{ session: { token: string; auth: BrowserAuth } | null; returnTo: string }> {
  const now = hub.clock();
  const client = clientInfoOf({ ...actor, sessionId: null });
  const mailed = await readLinkToken(hub.db, token, LINK_MAIL_PURPOSE, now);
  if (!mailed) {
    throw linkRefused(
      'invalid_token',
      'This link is not valid any more. Please start again.',
      { reason: 'link_expired' },
      client,
    );
  }
  const { link } = mailed;
  const { user } = await loadLinkTarget(hub, mailed.userId, link, client);
  if (!(await spendLinkToken(hub.db, mailed.hash, LINK_MAIL_PURPOSE, now))) {
    throw linkRefused(
      'invalid_token',
      'This link is not valid any more. Please start again.',
      { provider: link.slug, subject: link.subject, reason: 'link_expired' },
      { ...client, userId: user.id },
    );
  }
  if (mailed.pendingHash) await spendLinkToken(hub.db, mailed.pendingHash, LINK_PENDING_PURPOSE, now);
  await linkIdentity(hub, { ...link, user }, 'email', client);
  if (!link.mfa && (await signInMethodsOf(hub.db, user.id)).length) {
    return { session: null, returnTo: `/auth?linked=${encodeURIComponent(link.slug)}` };
  }
  const session = await finishSignIn(hub, user, client, {
    previousSessionId: actor.sessionId,
    amr: link.amr,
    idpId: link.providerId,
  });
  return { session, returnTo: link.returnTo };
}

/**
 * The callback of `GET /auth/sso/:slug?link=1`: the identity joins the signed-in account that
 * started the detour. Already this account's: nothing to do; another account's: refused (409).
 */
export async function linkToSignedInAccount(
  hub: Hub,
  input: { providerId: string; slug: string; subject: string; email: string | null },
  actor: SignedInActor,
): Promise<void> {
  const client = clientInfoOf(actor);
  const existing = await findIdentity(hub.db, input.providerId, input.subject);
  if (existing?.user.id === actor.userId) return;
  if (existing) {
    throw linkRefused(
      'conflict',
      'This sign-in is already connected to another account.',
      { provider: input.slug, subject: input.subject, reason: 'identity_linked_elsewhere' },
      { ...client, userId: actor.userId },
    );
  }
  await linkIdentity(hub, { ...input, user: actor.auth.user }, 'account', client);
}
