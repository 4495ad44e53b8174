import type { LocalSession } from './sessions';

/** Everything the pages show from outside (claims, errors) goes through here. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sister App</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  th { width: 12rem; font-weight: 600; }
  td { font-family: ui-monospace, monospace; word-break: break-all; }
  form { display: inline; }
  button, .button { font: inherit; padding: .4rem .9rem; border: 1px solid #4f46e5; border-radius: .375rem;
    background: #4f46e5; color: #fff; cursor: pointer; text-decoration: none; margin-right: .5rem; }
  .error { color: #b91c1c; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

/** One claim per row; times (exp, iat, auth_time) also shown as dates. */
function claimsTable(label: string, claims: Record<string, unknown> | undefined): string {
  if (!claims) return '';
  const rows = Object.entries(claims)
    .map(([k, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      const when =
        typeof v === 'number' && ['exp', 'iat', 'auth_time', 'nbf'].includes(k)
          ? ` (${new Date(v * 1000).toISOString()})`
          : '';
      return `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(text)}${escapeHtml(when)}</td></tr>`;
    })
    .join('\n');
  const id = label.toLowerCase().replaceAll(' ', '-');
  return `<h2 id="${id}">${escapeHtml(label)}</h2>\n<table aria-labelledby="${id}">\n${rows}\n</table>`;
}

export function signedOutPage(notice?: string): string {
  return page(
    'Welcome',
    `<h1>Sister App</h1>
${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
<p>You are not signed in.</p>
<p><a class="button" href="/login">Sign in with Ecosystem Hub</a></p>`,
  );
}

export function sessionPage(session: LocalSession): string {
  const name = session.userinfo?.name ?? session.idTokenClaims?.name ?? session.sub;
  const expiry = session.accessTokenExpiresAt
    ? `<p id="access-token-expiry">Access token expires at ` +
      `<time datetime="${new Date(session.accessTokenExpiresAt).toISOString()}">` +
      `${new Date(session.accessTokenExpiresAt).toISOString()}</time>; ` +
      `refreshed ${session.refreshCount} time${session.refreshCount === 1 ? '' : 's'}.</p>`
    : '';
  const refresh = session.refreshToken
    ? '<form method="post" action="/refresh"><button type="submit">Refresh</button></form>'
    : '';
  return page(
    'Signed in',
    `<h1>Signed in as ${escapeHtml(name)}</h1>
<p>Through ${session.via === 'oidc' ? 'OpenID Connect' : 'the hub\u2019s cross-platform hand-off'}.</p>
${expiry}
<p>${refresh}<form method="post" action="/logout"><button type="submit">Sign out</button></form></p>
${claimsTable('ID token claims', session.idTokenClaims)}
${claimsTable('Userinfo', session.userinfo)}
${claimsTable('Hand-off introspection', session.introspection)}`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error">${escapeHtml(message)}</p>
<p><a href="/">Back to Sister App</a></p>`,
  );
}
