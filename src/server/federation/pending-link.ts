import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { randomToken, sha256Hex } from '../crypto/tokens';
import { consumeToken, findLiveToken, insertToken } from '../auth/one-time-token-queries';

/**
 * An upstream identity waiting to be linked to an existing account (issue 27): the callback found
 * a local account with the upstream email and never links silently. What it learned is kept
 * server-side, in a one_time_tokens row (purpose `federated_link_pending`, the local account as
 * its user); the browser that made the detour holds the row's token in a cookie only the link
 * routes receive. The person then proves the account (link-service.ts) in that same browser, or
 * asks for a mailed link whose own row carries the same identity.
 */
export const LINK_PENDING_PURPOSE = 'federated_link_pending';
/** The mailed link (one_time_tokens purpose): single use, bound to one `(provider, subject)`. */
export const LINK_MAIL_PURPOSE = 'federated_link_mail';
export const LINK_PENDING_MS = 10 * 60_000;
export const LINK_MAIL_MS = 15 * 60_000;

export const LINK_COOKIE = 'hub_sso_link';
/** Only the link API receives it (confirm, mailed link, the pending identity's description). */
const LINK_COOKIE_PATH = '/api/auth/sso/link';

/** The upstream identity, exactly as the callback verified it. */
export interface PendingLink {
  providerId: string;
  slug: string;
  subject: string;
  /** The upstream email (normalised), which is the local account's. */
  email: string;
  /** What the upstream sign-in brings to the session (linking.ts's amrOf). */
  amr: string[];
  /** Whether a trusted provider asserted MFA (then no hub second factor is asked after a mailed link). */
  mfa: boolean;
  returnTo: string;
}

function isPendingLink(value: unknown): value is PendingLink {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.providerId === 'string' &&
    typeof v.slug === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.email === 'string' &&
    Array.isArray(v.amr) &&
    typeof v.mfa === 'boolean' &&
    typeof v.returnTo === 'string'
  );
}

/**
 * Stores a link token for `userId`; the token itself (only its hash is kept). The pending identity
 * (LINK_PENDING_PURPOSE, 10 minutes) lives in the browser's cookie; the mailed link
 * (LINK_MAIL_PURPOSE, 15 minutes) carries the same identity and `pendingHash`, the pending row it
 * came from, spent with it.
 */
export async function storeLinkToken(
  db: DbOrTx,
  purpose: typeof LINK_PENDING_PURPOSE | typeof LINK_MAIL_PURPOSE,
  userId: string,
  link: PendingLink & { pendingHash?: string },
  now: Date,
): Promise<string> {
  const token = randomToken();
  const lifetime = purpose === LINK_MAIL_PURPOSE ? LINK_MAIL_MS : LINK_PENDING_MS;
  await insertToken(db, {
    tokenHash: sha256Hex(token),
    purpose,
    userId,
    now,
    expiresAt: new Date(now.getTime() + lifetime),
    data: link,
  });
  return token;
}

/** A live token of `purpose` and the identity it carries; null when unknown, used, expired. */
export async function readLinkToken(
  db: DbOrTx,
  token: string | undefined,
  purpose: string,
  now: Date,
): Promise<{ userId: string; link: PendingLink; hash: string; pendingHash: string | null; expiresAt: Date } | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256Hex(token);
  const row = await findLiveToken(db, hash, purpose, now);
  if (!row || !isPendingLink(row.data)) return null;
  const { pendingHash, ...link } = row.data as PendingLink & { pendingHash?: unknown };
  return {
    userId: row.userId,
    link,
    hash,
    pendingHash: typeof pendingHash === 'string' ? pendingHash : null,
    expiresAt: row.expiresAt,
  };
}

/** Spends a link token (single use); whether this call was the one that spent it. */
export async function spendLinkToken(db: DbOrTx, hash: string, purpose: string, now: Date): Promise<boolean> {
  return (await consumeToken(db, hash, purpose, now)) !== null;
}

export function linkCookieOptions(hub: Hub) {
  return {
    path: LINK_COOKIE_PATH,
    httpOnly: true,
    // Only the hub's own pages call the link API: no other site's request carries it.
    sameSite: 'strict' as const,
    secure: hub.config.publicUrl.startsWith('https://'),
    maxAge: LINK_PENDING_MS / 1000,
  };
}

export function clearLinkCookieOptions() {
  return { path: LINK_COOKIE_PATH };
}
