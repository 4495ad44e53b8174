import { randomUUID } from 'node:crypto';
import type { Actor } from '../../actor';
import { afterCommit } from '../../db/after-commit';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import { SSF_VERIFICATION_EVENT } from '../../../shared/api/ssf';
import { insertDelivery } from '../delivery/queries';
import type { SsfPayload } from './payload';
import { findStreamOfClient } from './queries';
import { streamAudit } from './service';

/**
 * SSF §8.1.4.2: a verification event through the stream, carrying the receiver's `state`,
 * queued on the same outbox (subscribed or not) and delivered by the worker like any other.
 */
export async function requestVerification(
  hub: Hub,
  clientId: string,
  input: { stream_id: string; state?: string },
  actor: Actor,
): Promise<void> {
  const now = hub.clock();
  await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== input.stream_id) throw new HubError('not_found', 'No such stream.');
    const payload: SsfPayload = {
      sub_id: { format: 'opaque', id: row.stream.id },
      iat: Math.floor(now.getTime() / 1000),
      events: { [SSF_VERIFICATION_EVENT]: input.state === undefined ? {} : { state: input.state } },
    };
    await insertDelivery(tx, {
      eventId: `set_${randomUUID().replaceAll('-', '')}`,
      eventType: SSF_VERIFICATION_EVENT,
      endpointId: row.endpoint.id,
      payload: payload as unknown as Record<string, unknown>,
      now,
    });
    await hub.audit.record({ type: 'ssf_verification_requested', ...actor.audit, details: streamAudit(row) }, tx);
    afterCommit(tx, () => hub.outbox.committed());
  });
}
