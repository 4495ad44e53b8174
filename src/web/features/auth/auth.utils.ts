import { defineMessages } from 'react-intl';
import { ApiError } from '@/lib/api';
import { activeIntl } from '@/i18n/active-intl';
import { errorText } from '@/lib/error-text';
import { safeReturnPath } from '@shared/return-path';

/**
 * Where a signed-in user belongs (issue 13): ecosystem administrators on the admin dashboard,
 * everyone else on their own account. Never an Access Denied page as a landing.
 */
export function homePath(isEcosystemAdmin: boolean): string {
  return isEcosystemAdmin ? '/admin' : '/account';
}

/** Screens only an ecosystem administrator may open: a `next` pointing at one sends others home. */
const ADMIN_ONLY = ['/admin', '/oauth-admin'];

function isAdminOnly(path: string): boolean {
  const pathname = new URL(path, 'http://x').pathname;
  return ADMIN_ONLY.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Where /auth sends a user once signed in (spec §2, issue 13): to /auth-redirect when app_id
 * and redirect_url were given (all three cross-platform parameters kept), else to the page the
 * guard interrupted (`next`, same-origin paths only, and an admin screen only for an admin),
 * else home (/admin for an ecosystem administrator, /account for everyone else).
 */
export function destinationAfterAuth(params: URLSearchParams, isEcosystemAdmin = false): string {
  const appId = params.get('app_id');
  const redirectUrl = params.get('redirect_url');
  if (appId && redirectUrl) {
    const onward = new URLSearchParams({ app_id: appId, redirect_url: redirectUrl });
    const appName = params.get('app_name');
    if (appName) onward.set('app_name', appName);
    return `/auth-redirect?${onward.toString()}`;
  }
  // `return_to` is what the OAuth authorize endpoint sends; `next` what the route guard sends.
  // Only a path on this site, by the one return-path rule the server applies too; never /auth again.
  const next = safeReturnPath(params.get('next') ?? params.get('return_to'), { excluding: ['/auth'] });
  if (next && (isEcosystemAdmin || !isAdminOnly(next))) return next;
  return homePath(isEcosystemAdmin);
}

/** Where a linked sign-in continues (the server's `return_to`, held to the same rule again): else the account. */
export function destinationAfterLink(returnTo: string): string {
  return safeReturnPath(returnTo) ?? homePath(false);
}

/**
 * A passkey ceremony that did not finish: the browser's refusals (cancelled, timed out, no
 * passkey for this site) are DOMExceptions named NotAllowedError; the server's are API errors.
 */
const PASSKEY = defineMessages({
  cancelled: {
    id: 'auth.passkey.cancelled',
    defaultMessage: 'The passkey request was canceled or timed out. Try again.',
  },
  exists: { id: 'auth.passkey.exists', defaultMessage: 'This device already holds a passkey for your account.' },
  unsupported: {
    id: 'auth.passkey.unsupported',
    defaultMessage: 'This browser could not use a passkey. Try another sign-in method.',
  },
});

export function passkeyErrorText(error: unknown): string {
  const intl = activeIntl();
  if (error instanceof Error && error.name === 'NotAllowedError') return intl.formatMessage(PASSKEY.cancelled);
  if (error instanceof Error && error.name === 'InvalidStateError') return intl.formatMessage(PASSKEY.exists);
  if (error instanceof Error && !(error instanceof ApiError)) return intl.formatMessage(PASSKEY.unsupported);
  return errorText(error);
}

/**
 * Where a "Continue with …" detour starts: the hub's own /auth/sso/:slug, a full-page navigation.
 * It carries where this sign-in was headed (`return_to`: the sister app's pending
 * /oauth/authorize request, the page the guard interrupted, the cross-platform handoff) so the
 * detour ends there; with nowhere given, the server picks the account page. The server accepts
 * only the hub's own paths.
 */
export function ssoStartHref(slug: string, params: URLSearchParams): string {
  const path = `/auth/sso/${encodeURIComponent(slug)}`;
  const onward = destinationAfterAuth(params, true);
  return onward === homePath(true) ? path : `${path}?${new URLSearchParams({ return_to: onward }).toString()}`;
}

/** The part after the @, lower-cased (discovery is decided by the domain alone): the rule the server reads too. */
export { emailDomainOf as emailDomain } from '@shared/org-policy';
