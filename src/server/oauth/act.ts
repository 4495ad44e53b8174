/**
 * RFC 8693 §4.1 `act` (actor) claim: who acts for the token's subject. The current actor is the
 * outermost; earlier actors of a delegation chain nest inside it. One home for token exchange
 * (delegation between platforms) and impersonation (support staff viewing as a person): a session
 * carrying an actor puts it into every access and ID token minted from it (grants/issue.ts).
 */
export interface ActClaim {
  sub: string;
  client_id?: string;
  act?: ActClaim;
}

/** The deepest chain the hub accepts or issues: a longer one is refused as malformed. */
export const MAX_ACT_DEPTH = 5;

/** `actor` acting on top of an existing chain (the existing chain nests inside it). */
export function nestAct(actor: Omit<ActClaim, 'act'>, prior: ActClaim | null | undefined): ActClaim {
  return prior ? { ...actor, act: prior } : { ...actor };
}

/** An `act` value read from a verified token or a stored session, checked for shape and depth; null when absent or malformed. */
export function parseAct(value: unknown, depth = 1): ActClaim | null {
  if (!value || typeof value !== 'object' || depth > MAX_ACT_DEPTH) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.sub !== 'string' || !v.sub) return null;
  if (v.client_id !== undefined && typeof v.client_id !== 'string') return null;
  const nested = v.act === undefined ? undefined : parseAct(v.act, depth + 1);
  if (nested === null) return null;
  return { sub: v.sub, ...(v.client_id ? { client_id: v.client_id } : {}), ...(nested ? { act: nested } : {}) };
}
