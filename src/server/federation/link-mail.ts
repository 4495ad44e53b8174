import type { Hub } from '../hub';
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

/** The mail's text: who asked, which identity, the link, how long it works. */
export function linkMailText(names: IdentityNames, url: string): string {
  return (
    `Someone (hopefully you) signed in with ${names.provider} using this address and asked to connect that ` +
    `sign-in to your Ecosystem Hub account.\n\n` +
    `The sign-in to connect:\n` +
    `  Provider: ${names.provider}\n` +
    `  Address at the provider: ${names.email}\n` +
    `  Identifier at the provider: ${names.subject}\n\n` +
    `To connect it and sign in, open this link within ${LINK_MAIL_MS / 60_000} minutes:\n${url}\n\n` +
    `The link works once. If this was not you, ignore this mail: nothing is connected.`
  );
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
