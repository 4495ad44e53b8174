import type { Actor } from '../../actor';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import { findStreamOfClient, updateStreamRows, type StreamRow } from './queries';
import { mustFindStream, streamAudit } from './service';

/** A stream's status (SSF 1.0 §8.1.2), as its receiver reads and changes it. */

export type StreamStatus = 'enabled' | 'paused' | 'disabled';

/** The status the worker obeys: an endpoint it disabled (410, failing) is a disabled stream. */
export function statusOf(row: StreamRow): { stream_id: string; status: StreamStatus; reason?: string } {
  const status: StreamStatus = !row.endpoint.enabled ? 'disabled' : row.endpoint.paused ? 'paused' : 'enabled';
  const reason = row.stream.statusReason ?? (row.endpoint.enabled ? null : row.endpoint.disabledReason);
  return { stream_id: row.stream.id, status, ...(reason ? { reason } : {}) };
}

export async function readStatus(hub: Hub, clientId: string, streamId: string) {
  return statusOf(await mustFindStream(hub, clientId, streamId));
}

/**
 * SSF §8.1.2: enabled delivers; paused holds the events (written, not claimed) until enabled
 * again; disabled neither writes nor delivers them.
 */
export async function changeStatus(
  hub: Hub,
  clientId: string,
  input: { stream_id: string; status: StreamStatus; reason?: string },
  actor: Actor,
) {
  const now = hub.clock();
  const updated = await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== input.stream_id) throw new HubError('not_found', 'No such stream.');
    const next = await updateStreamRows(
      tx,
      row,
      { status: input.status, statusReason: input.reason ?? null, updatedAt: now },
      {
        enabled: input.status !== 'disabled',
        paused: input.status === 'paused',
        disabledReason: input.status === 'disabled' ? 'receiver' : null,
        ...(input.status === 'enabled' ? { failureStreak: 0 } : {}),
        updatedAt: now,
      },
    );
    await hub.audit.record(
      { type: 'ssf_stream_updated', ...actor.audit, details: { ...streamAudit(row), fields: ['status'] } },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
    return next;
  });
  // Enabling a paused stream: what it held is due now.
  if (input.status === 'enabled') hub.outbox.committed();
  return statusOf(updated);
}
