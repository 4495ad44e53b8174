import type { Hub } from '../hub';
import type { AuditActorFields } from '../audit/record';
import type { DbOrTx } from '../db/client';
import { deleteIdentitiesLinkedUnverified } from './queries';

/**
 * Issue 38, finding 2: an identity linked to an account while nobody had proved the account's
 * address (federated_identities.account_verified_at_link false) may be the link of whoever made
 * the account with someone else's address. When the address's owner proves it — the verification
 * mail (auth/email-verification.ts) or a password reset (account/password-reset.ts) — those
 * identities are unlinked in the same transaction, each with its audit row, so that person's
 * sign-in through them ends with the password they no longer have. Identities linked after the
 * address was proved stay.
 */
export async function unlinkIdentitiesOfUnprovenAccount(
  hub: Hub,
  tx: DbOrTx,
  userId: string,
  who: AuditActorFields,
): Promise<void> {
  const removed = await deleteIdentitiesLinkedUnverified(tx, userId);
  if (!removed.length) return;
  await hub.audit.record(
    removed.map((r) => ({
      type: 'federated_identity_unlinked' as const,
      ...who,
      userId,
      details: { provider: r.provider, subject: r.subject, reason: 'email_ownership_proved' as const },
    })),
    tx,
  );
}
