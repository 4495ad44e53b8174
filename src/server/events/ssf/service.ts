import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../actor';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import { issuerOf } from '../../oauth/jwt';
import { userinfoAudience } from '../../oauth/resource';
import { authenticateAccessToken } from '../../oauth/resource-token';
import {
  SSF_EVENT_TYPES,
  SSF_MANAGE_SCOPE,
  SSF_PUSH_METHOD,
  type CreateStreamBody,
  type StreamConfig,
  type UpdateStreamBody,
} from '../../../shared/api/ssf';
import { assertOutboundTarget } from '../../net/outbound-target';
import { SSF_AUTHORIZATION_CONTEXT } from './channel';
import { deleteStreamRows, findStreamOfClient, insertStream, updateStreamRows, type StreamRow } from './queries';
import { targetHost } from '../../net/outbound';

/**
 * The stream management API of the SSF transmitter (SSF 1.0 §8, issue 30): a receiver manages
 * its own stream (one per OAuth client) with a client_credentials access token carrying
 * `ssf.manage`. Every change is audited in its transaction and tells every node (the `webhooks`
 * revocation) to read the subscribed event types again, so the outbox starts writing at once.
 */

export const SSF_PATHS = {
  configuration: '/.well-known/ssf-configuration',
  streams: '/ssf/streams',
  status: '/ssf/status',
  addSubject: '/ssf/subjects/add',
  removeSubject: '/ssf/subjects/remove',
  verify: '/ssf/verify',
} as const;

/** The transmitter configuration metadata (SSF 1.0 §7.1). */
export function ssfConfiguration(hub: Hub) {
  const iss = issuerOf(hub);
  return {
    spec_version: '1_0',
    issuer: iss,
    jwks_uri: `${iss}/oauth/jwks`,
    delivery_methods_supported: [SSF_PUSH_METHOD],
    configuration_endpoint: `${iss}${SSF_PATHS.streams}`,
    status_endpoint: `${iss}${SSF_PATHS.status}`,
    add_subject_endpoint: `${iss}${SSF_PATHS.addSubject}`,
    remove_subject_endpoint: `${iss}${SSF_PATHS.removeSubject}`,
    verification_endpoint: `${iss}${SSF_PATHS.verify}`,
    critical_subject_members: ['user'],
    authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
    // A stream without subjects hears about every user of its client, or every user when an
    // administrator marked it first-party (SSF §7.1 `default_subjects`; delivery/queries.ts).
    default_subjects: 'ALL',
  };
}

/** The client whose `ssf.manage` token the request carries, or the refusal RFC 6750 §3 describes. */
export async function streamClient(hub: Hub, request: FastifyRequest): Promise<string> {
  const { client } = await authenticateAccessToken(hub, request, {
    audiences: [userinfoAudience(hub), issuerOf(hub)],
    scopes: [SSF_MANAGE_SCOPE],
    // The stream is the client's own: a token a user holds does not manage it.
    subject: 'client',
    endpoint: 'ssf',
    realm: 'ssf',
    errors: 'api',
  });
  return client.clientId;
}

export function toStreamConfig(hub: Hub, row: StreamRow): StreamConfig {
  return {
    stream_id: row.stream.id,
    iss: issuerOf(hub),
    aud: row.stream.audience,
    delivery: { method: SSF_PUSH_METHOD, endpoint_url: row.endpoint.url },
    events_supported: [...SSF_EVENT_TYPES],
    events_requested: row.stream.eventsRequested,
    events_delivered: row.endpoint.events,
    description: row.stream.description,
    all_subjects: row.stream.allSubjects,
  };
}

/** The client's stream; `streamId` when given must name it (another client's is not found). */
export async function mustFindStream(hub: Hub, clientId: string, streamId?: string): Promise<StreamRow> {
  const row = await findStreamOfClient(hub.db, clientId);
  if (!row || (streamId !== undefined && row.stream.id !== streamId))
    throw new HubError('not_found', 'No such stream.');
  return row;
}

