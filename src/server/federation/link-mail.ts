import type { Hub } from '../hub';
import type { Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { HubError } from '../errors';
import { findProviderById } from './queries';
import { LINK_MAIL_MS, LINK_MAIL_PURPOSE, readLinkToken, type PendingLink } from './pending-link';

/**
 * What the mailed link and the page it opens say about the identity being connected (finding 3 of
 * issue 38): a person approves a named sign-in — the provider, the address and the identifier the
 * provider gave — not "a sign-in". Someone who typed this address at a provider they control would
 * be named here too, so the owner can tell it is not theirs.
 */
export interface IdentityNames {
  provider: string;
  email: string;
  subject: string;
}

export function identityNamesOf(link: PendingLink, providerName: string | undefined): IdentityNames {
  return { provider: providerName ?? link.slug, email: link.email, subject: link.subject };
}

/** The mail (i18n/mail.ts): who asked, which identity, the link, how long it works. */
export function linkMail(locale: Locale, names: IdentityNames, url: string) {
  return composeMail(locale, 'link', { ...names, minutes: LINK_MAIL_MS / 60_000, link: url });
}

/**
 * GET /auth/sso/link/:token: the identity a mailed link connects, for its page (reading spends
 * nothing: only the page's button links). An unknown, used or expired link is a 400 page.
 */
export async function describeMailedLink(hub: Hub, token: string): Promise<IdentityNames> {
  const mailed = await readLinkToken(hub.db, token, LINK_MAIL_PURPOSE, hub.clock());
  if (!mailed) throw new HubError('invalid_token', 'This link is not valid any more. Please start again.');
  const provider = await findProviderById(hub.db, mailed.link.providerId);
  return identityNamesOf(mailed.link, provider?.displayName);
}
