import type { Actor } from '../../actor';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import type { AdminStreamView } from '../../../shared/api/ssf';
import { targetHost } from '../../net/outbound';
import { findStreamById, listStreamRows, updateStreamRows, type StreamRow } from './queries';
import { statusOf } from './status';
import { streamAudit } from './service';

/**
 * What an administrator sees and decides of the SSF streams (issue 38, finding 10). A stream hears
 * only of the users of its client (delivery/queries.ts `streamAudience`); an administrator may mark
 * its receiver first-party, so that it hears of every user, and take the mark back. The receiver
 * itself cannot (the stream API does not take the field); every change is audited.
 */

export function toAdminStreamView(row: StreamRow): AdminStreamView {
  return {
    stream_id: row.stream.id,
    client_id: row.stream.clientId,
    description: row.stream.description,
    status: statusOf(row).status,
    first_party: row.stream.firstParty,
    events_delivered: row.endpoint.events,
    host: targetHost(row.endpoint.url),
    created_at: row.stream.createdAt.toISOString(),
  };
}

export async function listStreamViews(hub: Hub): Promise<AdminStreamView[]> {
  return (await listStreamRows(hub.db)).map(toAdminStreamView);
}

/** Marks a stream's receiver first-party, or takes the mark back; the same value again changes (and audits) nothing. */
export async function markStreamFirstParty(
  hub: Hub,
  streamId: string,
  firstParty: boolean,
  actor: Actor,
): Promise<AdminStreamView> {
  const now = hub.clock();
  const row = await hub.db.transaction(async (tx) => {
    const found = await findStreamById(tx, streamId);
    if (!found) throw new HubError('not_found', 'No such stream.');
    if (found.stream.firstParty === firstParty) return found;
    const next = await updateStreamRows(tx, found, { firstParty, updatedAt: now }, { updatedAt: now });
    await hub.audit.record(
      {
        type: 'ssf_stream_first_party_changed',
        ...actor.audit,
        details: { ...streamAudit(found), first_party: firstParty },
      },
      tx,
    );
    return next;
  });
  return toAdminStreamView(row);
}
