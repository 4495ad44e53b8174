/**
 * Which changes to a registered OAuth client break it while it is live (issue 46): a client that
 * keeps sending what worked yesterday gets refused after the change. One pure comparison of the
 * settings before and after, so the console's confirmation names exactly these, in this order.
 * No zod and no Node module here: the browser bundle imports it.
 */

/** The settings of a client that decide whether its requests are accepted (the API's field names). */
export interface ClientLiveSettings {
  is_active: boolean;
  token_endpoint_auth_method: string;
  dpop_bound_access_tokens: boolean;
  require_pushed_authorization_requests: boolean;
  /** FAPI 2.0 requires PAR and DPoP (or mTLS) whatever the two switches say. */
  fapi2: boolean;
  redirect_uris: readonly string[];
  scopes: readonly string[];
}

export type ClientChangeImpact =
  /** Its token requests authenticate with `from`; after the change they must use `to`. */
  | { kind: 'auth_method'; from: string; to: string }
  /** Token requests without a DPoP proof are refused. */
  | { kind: 'dpop_required' }
  /** Authorization requests not pushed first (PAR) are refused. */
  | { kind: 'par_required' }
  /** Sign-ins returning to these addresses are refused. */
  | { kind: 'redirect_uris_removed'; uris: string[] }
  /** Requests for these scopes are refused. */
  | { kind: 'scopes_removed'; scopes: string[] }
  /** It can no longer sign anyone in or get tokens. */
  | { kind: 'deactivated' };

const requiresDpop = (s: ClientLiveSettings) => s.dpop_bound_access_tokens || s.fapi2;
const requiresPar = (s: ClientLiveSettings) => s.require_pushed_authorization_requests || s.fapi2;

/**
 * The changes from `before` to `after` that a live client would notice as refusals; [] when the
 * change breaks nothing (loosening a rule, adding a redirect URI or a scope, reactivating). A
 * client already inactive breaks no further.
 */
export function breakingClientChanges(before: ClientLiveSettings, after: ClientLiveSettings): ClientChangeImpact[] {
  if (!before.is_active) return [];
  if (!after.is_active) return [{ kind: 'deactivated' }];
  const impacts: ClientChangeImpact[] = [];
  if (before.token_endpoint_auth_method !== after.token_endpoint_auth_method)
    impacts.push({
      kind: 'auth_method',
      from: before.token_endpoint_auth_method,
      to: after.token_endpoint_auth_method,
    });
  if (!requiresDpop(before) && requiresDpop(after)) impacts.push({ kind: 'dpop_required' });
  if (!requiresPar(before) && requiresPar(after)) impacts.push({ kind: 'par_required' });
  const uris = before.redirect_uris.filter((u) => !after.redirect_uris.includes(u));
  if (uris.length) impacts.push({ kind: 'redirect_uris_removed', uris });
  const scopes = before.scopes.filter((s) => !after.scopes.includes(s));
  if (scopes.length) impacts.push({ kind: 'scopes_removed', scopes });
  return impacts;
}
