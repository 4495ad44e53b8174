import type { PlatformUser } from '../db/schema/index';

/**
 * Which hub account an upstream identity signs in to: the linking rules of issue 27 in one
 * place, one ordered table of cases, the first that applies decides (a test per row in
 * tests/server/federation/linking.test.ts). An identity is `(provider, subject)`, never an
 * email; an email only ever leads to "create" (nobody has it) or to a refusal. Keycloak's
 * first-broker-login flow spread these decisions across authenticators, and that is where
 * CVE-2026-9087 and keycloak#53041 lived.
 *
 * An email only counts when the hub trusts it as verified (`emailVerified`: the provider is
 * trusted for `email_verified`, says so, and vouches for the address's domain — org-policy.ts).
 * An address the hub does not trust never creates an account and never offers the link (by
 * re-authentication or by mail) to the account that holds it: whoever typed someone else's
 * address at a lax provider reaches nothing by it. The account's owner can still link such an
 * identity from /account.
 *
 * "link_required" signs nobody in: the identity waits (pending-link.ts) until the person proves
 * the local account by re-authentication in the same browser flow, or by a single-use mailed
 * link bound to this identity (link-service.ts).
 */
export interface LinkingInput {
  /** The account this `(provider, subject)` is already linked to, if any. */
  linkedUser: PlatformUser | null;
  /** The local account whose email is the upstream email, if any (only read when not linked). */
  userWithEmail: PlatformUser | null;
  /** The upstream email, normalised; null when the provider sent none. */
  email: string | null;
  /** Whether the hub trusts the upstream email as verified (sign-in/claims.ts's mappedClaims). */
  emailVerified: boolean;
  provider: { mayCreateAccounts: boolean };
}

export type LinkingDecision =
  | { action: 'sign_in'; user: PlatformUser }
  | { action: 'create' }
  | { action: 'link_required'; user: PlatformUser }
  | { action: 'refuse'; reason: LinkingRefusal };

export type LinkingRefusal =
  'inactive_account' | 'no_email' | 'unverified_upstream_email' | 'unverified_local_account' | 'accounts_not_created';

interface LinkingCase {
  /** What the row stands for, as the tests and the audit trail name it. */
  name: string;
  applies(input: LinkingInput): boolean;
  decide(input: LinkingInput): LinkingDecision;
}

/** The rows, in order. */
export const LINKING_CASES: readonly LinkingCase[] = [
  {
    name: 'known identity, inactive account',
    applies: (i) => i.linkedUser !== null && !i.linkedUser.isActive,
    decide: () => ({ action: 'refuse', reason: 'inactive_account' }),
  },
  {
    // By subject, whatever the upstream email says now (it may have changed since the link).
    name: 'known identity',
    applies: (i) => i.linkedUser !== null,
    decide: (i) => ({ action: 'sign_in', user: i.linkedUser! }),
  },
  {
    name: 'unknown identity without an email',
    applies: (i) => i.email === null,
    decide: () => ({ action: 'refuse', reason: 'no_email' }),
  },
  {
    // An address the provider did not vouch for proves nothing about the account that holds it
    // (and, asked before the local account's own state, tells nothing about that account either).
    name: 'unknown identity, upstream email not verified, local account with that email',
    applies: (i) => !i.emailVerified && i.userWithEmail !== null,
    decide: () => ({ action: 'refuse', reason: 'unverified_upstream_email' }),
  },
  {
    // Whoever controls the upstream address cannot reach an account nobody proved owns it.
    name: 'unknown identity, local account with that email never verified',
    applies: (i) => i.userWithEmail !== null && i.userWithEmail.emailVerifiedAt === null,
    decide: () => ({ action: 'refuse', reason: 'unverified_local_account' }),
  },
  {
    // Never linked silently: the person must prove the local account first.
    name: 'unknown identity, local account with that email',
    applies: (i) => i.userWithEmail !== null,
    decide: (i) => ({ action: 'link_required', user: i.userWithEmail! }),
  },
  {
    name: 'unknown identity, no account, provider may not create accounts',
    applies: (i) => !i.provider.mayCreateAccounts,
    decide: () => ({ action: 'refuse', reason: 'accounts_not_created' }),
  },
  {
    // Else the address's real owner would find an account someone else made, and still signs in to.
    name: 'unknown identity, no account, upstream email not verified',
    applies: (i) => !i.emailVerified,
    decide: () => ({ action: 'refuse', reason: 'unverified_upstream_email' }),
  },
  {
    name: 'unknown identity, no account, provider may create accounts',
    applies: () => true,
    decide: () => ({ action: 'create' }),
  },
];

/** The decision of the first row that applies (the last row applies to everything). */
export function decideLinking(input: LinkingInput): LinkingDecision {
  return LINKING_CASES.find((c) => c.applies(input))!.decide(input);
}
