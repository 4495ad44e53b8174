import { createHash } from 'node:crypto';
import type { OAuthClient } from '../../db/schema/index';
import { safeEqual } from '../../crypto/tokens';
import { OOB_REDIRECT_URI } from '../constants';
import { OAuthError } from '../errors';
import type { CodeRow } from '../queries';

/** What a token request brings to the exchange of a code, and what the rules compare the code's row with. */
export interface ExchangeFacts {
  client: OAuthClient;
  redirectUri: string;
  /** The resource the token request names again (undefined: none named). */
  resource: string | undefined;
  /** The code's resource when it named none (the hub's userinfo audience). */
  defaultResource: string;
  verifier: string | undefined;
  /** RFC 9449: the key of the token request's DPoP proof, if it carried one. */
  dpopJkt?: string;
  now: Date;
}

/** What only the locked path reads besides the code (the fast paths leave it to the exchange's statement). */
export interface ExchangeReads {
  userIsActive?: boolean;
}

/**
 * One rule of the authorization_code exchange. `check` names the refusal: every path checks the
 * code it opened (sealed-code.ts: authenticated, so what it says is what the authorize step
 * decided) before it writes, and the locked path answers with it. The two rules only the database
 * can answer — `unused` and `active_user` (`database`) — are also the conditions of the one
 * statement that consumes the code (queries.ts `codeExchangeWrite`), which every path writes
 * through: a fast path may skip a read, never a check.
 */
export interface CodeRule {
  name: string;
  check(row: CodeRow, facts: ExchangeFacts, reads: ExchangeReads): OAuthError | null;
  /** Enforced by the exchange's statement too (the used-code set, the user's row). */
  database?: true;
  /**
   * Besides the refusal: a code presented again revokes what its first exchange issued
   * (RFC 6749 §4.1.2); a failed verifier burns the code (it may have been intercepted).
   */
  consequence?: 'revoke_issued' | 'burn_code';
}

const invalid = (description: string) => new OAuthError('invalid_grant', description);

/** A code the hub does not know, or another client's: the two read the same. */
export const unknownCode = () => invalid('The authorization code is invalid.');
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** BASE64URL(SHA256(verifier)) for a well-formed verifier (RFC 7636 §4.6), else null. */
export function challengeOf(verifier: string | undefined): string | null {
  if (!verifier || !VERIFIER.test(verifier)) return null;
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) must equal the challenge; `plain` is never accepted. */
function checkPkce(row: CodeRow, f: ExchangeFacts): OAuthError | null {
  if (!row.codeChallenge) {
    if (f.client.tokenEndpointAuthMethod === 'none') return invalid('PKCE is required for public clients.');
    return f.verifier ? invalid('code_verifier sent but no code_challenge was.') : null;
  }
  const challenge = challengeOf(f.verifier);
  if (!challenge) return invalid('A valid code_verifier is required.');
  return safeEqual(challenge, row.codeChallenge) ? null : invalid('PKCE verification failed.');
}

/**
 * The exchange's checks, in the order the locked path reports them. A code is single use within
 * its 60 s, bound to its client, redirect URI, resource and PKCE challenge, and worth nothing once
 * its user is deactivated. tests/server/oauth/code-rules.test.ts breaks each rule on every path.
 */
export const CODE_RULES: readonly CodeRule[] = [
  {
    name: 'client',
    check: (row, f) => (row.clientId === f.client.clientId ? null : unknownCode()),
  },
  {
    name: 'unused',
    check: (row) =>
      row.consumedAt ? invalid('The authorization code was already used; tokens issued from it are revoked.') : null,
    consequence: 'revoke_issued',
    database: true,
  },
  {
    name: 'unexpired',
    check: (row, f) => (row.expiresAt > f.now ? null : invalid('The authorization code has expired.')),
  },
  {
    name: 'redirect_uri',
    check: (row, f) =>
      row.redirectUri === f.redirectUri ? null : invalid('redirect_uri does not match the authorization request.'),
  },
  {
    // RFC 8707 §2.2: the token request may name the resource again, not another one.
    name: 'resource',
    check: (row, f) =>
      f.resource === undefined || f.resource === (row.resource ?? f.defaultResource)
        ? null
        : new OAuthError('invalid_target', 'resource differs from the authorization request.'),
  },
  {
    name: 'pkce',
    check: (row, f) => checkPkce(row, f),
    consequence: 'burn_code',
  },
  {
    // RFC 9449 §10: a code bound to a key (dpop_jkt, or a proof sent to PAR) needs a proof by that key.
    name: 'dpop_key',
    check: (row, f) =>
      row.dpopJkt === null || row.dpopJkt === f.dpopJkt
        ? null
        : invalid('The authorization code is bound to another DPoP key.'),
  },
  {
    name: 'active_user',
    check: (_row, _f, reads) => (reads.userIsActive === false ? invalid('The user is no longer active.') : null),
    database: true,
  },
];

/** The first rule the row breaks, in order, or undefined when it may be exchanged. */
export function firstBrokenRule(
  row: CodeRow,
  facts: ExchangeFacts,
  reads: ExchangeReads = {},
): { rule: CodeRule; error: OAuthError } | undefined {
  for (const rule of CODE_RULES) {
    const error = rule.check(row, facts, reads);
    if (error) return { rule, error };
  }
  return undefined;
}

/**
 * OIDC Core §11: a refresh token only for a grant that includes offline_access, to a client that
 * may refresh, and never for the hand-off's out-of-band code.
 */
export const REFRESH_RULE = {
  issues: (row: Pick<CodeRow, 'scopes' | 'redirectUri'>, client: OAuthClient): boolean =>
    row.scopes.includes('offline_access') &&
    client.grantTypes.includes('refresh_token') &&
    row.redirectUri !== OOB_REDIRECT_URI,
};
