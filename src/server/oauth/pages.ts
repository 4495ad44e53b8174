import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORG_SCOPE_PREFIX } from '../orgs/claims';
import type { UnreviewedClientFacts } from './registration/consent';
import type { OAuthClient } from '../db/schema/index';
import { textDirection, type Locale } from '../../shared/locales';
import { escapeHtml, requestLocale, t, tHtml } from '../i18n/translate';

/**
 * A client's look on the pages of its authorization request (issue 39, RFC 7591 display
 * metadata): its name and logo, links to its policy and terms, its colour on the primary action.
 */
export interface PageBrand {
  name: string;
  logoUri: string | null;
  clientUri: string | null;
  policyUri: string | null;
  tosUri: string | null;
  color: string | null;
}

export function brandOf(client: OAuthClient): PageBrand {
  return {
    name: client.appName,
    logoUri: client.logoUri,
    clientUri: client.clientUri,
    policyUri: client.policyUri,
    tosUri: client.tosUri,
    color: client.brandColor,
  };
}

/**
 * What a request's pages are rendered with, when the request knows more than its headers: the
 * authorization endpoint sets the language of the request (saved choice, `ui_locales` of the
 * request — pushed, posted or in the query — Accept-Language) and the client's brand.
 */
const pageContexts = new WeakMap<FastifyRequest, { locale?: Locale; brand?: PageBrand }>();

export function setPageContext(request: FastifyRequest, context: { locale?: Locale; brand?: PageBrand }) {
  pageContexts.set(request, { ...pageContexts.get(request), ...context });
}

function contextOf(reply: FastifyReply): { locale: Locale; brand?: PageBrand } {
  const context = pageContexts.get(reply.request);
  return { locale: context?.locale ?? requestLocale(reply.request), brand: context?.brand };
}

/** The locale the pages of this reply are written in. */
export function pageLocale(reply: FastifyReply): Locale {
  return contextOf(reply).locale;
}

/** The app's typeface (app.ts finds the web build's file); without a build, the system's. */
let fontFace = '';

/** The server's pages use the web app's font (issue 46: one look); null leaves the system font. */
export function setPageFont(url: string | null): void {
  fontFace = url
    ? `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;` +
      `src:url(${url}) format('woff2-variations')}\n`
    : '';
}

const STYLE =
  "body{font-family:'Inter Variable',system-ui,-apple-system,Segoe UI,sans-serif;background:#f8fafc;color:#0f172a;margin:0;" +
  'display:flex;flex-direction:column;min-height:100vh;align-items:center;justify-content:center}\n' +
  'main{box-sizing:border-box;background:#fff;border:1px solid #e2e8f0;border-radius:12px;max-width:440px;' +
  'width:calc(100% - 32px);padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.06);overflow-wrap:anywhere}\n' +
  'h1{font-size:20px;margin:0 0 8px}p{color:#475569;line-height:1.5}ul{padding-inline-start:20px}li{margin:4px 0}\n' +
  '.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:20px}button,a.button{font:inherit;padding:9px 16px;border-radius:8px;' +
  'border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer;text-decoration:none}\n' +
  '.notice{border:1px solid #b45309;background:#fffbeb;border-radius:8px;padding:4px 14px;margin-top:12px}' +
  '.notice p{color:#78350f}.notice dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:8px 0}' +
  '.notice dt{color:#78350f;font-weight:600}.notice dd{margin:0;overflow-wrap:anywhere}\n' +
  '@media (max-width:420px){.notice dl{grid-template-columns:1fr;gap:0}.notice dd{margin-bottom:6px}}\n' +
  'button.primary{background:var(--brand,#0f172a);color:#fff;border-color:var(--brand,#0f172a)}' +
  'code{background:#f1f5f9;padding:1px 4px;border-radius:4px}\n' +
  '.brand{display:flex;align-items:center;gap:12px;margin-bottom:16px;font-weight:600}' +
  '.brand img{width:40px;height:40px;object-fit:contain;border-radius:8px}\n' +
  'footer{max-width:440px;width:calc(100% - 32px);margin:12px 0;font-size:13px;color:#475569;display:flex;' +
  'flex-wrap:wrap;gap:12px;justify-content:space-between}footer a{color:#334155}';

/** The page's CSP: the hub's own, with the client's logo host allowed for images when it has one. */
function pageCsp(brand: PageBrand | undefined): string | undefined {
  if (!brand?.logoUri || brand.logoUri.startsWith('data:')) return undefined;
  const logoOrigin = new URL(brand.logoUri).origin;
  return (
    `default-src 'self'; img-src 'self' data: ${logoOrigin}; style-src 'self' 'unsafe-inline'; ` +
    "script-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'"
  );
}

function brandHeader(brand: PageBrand): string {
  const logo = brand.logoUri ? `<img src="${escapeHtml(brand.logoUri)}" alt="">` : '';
  const name = brand.clientUri
    ? `<a href="${escapeHtml(brand.clientUri)}" rel="noopener noreferrer">${escapeHtml(brand.name)}</a>`
    : escapeHtml(brand.name);
  return `<div class="brand">${logo}<span>${name}</span></div>`;
}