export async function readStreams(hub: Hub, clientId: string, streamId?: string): Promise<StreamConfig[]> {
  if (streamId) return [toStreamConfig(hub, await mustFindStream(hub, clientId, streamId))];
  const row = await findStreamOfClient(hub.db, clientId);
  return row ? [toStreamConfig(hub, row)] : [];
}

/** What the hub delivers of what was asked: the supported events, in the catalogue's order. */
const delivered = (requested: string[]) => SSF_EVENT_TYPES.filter((t) => requested.includes(t));

export function streamAudit(row: StreamRow) {
  return { stream_id: row.stream.id, client_id: row.stream.clientId };
}

export async function createStream(hub: Hub, clientId: string, input: CreateStreamBody, actor: Actor) {
  await assertOutboundTarget(hub, 'url', input.delivery.endpoint_url);
  const now = hub.clock();
  const created = await hub.db.transaction(async (tx) => {
    if (await findStreamOfClient(tx, clientId)) throw new HubError('conflict', 'This client already has a stream.');
    const row = await insertStream(
      tx,
      {
        url: input.delivery.endpoint_url,
        description: `SSF stream of ${clientId}`,
        events: delivered(input.events_requested),
        secretEnc: hub.secrets.seal(input.delivery.authorization_header ?? '', SSF_AUTHORIZATION_CONTEXT),
        createdAt: now,
        updatedAt: now,
      },
      {
        clientId,
        audience: clientId,
        eventsRequested: [...new Set(input.events_requested)],
        description: input.description ?? '',
        allSubjects: input.all_subjects ?? false,
        createdAt: now,
        updatedAt: now,
      },
    );
    await hub.audit.record(
      {
        type: 'ssf_stream_created',
        ...actor.audit,
        details: { ...streamAudit(row), host: targetHost(row.endpoint.url), events: row.endpoint.events },
      },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
    return row;
  });
  return toStreamConfig(hub, created);
}

export async function updateStream(hub: Hub, clientId: string, input: UpdateStreamBody, actor: Actor) {
  if (input.delivery) await assertOutboundTarget(hub, 'url', input.delivery.endpoint_url);
  const now = hub.clock();
  const updated = await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== input.stream_id) throw new HubError('not_found', 'No such stream.');
    const stream: Parameters<typeof updateStreamRows>[2] = { updatedAt: now };
    const endpoint: Parameters<typeof updateStreamRows>[3] = { updatedAt: now };
    if (input.events_requested) {
      stream.eventsRequested = [...new Set(input.events_requested)];
      endpoint.events = delivered(input.events_requested);
    }
    if (input.description !== undefined) stream.description = input.description;
    if (input.all_subjects !== undefined) stream.allSubjects = input.all_subjects;
    if (input.delivery) {
      endpoint.url = input.delivery.endpoint_url;
      endpoint.secretEnc = hub.secrets.seal(input.delivery.authorization_header ?? '', SSF_AUTHORIZATION_CONTEXT);
    }
    const next = await updateStreamRows(tx, row, stream, endpoint);
    const fields = Object.keys(input)
      .filter((k) => k !== 'stream_id')
      .sort();
    await hub.audit.record(
      { type: 'ssf_stream_updated', ...actor.audit, details: { ...streamAudit(row), fields } },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
    return next;
  });
  return toStreamConfig(hub, updated);
}

export async function deleteStream(hub: Hub, clientId: string, streamId: string, actor: Actor): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const row = await findStreamOfClient(tx, clientId);
    if (!row || row.stream.id !== streamId) throw new HubError('not_found', 'No such stream.');
    await deleteStreamRows(tx, row);
    await hub.audit.record({ type: 'ssf_stream_deleted', ...actor.audit, details: streamAudit(row) }, tx);
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
  });
}
