import type { FastifyReply } from 'fastify';
import { pageLocale, sendPage } from '../oauth/pages';
import { escapeHtml, localizedErrorMessage, t, tHtml } from '../i18n/translate';
import { HUB_ERRORS, HubError } from '../errors';
import { SignInRefusal, type SignInWords } from './sign-in/refusals';
import type { IdentityNames } from './link-mail';

/**
 * The page a refused federated sign-in ends on (a browser navigation, so HTML, not JSON): what
 * went wrong in plain words and the way back to /auth. Rendered by the one error hook
 * (plugins/errors.ts) for routes marked `config.signInPage`, after it wrote the refusal's audit row.
 */
export function sendSignInErrorPage(reply: FastifyReply, status: number, what: HubError | SignInWords) {
  const locale = pageLocale(reply);
  const words = what instanceof SignInRefusal ? what.words : what instanceof HubError ? null : what;
  const message = words
    ? t(locale, words.id, words.values)
    : localizedErrorMessage(locale, what as HubError, HUB_ERRORS[(what as HubError).code].message);
  return sendPage(
    reply,
    t(locale, 'page.signInError.title'),
    `<h1>${escapeHtml(t(locale, 'page.signInError.heading'))}</h1><p>${escapeHtml(message)}</p>` +
      `<p>${escapeHtml(t(locale, 'page.signInError.unchanged'))}</p>` +
      `<div class="actions"><a class="button" href="/auth">${escapeHtml(t(locale, 'page.signInError.back'))}</a></div>`,
    status,
  );
}

/**
 * GET /auth/sso/link/:token: the mailed link opens this page, and only its button (a POST from
 * the hub's own origin) links and signs in. Mail scanners that fetch every link therefore spend
 * nothing and get no session. The page names the identity being connected, so the person knows
 * what they approve.
 */
export function sendLinkConfirmPage(reply: FastifyReply, action: string, names: IdentityNames) {
  // The token is in the URL: it must not leave in a Referer.
  reply.header('referrer-policy', 'no-referrer');
  const locale = pageLocale(reply);
  const strong = (v: string) => `<strong><bdi>${escapeHtml(v)}</bdi></strong>`;
  return sendPage(
    reply,
    t(locale, 'page.link.title'),
    `<h1>${escapeHtml(t(locale, 'page.link.heading', { provider: names.provider }))}</h1>` +
      `<p>${escapeHtml(t(locale, 'page.link.intro'))}</p>` +
      `<ul><li>${tHtml(locale, 'page.link.provider', { provider: strong(names.provider) })}</li>` +
      `<li>${tHtml(locale, 'page.link.email', { email: strong(names.email) })}</li>` +
      `<li>${tHtml(locale, 'page.link.subject', { subject: `<code>${escapeHtml(names.subject)}</code>` })}</li></ul>` +
      `<p>${escapeHtml(t(locale, 'page.link.explain'))}</p>` +
      `<form method="post" action="${escapeHtml(action)}"><div class="actions">` +
      `<button class="button primary" type="submit">${escapeHtml(t(locale, 'page.link.submit'))}</button></div></form>`,
  );
}
