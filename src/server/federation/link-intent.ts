import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { Refusal } from '../errors';

/**
 * Linking from /account must be asked for by the hub's own page (issue 38, finding 10): a
 * cross-site link to `GET /auth/sso/:slug?link=1` arrives with the session cookie, and would
 * otherwise start linking whatever identity the provider signs in to the visitor's account.
 * `POST /api/me/identities/link` (an /api route, so under the CSRF rule, plugins/csrf.ts, and a
 * step-up route) issues this intent: sealed with the hub's secret box, bound to the session and
 * the provider, short-lived, in a SameSite=Strict cookie that only the detour's start receives. The
 * start accepts `link=1` only with it, and spends it.
 */
export const LINK_INTENT_COOKIE = 'hub_sso_link_intent';
/** The start follows the answer at once; a minute is plenty, and a stolen intent is useless after. */
const LINK_INTENT_MS = 60_000;
const LINK_INTENT_CONTEXT = 'federation.link_intent';
/** Only the detour's start (and its callback path) receives it. */
const LINK_INTENT_PATH = '/auth/sso';

interface LinkIntent {
  userId: string;
  sessionId: string;
  slug: string;
  expiresAt: number;
}

export function sealLinkIntent(hub: Hub, actor: SignedInActor, slug: string): string {
  const intent: LinkIntent = {
    userId: actor.userId,
    sessionId: actor.sessionId,
    slug,
    expiresAt: hub.clock().getTime() + LINK_INTENT_MS,
  };
  return hub.secrets.seal(JSON.stringify(intent), LINK_INTENT_CONTEXT);
}

function openLinkIntent(hub: Hub, sealed: string | undefined): LinkIntent | null {
  if (!sealed || sealed.length > 2000) return null;
  try {
    const intent = JSON.parse(hub.secrets.open(sealed, LINK_INTENT_CONTEXT)) as LinkIntent;
    return intent.expiresAt > hub.clock().getTime() ? intent : null;
  } catch {
    return null;
  }
}

/** Refuses (403, audited) a `link=1` start this session did not ask for from the hub's page, for this provider. */
export function checkLinkIntent(hub: Hub, sealed: string | undefined, actor: SignedInActor, slug: string): void {
  const intent = openLinkIntent(hub, sealed);
  if (intent && intent.userId === actor.userId && intent.sessionId === actor.sessionId && intent.slug === slug) return;
  throw new Refusal('forbidden', {
    message: 'Linking a sign-in starts from your account page. Open Security there and choose the provider.',
    audit: {
      type: 'federated_link_refused',
      ...actor.audit,
      details: { provider: slug, reason: 'link_not_asked_for' },
    },
  });
}

export function linkIntentCookieOptions(hub: Hub) {
  return {
    path: LINK_INTENT_PATH,
    httpOnly: true,
    // Strict: a navigation from another site does not carry it, which is the point.
    sameSite: 'strict' as const,
    secure: hub.config.publicUrl.startsWith('https://'),
    maxAge: LINK_INTENT_MS / 1000,
  };
}

export function clearLinkIntentCookieOptions() {
  return { path: LINK_INTENT_PATH };
}
