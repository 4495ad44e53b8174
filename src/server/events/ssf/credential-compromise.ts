import type { Actor } from '../../actor';
import { findUserById } from '../../auth/user-queries';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';

/**
 * An administrator flags a user's credential as compromised (RISC credential-compromise): the
 * audit record is the change, and the outbox derives the event from it (ssf/from-audit.ts).
 */
export async function flagCredentialCompromise(
  hub: Hub,
  userId: string,
  input: { credential_type: string; reason?: string },
  actor: Actor,
): Promise<void> {
  if (!(await findUserById(hub.db, userId))) throw new HubError('not_found', 'No such user.');
  await hub.audit.record({
    type: 'credential_compromised',
    ...actor.audit,
    details: { target_user_id: userId, credential_type: input.credential_type, reason: input.reason ?? null },
  });
}
