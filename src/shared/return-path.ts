/**
 * The one rule for "where to go next" values the hub follows after a sign-in or a link
 * (`return_to`, `next`): only a path of the hub itself, so no spelling of one is an open
 * redirect. The server (federation's sign-in and link routes) and the web (the /auth screen,
 * the link screen) both run it, so it uses no Node module.
 *
 * It checks the value the browser would follow, not the value as written: a URL parser resolves
 * `.` and `..` segments and `%2e`, so `/.//evil.example`, `/..//evil.example`,
 * `/%2e//evil.example` and `/a/..//evil.example` all become `//evil.example`, a host. The value
 * is resolved against a dummy origin first; what comes back must still be that origin, its path
 * must start with exactly one `/`, and the value may hold no backslash (browsers read `\` as `/`)
 * and no control character (the parser drops tabs and newlines, so `/\t/evil.example` is `//…`).
 * An escaped `/` or `\` in the path (`%2F`, `%5C`) is refused too: no path of the hub has one,
 * and a second decoding would turn it into a separator. The query may hold escaped slashes (a
 * pending `/oauth/authorize?redirect_uri=https%3A%2F%2F…` does).
 *
 * What comes back is the normalised path, query and fragment: the fragment is kept, since it
 * never leaves the origin and a page of the hub may use it.
 */

const DUMMY_ORIGIN = 'http://return-path.invalid';
/** Longer than any path of the hub with a pending authorization request in its query. */
const MAX_LENGTH = 2000;
const ESCAPED_SEPARATOR = /%(2f|5c)/i;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** Exactly one leading `/`: `//host` and `/\host` name another host. */
function isSingleSlashPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * The hub's own path that `value` leads to, normalised, or null when it leads anywhere else (or
 * is no path at all). `excluding` lists path prefixes the caller never returns to (the sign-in
 * routes themselves, the API), compared with the normalised path.
 */
export function safeReturnPath(value: unknown, options: { excluding?: readonly string[] } = {}): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!isSingleSlashPath(value) || value.includes('\\') || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== DUMMY_ORIGIN) return null;
  const { pathname } = url;
  if (!isSingleSlashPath(pathname) || ESCAPED_SEPARATOR.test(pathname)) return null;
  if (options.excluding?.some((prefix) => pathname.startsWith(prefix))) return null;
  return `${pathname}${url.search}${url.hash}`;
}
