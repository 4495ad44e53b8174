import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { Refusal } from '../errors';
import { deleteExpiredAssertionIds, insertAssertionId } from './queries';

/**
 * Each SAML assertion is accepted once, on whichever node receives it: its ID is recorded in the
 * transaction that applies the sign-in (accounts.ts, sign-in/finish.ts), so the record exists exactly
 * when the sign-in does; a second use finds the row, the transaction rolls back, and the error
 * hook writes the one `federated_sign_in_refused` row (reason `assertion_replayed`).
 */
export interface AssertionUse {
  providerId: string;
  slug: string;
  subject: string;
  assertionId: string;
  expiresAt: Date;
}

export async function acceptAssertionOnce(db: DbOrTx, use: AssertionUse): Promise<void> {
  const fresh = await insertAssertionId(db, {
    providerId: use.providerId,
    assertionId: use.assertionId,
    expiresAt: use.expiresAt,
  });
  if (fresh) return;
  throw new Refusal('conflict', {
    message: 'This sign-in answer was already used. Please sign in again.',
    audit: {
      type: 'federated_sign_in_refused',
      details: { provider: use.slug, subject: use.subject, reason: 'assertion_replayed' },
    },
  });
}

/** Hourly: the recorded assertions past their NotOnOrAfter are forgotten (they would be refused as expired). */
export function startAssertionCleanup(hub: Hub): NodeJS.Timeout[] {
  const timer = setInterval(() => {
    deleteExpiredAssertionIds(hub.db, hub.clock()).catch(() => undefined);
  }, 60 * 60_000);
  timer.unref();
  return [timer];
}
