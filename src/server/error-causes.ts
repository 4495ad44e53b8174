/**
 * An error and what it wraps, outermost first: Drizzle puts the driver's error in `cause`, fetch
 * and openid-client the socket's, the outbound module its refusal. The one walk over that chain
 * (SQLSTATEs, errnos, refusals are found wherever they sit), bounded so a cycle cannot hang it.
 */
export function* causesOf(error: unknown, maxDepth = 5): Generator<unknown> {
  for (let e: unknown = error, depth = 0; e && depth < maxDepth; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** Whether the error, or anything it wraps, carries a string `code` (SQLSTATE, errno) that `matches`. */
export function hasCauseCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (const e of causesOf(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && matches(code)) return true;
  }
  return false;
}

/** errnos of a peer that cannot be reached or went away (a database, an upstream provider). */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
