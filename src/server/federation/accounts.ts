import type { Hub } from '../hub';
import { HubError } from '../errors';
import type { PlatformUser } from '../db/schema/index';
import type { ClientInfo } from '../auth/sign-in';
import { insertUserWithRoles } from '../auth/user-queries';
import { insertIdentity, recordIdentitySignIn } from './queries';
import { acceptAssertionOnce, type AssertionUse } from './assertions';

/**
 * What the linking decisions write (linking.ts decides, these apply): an account created on a
 * first sign-in, and the sign-in of a known identity. Each is one transaction with its audit row
 * and, for SAML, the assertion's single use (assertions.ts): a replay changes nothing.
 */

/** A new account with the basic role, linked to `(provider, subject)`; no password (its way in is the provider). */
export async function createFederatedAccount(
  hub: Hub,
  input: {
    providerId: string;
    provider: string;
    subject: string;
    email: string;
    name: string | null;
    emailVerified: boolean;
  },
  client: ClientInfo,
  assertion?: AssertionUse,
): Promise<PlatformUser> {
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    if (assertion) await acceptAssertionOnce(tx, assertion);
    const user = await insertUserWithRoles(
      tx,
      {
        email: input.email,
        passwordHash: null,
        fullName: input.name,
        emailVerifiedAt: input.emailVerified ? now : null,
        createdAt: now,
        updatedAt: now,
      },
      ['user'],
      null,
    );
    // Another request took the address in between: refused now, the next attempt sees that account.
    if (!user)
      throw new HubError('conflict', 'An account with this email address was just created. Please start again.');
    const linked = await insertIdentity(tx, {
      providerId: input.providerId,
      subject: input.subject,
      userId: user.id,
      emailAtLink: input.email,
      accountVerifiedAtLink: input.emailVerified,
      createdAt: now,
      lastSignInAt: now,
    });
    if (!linked)
      throw new HubError('conflict', 'This sign-in was just completed in another window. Please start again.');
    await hub.audit.record(
      {
        type: 'federated_account_created',
        ...client,
        userId: user.id,
        sessionId: null,
        details: {
          provider: input.provider,
          subject: input.subject,
          email: input.email,
          email_verified: input.emailVerified,
        },
      },
      tx,
    );
    return user;
  });
}

/** The identity's last sign-in, with the audit row naming the provider and subject. */
export async function recordFederatedSignIn(
  hub: Hub,
  input: { identityId: string; user: PlatformUser; provider: string; subject: string },
  client: ClientInfo,
  assertion?: AssertionUse,
): Promise<void> {
  await hub.db.transaction(async (tx) => {
    if (assertion) await acceptAssertionOnce(tx, assertion);
    await recordIdentitySignIn(tx, input.identityId, hub.clock());
    await hub.audit.record(
      {
        type: 'federated_sign_in',
        ...client,
        userId: input.user.id,
        sessionId: null,
        details: { provider: input.provider, subject: input.subject },
      },
      tx,
    );
  });
}