function brandFooter(locale: Locale, brand: PageBrand): string {
  const links = [
    brand.policyUri
      ? `<a href="${escapeHtml(brand.policyUri)}" rel="noopener noreferrer">${t(locale, 'page.privacy')}</a>`
      : '',
    brand.tosUri
      ? `<a href="${escapeHtml(brand.tosUri)}" rel="noopener noreferrer">${t(locale, 'page.terms')}</a>`
      : '',
  ].join(' ');
  const secured = tHtml(locale, 'page.securedBy', { hub: '<strong>Ecosystem Hub</strong>' });
  return `<footer><span>${links}</span><span>${secured}</span></footer>`;
}

function page(locale: Locale, title: string, body: string, brand: PageBrand | undefined): string {
  // The colour was checked at registration (WCAG AA under white text); it is #rrggbb, nothing else.
  const color = brand?.color && /^#[0-9a-fA-F]{6}$/.test(brand.color) ? `:root{--brand:${brand.color}}` : '';
  return (
    `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)} · ${escapeHtml(brand?.name ?? 'Ecosystem Hub')}</title><style>${fontFace}${STYLE}${color}</style></head>` +
    `<body><main>${brand ? brandHeader(brand) : ''}${body}</main>${brand ? brandFooter(locale, brand) : ''}</body></html>`
  );
}

/**
 * Answers one of the hub's own HTML pages: never cached (each carries a state or a session's
 * view), in the request's language, with the client's brand during its authorization request.
 */
export function sendPage(reply: FastifyReply, title: string, body: string, status = 200) {
  const { locale, brand } = contextOf(reply);
  const csp = pageCsp(brand);
  if (csp) reply.header('content-security-policy', csp);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-language', locale)
    .type('text/html; charset=utf-8')
    .send(page(locale, title, body, brand));
}

