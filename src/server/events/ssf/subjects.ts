import type { Actor } from '../../actor';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import { issuerOf } from '../../oauth/jwt';
import type { SsfSubject } from '../../../shared/api/ssf';
import { deleteSubject, findStreamOfClient, findSubjectUser, upsertSubject } from './queries';
import { streamAudit } from './service';

/** The subjects a stream asks for (SSF 1.0 §8.1.3). */

/** A subject's canonical key and the account it names (null: not one of the hub's). */
async function resolveSubject(hub: Hub, subject: SsfSubject): Promise<{ key: string; userId: string | null }> {
  if (subject.format === 'email') {
    const email = subject.email.toLowerCase();
    return { key: `email:${email}`, userId: await findSubjectUser(hub.db, { email }) };
  }
  const ours = subject.iss === issuerOf(hub) && /^[0-9a-f-]{36}$/i.test(subject.sub);
  return {
    key: `iss_sub:${subject.iss}|${subject.sub}`,
    userId: ours ? await findSubjectUser(hub.db, { id: subject.sub }) : null,
  };
}

/**
 * SSF §8.1.3.2: the stream gets events about this subject. A subject the hub does not know is
 * stored all the same and answered alike, so the endpoint tells no one which accounts exist.
 */
export async function addSubject(hub: Hub, clientId: string, streamId: string, subject: SsfSubject, actor: Actor) {
  const { key, userId } = await resolveSubject(hub, subject);
  await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== streamId) throw new HubError('not_found', 'No such stream.');
    await upsertSubject(tx, { streamId, key, subject, userId, now: hub.clock() });
    await hub.audit.record(
      {
        type: 'ssf_subject_added',
        ...actor.audit,
        details: { ...streamAudit(row), format: subject.format, known: userId !== null },
      },
      tx,
    );
  });
}

export async function removeSubject(hub: Hub, clientId: string, streamId: string, subject: SsfSubject, actor: Actor) {
  const { key } = await resolveSubject(hub, subject);
  await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== streamId) throw new HubError('not_found', 'No such stream.');
    if (!(await deleteSubject(tx, streamId, key))) throw new HubError('not_found', 'The stream has no such subject.');
    await hub.audit.record(
      { type: 'ssf_subject_removed', ...actor.audit, details: { ...streamAudit(row), format: subject.format } },
      tx,
    );
  });
}
