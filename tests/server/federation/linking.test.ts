import { describe, expect, it } from 'vitest';
import { LINKING_CASES, decideLinking, type LinkingInput } from '../../../src/server/federation/linking';
import type { PlatformUser } from '../../../src/server/db/schema/index';

/** One test per row of the linking table (federation/linking.ts), in its order. */
function user(over: Partial<PlatformUser> = {}): PlatformUser {
  return {
    id: 'u1',
    email: 'p@acme.test',
    passwordHash: null,
    fullName: null,
    organization: null,
    department: null,
    isActive: true,
    emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
    mfaSecretEnc: null,
    locale: null,
    passwordChange: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    lastLoginAt: null,
    ...over,
  };
}

const base: LinkingInput = {
  linkedUser: null,
  userWithEmail: null,
  email: 'p@acme.test',
  emailVerified: true,
  provider: { mayCreateAccounts: true },
};

const ROWS: { name: string; input: LinkingInput; expected: ReturnType<typeof decideLinking> }[] = [
  {
    name: 'known identity, inactive account',
    input: { ...base, linkedUser: user({ isActive: false }) },
    expected: { action: 'refuse', reason: 'inactive_account' },
  },
  {
    name: 'known identity',
    // Linked by subject: another email upstream, and another account holding it, change nothing.
    input: { ...base, linkedUser: user(), email: 'renamed@acme.test', userWithEmail: user({ id: 'u2' }) },
    expected: { action: 'sign_in', user: user() },
  },
  {
    name: 'unknown identity without an email',
    input: { ...base, email: null },
    expected: { action: 'refuse', reason: 'no_email' },
  },
  {
    name: 'unknown identity, upstream email not verified, local account with that email',
    // Whatever the local account's own state: an unverified address offers neither link nor mail.
    input: { ...base, emailVerified: false, userWithEmail: user({ emailVerifiedAt: null }) },
    expected: { action: 'refuse', reason: 'unverified_upstream_email' },
  },
  {
    name: 'unknown identity, local account with that email never verified',
    input: { ...base, userWithEmail: user({ emailVerifiedAt: null }) },
    expected: { action: 'refuse', reason: 'unverified_local_account' },
  },
  {
    name: 'unknown identity, local account with that email',
    input: { ...base, userWithEmail: user() },
    expected: { action: 'link_required', user: user() },
  },
  {
    name: 'unknown identity, no account, provider may not create accounts',
    input: { ...base, provider: { mayCreateAccounts: false } },
    expected: { action: 'refuse', reason: 'accounts_not_created' },
  },
  {
    name: 'unknown identity, no account, upstream email not verified',
    input: { ...base, emailVerified: false },
    expected: { action: 'refuse', reason: 'unverified_upstream_email' },
  },
  {
    name: 'unknown identity, no account, provider may create accounts',
    input: base,
    expected: { action: 'create' },
  },
];

describe('federation linking rules (one test per row of LINKING_CASES)', () => {
  it('has a test row for every case, in the table\u2019s order', () => {
    expect(ROWS.map((r) => r.name)).toEqual(LINKING_CASES.map((c) => c.name));
  });

  for (const row of ROWS) {
    it(row.name, () => {
      expect(decideLinking(row.input)).toEqual(row.expected);
      // The row decides it, not an earlier one.
      expect(LINKING_CASES.find((c) => c.applies(row.input))?.name).toBe(row.name);
    });
  }

  it('an upstream email the hub does not trust as verified never creates an account nor offers a link', () => {
    for (const userWithEmail of [null, user(), user({ emailVerifiedAt: null })]) {
      const decision = decideLinking({ ...base, emailVerified: false, userWithEmail });
      expect(decision.action).toBe('refuse');
    }
  });

  it('never links to an existing account, whatever the provider is trusted for', () => {
    for (const mayCreateAccounts of [true, false]) {
      const decision = decideLinking({ ...base, userWithEmail: user(), provider: { mayCreateAccounts } });
      expect(decision.action).not.toBe('sign_in');
    }
  });
});