/** The hub's own OAuth error page: shown when the redirect URI cannot be trusted, so nothing redirects. */
export function sendErrorPage(reply: FastifyReply, status: number, error: string, description: string) {
  const locale = pageLocale(reply);
  const title = t(locale, 'page.error.title');
  return sendPage(
    reply,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p>` +
      `<p>${escapeHtml(t(locale, 'page.error.code'))} <code>${escapeHtml(error)}</code></p>` +
      `<p>${escapeHtml(t(locale, 'page.error.explain'))}</p>` +
      `<div class="actions"><a class="button" href="/">${escapeHtml(t(locale, 'page.returnToHub'))}</a></div>`,
    status,
  );
}

const SCOPE_IDS = {
  openid: 'scope.openid',
  profile: 'scope.profile',
  email: 'scope.email',
  offline_access: 'scope.offline_access',
  'read:profile': 'scope.read:profile',
  'read:organization': 'scope.read:organization',
  organizations: 'scope.organizations',
} as const;

/**
 * What the consent screen says a scope releases; `organization:<id>` names the organization when
 * the user belongs to it (the screen tells the user nothing about an organization they are not in).
 */
function scopeText(locale: Locale, scope: string, organizationName: string | undefined): string {
  if (!scope.startsWith(ORG_SCOPE_PREFIX)) {
    const id = SCOPE_IDS[scope as keyof typeof SCOPE_IDS];
    return id ? t(locale, id) : scope;
  }
  return organizationName
    ? t(locale, 'scope.organizationNamed', { org: organizationName })
    : t(locale, 'scope.organizationUnnamed');
}

/** Consent screen for third-party clients; posts back to /oauth/authorize/decision. */
export function sendConsentPage(
  reply: FastifyReply,
  input: {
    appName: string;
    appUrl: string;
    scopes: string[];
    query: string;
    csrf: string;
    userEmail: string;
    /** Where the decision posts: the authorization endpoint's, or the hand-off's. */
    action?: string;
    /** The organization an `organization:<id>` scope names, when the user is a member. */
    organizationName?: string;
    /** Issue 40: a client that registered itself and that no administrator reviewed. */
    unreviewed?: UnreviewedClientFacts;
  },
) {
  const locale = pageLocale(reply);
  const items = input.scopes
    .map((s) => `<li>${escapeHtml(scopeText(locale, s, input.organizationName))}</li>`)
    .join('');
  const hidden =
    `<input type="hidden" name="request" value="${escapeHtml(input.query)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  // User-given values stay in their own direction inside a right-to-left sentence (<bdi>).
  const site = `<bdi><a href="${escapeHtml(input.appUrl)}" rel="noopener noreferrer">${escapeHtml(input.appUrl)}</a></bdi>`;
  return sendPage(
    reply,
    t(locale, 'page.consent.title'),
    `<h1>${tHtml(locale, 'page.consent.heading', { app: escapeHtml(input.appName) })}</h1>` +
      `<p>${tHtml(locale, 'page.consent.signedInAs', { email: `<strong><bdi>${escapeHtml(input.userEmail)}</bdi></strong>` })} ` +
      `${tHtml(locale, 'page.consent.asking', { site })}</p>` +
      `<ul>${items}</ul>` +
      (input.unreviewed ? unreviewedNotice(locale, input.unreviewed, input.organizationName) : '') +
      `<form method="post" action="${escapeHtml(input.action ?? '/oauth/authorize/decision')}">${hidden}` +
      '<div class="actions"><button class="primary" type="submit" name="decision" value="allow">' +
      `${escapeHtml(t(locale, 'page.consent.allow'))}</button>` +
      `<button type="submit" name="decision" value="deny">${escapeHtml(t(locale, 'page.consent.deny'))}</button></div></form>`,
  );
}

/** The truth about an unreviewed, dynamically registered client (registration/consent.ts), in the page's language. */
function unreviewedNotice(locale: Locale, f: UnreviewedClientFacts, organizationName: string | undefined): string {
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd><bdi>${escapeHtml(value)}</bdi></dd>`;
  const notGiven = t(locale, 'page.unreviewed.notGiven');
  const again = f.askedAgain.map((s) => scopeText(locale, s, organizationName)).join('; ');
  return (
    `<div class="notice" role="note"><p><strong>${escapeHtml(t(locale, 'page.unreviewed.heading'))}</strong> ` +
    `${escapeHtml(t(locale, 'page.unreviewed.body'))}</p><dl>` +
    row(t(locale, 'page.unreviewed.website'), f.clientHost ?? notGiven) +
    row(t(locale, 'page.unreviewed.redirect'), f.redirectHost) +
    row(t(locale, 'page.unreviewed.software'), f.softwareId ?? notGiven) +
    '</dl>' +
    (again ? `<p>${escapeHtml(t(locale, 'page.unreviewed.again', { scopes: again }))}</p>` : '') +
    '</div>'
  );
}

/** prompt=select_account: who is signed in, continue as them or sign in with another account. */
export function sendAccountChooser(
  reply: FastifyReply,
  input: { appName: string; userEmail: string; query: string; csrf: string; anotherAccountUrl: string },
) {
  const locale = pageLocale(reply);
  const hidden =
    `<input type="hidden" name="request" value="${escapeHtml(input.query)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  const title = t(locale, 'page.chooser.title');
  return sendPage(
    reply,
    title,
    `<h1>${escapeHtml(title)}</h1>` +
      `<p>${tHtml(locale, 'page.chooser.continueTo', { app: `<strong>${escapeHtml(input.appName)}</strong>` })}</p>` +
      `<form method="post" action="/oauth/authorize/decision">${hidden}<div class="actions">` +
      '<button class="primary" type="submit" name="decision" value="account">' +
      `${escapeHtml(t(locale, 'page.chooser.continueAs', { email: input.userEmail }))}</button></div></form>` +
      `<div class="actions"><a class="button" href="${escapeHtml(input.anotherAccountUrl)}">` +
      `${escapeHtml(t(locale, 'page.chooser.another'))}</a></div>`,
  );
}

/**
 * OAuth 2.0 Form Post Response Mode: an auto-submitting form. The page's CSP allows exactly
 * this one inline script by nonce, and nothing else.
 */
export function sendFormPost(reply: FastifyReply, action: string, fields: Record<string, string>) {
  const locale = pageLocale(reply);
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return reply
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><head><meta charset="utf-8">` +
        `<title>${escapeHtml(t(locale, 'page.formPost.title'))}</title></head>` +
        `<body><form method="post" action="${escapeHtml(action)}">${inputs}` +
        `<noscript><button type="submit">${escapeHtml(t(locale, 'page.formPost.continue'))}</button></noscript></form>` +
        `<script nonce="${nonce}">document.forms[0].submit()</script></body></html>`,
    );
}

/** RP-initiated logout without an id_token_hint: the user confirms (OIDC RP-Initiated Logout §2). */
export function sendLogoutConfirm(reply: FastifyReply, fields: Record<string, string>) {
  const locale = pageLocale(reply);
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return sendPage(
    reply,
    t(locale, 'page.logout.title'),
    `<h1>${escapeHtml(t(locale, 'page.logout.heading'))}</h1><p>${escapeHtml(t(locale, 'page.logout.body'))}</p>` +
      `<form method="post" action="/oauth/end-session">${hidden}<div class="actions">` +
      `<button class="primary" type="submit">${escapeHtml(t(locale, 'page.logout.signOut'))}</button>` +
      `<a class="button" href="/">${escapeHtml(t(locale, 'page.logout.stay'))}</a></div></form>`,
  );
}

/** The end of a sign-out without a way back to the application. */
export function sendSignedOutPage(reply: FastifyReply) {
  const locale = pageLocale(reply);
  return sendPage(
    reply,
    t(locale, 'page.signedOut.title'),
    `<h1>${escapeHtml(t(locale, 'page.signedOut.heading'))}</h1>` +
      `<div class="actions"><a class="button" href="/">${escapeHtml(t(locale, 'page.returnToHub'))}</a></div>`,
  );
}
