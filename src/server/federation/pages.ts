import type { FastifyReply } from 'fastify';
import { pageLocale, sendPage } from '../oauth/pages';
import { escapeHtml, t } from '../i18n/translate';
import type { IdentityNames } from './link-mail';

/**
 * The page a refused federated sign-in ends on (a browser navigation, so HTML, not JSON): what
 * went wrong in plain words and the way back to /auth. Rendered by the one error hook
 * (plugins/errors.ts) for routes marked `config.signInPage`, after it wrote the refusal's audit row.
 */
export function sendSignInErrorPage(reply: FastifyReply, status: number, message: string) {
  const locale = pageLocale(reply);
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
  return sendPage(
    reply,
    'Connect your sign-in',
    `<h1>Connect ${escapeHtml(names.provider)} to your account?</h1>` +
      '<p>You asked to connect this sign-in with an identity provider to your Ecosystem Hub account:</p>' +
      `<ul><li>Provider: <strong>${escapeHtml(names.provider)}</strong></li>` +
      `<li>Address at the provider: <strong>${escapeHtml(names.email)}</strong></li>` +
      `<li>Identifier at the provider: <code>${escapeHtml(names.subject)}</code></li></ul>` +
      '<p>Connect it and sign in, or close this page to leave your account as it is. ' +
      'If you did not ask for this, close this page: nothing is connected.</p>' +
      `<form method="post" action="${escapeHtml(action)}"><div class="actions">` +
      '<button class="button primary" type="submit">Connect and sign in</button></div></form>',
  );
}
