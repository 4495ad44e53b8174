import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ORG_SCOPE_PREFIX } from '../orgs/claims';
import type { UnreviewedClientFacts } from './registration/consent';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE =
  'body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f8fafc;color:#0f172a;margin:0;' +
  'display:flex;min-height:100vh;align-items:center;justify-content:center}\n' +
  'main{box-sizing:border-box;background:#fff;border:1px solid #e2e8f0;border-radius:12px;max-width:440px;' +
  'width:calc(100% - 32px);padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.06)}\n' +
  'h1{font-size:20px;margin:0 0 8px}p{color:#475569;line-height:1.5}ul{padding-left:20px}li{margin:4px 0}\n' +
  '.actions{display:flex;gap:8px;margin-top:20px}button,a.button{font:inherit;padding:9px 16px;border-radius:8px;' +
  'border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer;text-decoration:none}\n' +
  'button.primary{background:#0f172a;color:#fff;border-color:#0f172a}code{background:#f1f5f9;padding:1px 4px;border-radius:4px}\n' +
  '.notice{border:1px solid #b45309;background:#fffbeb;border-radius:8px;padding:4px 14px;margin-top:12px}' +
  '.notice p{color:#78350f}.notice dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:8px 0}' +
  '.notice dt{color:#78350f;font-weight:600}.notice dd{margin:0;overflow-wrap:anywhere}\n' +
  '@media (max-width:420px){.notice dl{grid-template-columns:1fr;gap:0}.notice dd{margin-bottom:6px}}';

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)} · Ecosystem Hub</title><style>${STYLE}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

/** Answers one of the hub's own HTML pages: never cached (each carries a state or a session's view). */
export function sendPage(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

/** The hub's own OAuth error page: shown when the redirect URI cannot be trusted, so nothing redirects. */
export function sendErrorPage(reply: FastifyReply, status: number, error: string, description: string) {
  return sendPage(
    reply,
    'Authorization error',
    `<h1>Authorization error</h1><p>${escapeHtml(description)}</p>` +
      `<p>Error code: <code>${escapeHtml(error)}</code></p>` +
      '<p>The application that sent you here is misconfigured or the link is not valid. ' +
      'You have not been redirected.</p>' +
      '<div class="actions"><a class="button" href="/">Return to the hub</a></div>',
    status,
  );
}

export const SCOPE_TEXT: Record<string, string> = {
  openid: 'Confirm who you are (your account identifier)',
  profile: 'Your name',
  email: 'Your email address and whether it is verified',
  offline_access: 'Keep access while you are not using it (offline access)',
  'read:profile': 'Your profile: name and email address',
  'read:organization': 'Your organization and department',
  organizations: 'The organizations you belong to and your roles in them',
};

/**
 * What the consent screen says a scope releases; `organization:<id>` names the organization when
 * the user belongs to it (the screen tells the user nothing about an organization they are not in).
 */
function scopeText(scope: string, organizationName: string | undefined): string {
  if (!scope.startsWith(ORG_SCOPE_PREFIX)) return SCOPE_TEXT[scope] ?? scope;
  return organizationName
    ? `Your membership and your roles in ${organizationName}`
    : 'Your membership and your roles in the organization it asks for';
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
  const items = input.scopes.map((s) => `<li>${escapeHtml(scopeText(s, input.organizationName))}</li>`).join('');
  const hidden =
    `<input type="hidden" name="request" value="${escapeHtml(input.query)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  return sendPage(
    reply,
    'Authorize application',
    `<h1>${escapeHtml(input.appName)} wants to access your account</h1>` +
      `<p>Signed in as <strong>${escapeHtml(input.userEmail)}</strong>. ` +
      `<a href="${escapeHtml(input.appUrl)}" rel="noopener noreferrer">${escapeHtml(input.appUrl)}</a> is asking for:</p>` +
      `<ul>${items}</ul>` +
      (input.unreviewed ? unreviewedNotice(input.unreviewed, input.organizationName) : '') +
      `<form method="post" action="${escapeHtml(input.action ?? '/oauth/authorize/decision')}">${hidden}` +
      '<div class="actions"><button class="primary" type="submit" name="decision" value="allow">Allow</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></div></form>',
  );
}

/** The truth about an unreviewed, dynamically registered client (registration/consent.ts). */
function unreviewedNotice(f: UnreviewedClientFacts, organizationName: string | undefined): string {
  const row = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  const again = f.askedAgain.map((s) => escapeHtml(scopeText(s, organizationName))).join('; ');
  return (
    '<div class="notice" role="note"><p><strong>Not reviewed by this hub\u2019s administrators.</strong> ' +
    'This application registered itself. Allow it only if you know and trust it.</p><dl>' +
    row('Its website', f.clientHost ?? 'not given') +
    row('Sends you back to', f.redirectHost) +
    row('Software ID', f.softwareId ?? 'not given') +
    '</dl>' +
    (again ? `<p>You will be asked again next time for: ${again}.</p>` : '') +
    '</div>'
  );
}

/** prompt=select_account: who is signed in, continue as them or sign in with another account. */
export function sendAccountChooser(
  reply: FastifyReply,
  input: { appName: string; userEmail: string; query: string; csrf: string; anotherAccountUrl: string },
) {
  const hidden =
    `<input type="hidden" name="request" value="${escapeHtml(input.query)}">` +
    `<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`;
  return sendPage(
    reply,
    'Choose an account',
    `<h1>Choose an account</h1><p>to continue to <strong>${escapeHtml(input.appName)}</strong></p>` +
      `<form method="post" action="/oauth/authorize/decision">${hidden}<div class="actions">` +
      '<button class="primary" type="submit" name="decision" value="account">' +
      `Continue as ${escapeHtml(input.userEmail)}</button></div></form>` +
      `<div class="actions"><a class="button" href="${escapeHtml(input.anotherAccountUrl)}">Use another account</a></div>`,
  );
}

/**
 * OAuth 2.0 Form Post Response Mode: an auto-submitting form. The page's CSP allows exactly
 * this one inline script by nonce, and nothing else.
 */
export function sendFormPost(reply: FastifyReply, action: string, fields: Record<string, string>) {
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
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Continuing…</title></head>' +
        `<body><form method="post" action="${escapeHtml(action)}">${inputs}` +
        '<noscript><button type="submit">Continue</button></noscript></form>' +
        `<script nonce="${nonce}">document.forms[0].submit()</script></body></html>`,
    );
}

/** RP-initiated logout without an id_token_hint: the user confirms (OIDC RP-Initiated Logout §2). */
export function sendLogoutConfirm(reply: FastifyReply, fields: Record<string, string>) {
  const hidden = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return sendPage(
    reply,
    'Sign out',
    '<h1>Sign out of Ecosystem Hub?</h1><p>An application asked to sign you out.</p>' +
      `<form method="post" action="/oauth/end-session">${hidden}<div class="actions">` +
      '<button class="primary" type="submit">Sign out</button>' +
      '<a class="button" href="/">Stay signed in</a></div></form>',
  );
}
