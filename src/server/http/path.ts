/** RFC 3986 §2.3 unreserved characters: percent-encoding them changes nothing, so decode them. */
const UNRESERVED_ESCAPE = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * One spelling per path, applied before routing (Fastify's `rewriteUrl`), so every decision
 * that looks at a path — the router, CSRF, rate limits, the SPA fallback, cache headers, logs —
 * sees the same one: escaped unreserved characters decoded (`/%61pi` → `/api`), repeated
 * slashes collapsed, dot segments resolved (RFC 3986 §5.2.4), `;parameters` of a segment
 * dropped. Reserved characters (`%2F`, `%3F`…) stay escaped. The query string is untouched.
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const decoded = rawPath.replace(UNRESERVED_ESCAPE, (m) => String.fromCharCode(parseInt(m.slice(1), 16)));
  const out: string[] = [];
  const segments = decoded.split('/');
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i].split(';')[0];
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
      continue;
    }
    if (segment === '' && !last) continue;
    out.push(segment);
  }
  return `/${out.join('/')}${query}`;
}

/** The path of a request as the router saw it (after `canonicalUrl`), without the query. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}
