import { X509Certificate } from 'node:crypto';
import type { Actor } from '../../actor';
import type { AuditSink, NewAuditSink } from '../../db/schema/index';
import { HubError } from '../../errors';
import type { Hub } from '../../hub';
import type { AuditSinkView, CreateAuditSinkBody, UpdateAuditSinkBody } from '../../../shared/api/siem';
import type { AuditSeverity } from '../../../shared/audit-events';
import { checkpointKey } from './format';
import { auditChainHeads, deleteSink, sinkLag, findSink, insertSink, listSinks, updateSink } from './queries';
import { SINK_AUTH_HEADER_CONTEXT } from './secrets';
import { splitHostPort } from './transport';
import type { Resolver } from '../../net/outbound';
import { assertOutboundTarget } from '../../net/outbound-target';

/**
 * The rules of SIEM sink administration (issue 30), for the admin routes: targets are checked
 * against the outbound policy (net/outbound.ts) before anything is stored, every change is audited in its transaction,
 * and the checkpoint key is answered once, at creation and at each rotation (it is derived again from the master key
 * for every checkpoint, never stored).
 */

export function toSinkView(s: AuditSink, heads: Map<number, number>): AuditSinkView {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind as AuditSinkView['kind'],
    target: s.kind === 'https' ? safeUrl(s.target) : s.target,
    has_ca: s.caPem !== null,
    has_auth_header: s.authHeaderEnc !== null,
    event_types: s.eventTypes,
    min_severity: s.minSeverity as AuditSeverity,
    enabled: s.enabled,
    last_audit_id: s.lastAuditId,
    lag_rows: sinkLag(s, heads),
    last_delivered_at: s.lastDeliveredAt?.toISOString() ?? null,
    last_error: s.lastError,
    last_error_at: s.lastErrorAt?.toISOString() ?? null,
    failure_streak: s.failureStreak,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** An https target as the console shows it: the query may hold a token, so it is left out. */
function safeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '';
  }
}

/** The host of a target, for audit rows. */
function sinkHost(kind: string, target: string): string {
  if (kind !== 'https') return splitHostPort(target).host;
  try {
    return new URL(target).host;
  } catch {
    return '';
  }
}

/** What the outbound policy checks of a target (net/outbound-target.ts): an https URL, or a syslog `host:port`. */
function outboundTargetOf(kind: string, target: string): string | { host: string; port: number } {
  return kind === 'https' ? target : splitHostPort(target);
}

/** The CA must be certificates Node can read: a typo would otherwise fail every connection. */
function assertCa(pem: string | null | undefined): void {
  if (!pem) return;
  try {
    new X509Certificate(pem);
  } catch {
    throw new HubError('invalid_request', 'ca_pem: not a readable PEM certificate.', { field: 'ca_pem' });
  }
}

async function mustFind(hub: Hub, id: string): Promise<AuditSink> {
  const found = await findSink(hub.db, id);
  if (!found) throw new HubError('not_found', 'No such audit sink.');
  return found;
}

export async function listSinkViews(hub: Hub): Promise<AuditSinkView[]> {
  const [sinks, heads] = await Promise.all([listSinks(hub.db), auditChainHeads(hub.db)]);
  return sinks.map((s) => toSinkView(s, heads));
}

export async function getSinkView(hub: Hub, id: string): Promise<AuditSinkView> {
  const [sink, heads] = await Promise.all([mustFind(hub, id), auditChainHeads(hub.db)]);
  return toSinkView(sink, heads);
}

/**
 * Registers a sink; it starts from the beginning of the log (every row the database still holds)
 * and its checkpoint key is answered this once.
 */
export async function createSink(
  hub: Hub,
  input: CreateAuditSinkBody,
  actor: Actor,
  resolver?: Resolver,
): Promise<{ sink: AuditSinkView; checkpoint_key: string }> {
  await assertOutboundTarget(hub, 'target', outboundTargetOf(input.kind, input.target), resolver);
  assertCa(input.ca_pem);
  const now = hub.clock();
  const created = await hub.db.transaction(async (tx) => {
    const sink = await insertSink(tx, {
      name: input.name ?? '',
      kind: input.kind,
      target: input.target,
      caPem: input.ca_pem ?? null,
      authHeaderEnc: input.auth_header ? hub.secrets.seal(input.auth_header, SINK_AUTH_HEADER_CONTEXT) : null,
      eventTypes: [...new Set(input.event_types ?? [])],
      minSeverity: input.min_severity ?? 'info',
      enabled: input.enabled ?? true,
      lastAuditId: 0,
      lastCheckpointId: 0,
      lastCheckpointAt: now,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await hub.audit.record(
      {
        type: 'audit_sink_created',
        ...actor.audit,
        details: {
          sink_id: sink.id,
          kind: sink.kind,
          host: sinkHost(sink.kind, sink.target),
          event_types: sink.eventTypes,
          min_severity: sink.minSeverity,
        },
      },
      tx,
    );
    return sink;
  });
  const key = checkpointKey(hub.config.masterKey!, created.id).toString('base64url');
  return { sink: toSinkView(created, await auditChainHeads(hub.db)), checkpoint_key: key };
}

/** Changes the fields given; enabling a sink again makes it due at once, with its failure streak cleared. */
export async function changeSink(
  hub: Hub,
  id: string,
  input: UpdateAuditSinkBody,
  actor: Actor,
  resolver?: Resolver,
): Promise<AuditSinkView> {
  const current = await mustFind(hub, id);
  if (input.target !== undefined)
    await assertOutboundTarget(hub, 'target', outboundTargetOf(current.kind, input.target), resolver);
  if (
    input.target !== undefined &&
    current.kind === 'syslog-tls' &&
    !/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(input.target)
  ) {
    throw new HubError('invalid_request', 'target: host:port for a syslog-tls sink.', { field: 'target' });
  }
  if (input.auth_header && current.kind !== 'https') {
    throw new HubError('invalid_request', 'auth_header: only for https sinks.', { field: 'auth_header' });
  }
  assertCa(input.ca_pem);
  const now = hub.clock();
  const values: Partial<NewAuditSink> = { updatedAt: now };
  if (input.name !== undefined) values.name = input.name;
  if (input.target !== undefined) values.target = input.target;
  if (input.ca_pem !== undefined) values.caPem = input.ca_pem;
  if (input.auth_header !== undefined) {
    values.authHeaderEnc = input.auth_header ? hub.secrets.seal(input.auth_header, SINK_AUTH_HEADER_CONTEXT) : null;
  }
  if (input.event_types !== undefined) values.eventTypes = [...new Set(input.event_types)];
  if (input.min_severity !== undefined) values.minSeverity = input.min_severity;
  if (input.enabled !== undefined) values.enabled = input.enabled;
  if (input.enabled || input.target !== undefined || input.ca_pem !== undefined) {
    values.failureStreak = 0;
    values.nextAttemptAt = now;
  }
  const updated = await hub.db.transaction(async (tx) => {
    const sink = await updateSink(tx, id, values);
    if (!sink) throw new HubError('not_found', 'No such audit sink.');
    await hub.audit.record(
      {
        type: 'audit_sink_updated',
        ...actor.audit,
        details: {
          sink_id: id,
          kind: sink.kind,
          host: sinkHost(sink.kind, sink.target),
          fields: Object.keys(input).sort(),
        },
      },
      tx,
    );
    return sink;
  });
  return toSinkView(updated, await auditChainHeads(hub.db));
}

export async function removeSink(hub: Hub, id: string, actor: Actor): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const sink = await deleteSink(tx, id);
    if (!sink) throw new HubError('not_found', 'No such audit sink.');
    await hub.audit.record(
      {
        type: 'audit_sink_deleted',
        ...actor.audit,
        details: { sink_id: id, kind: sink.kind, host: sinkHost(sink.kind, sink.target) },
      },
      tx,
    );
  });
}

/**
 * Issue 46: a new checkpoint key for the sink (the next generation of its derivation, format.ts),
 * answered this once; checkpoints are signed with it from the next one on, the old key checks
 * none after. Audited with the generation, never the key.
 */
export async function rotateSinkCheckpointKey(
  hub: Hub,
  id: string,
  actor: Actor,
): Promise<{ sink: AuditSinkView; checkpoint_key: string }> {
  const rotated = await hub.db.transaction(async (tx) => {
    const current = await findSink(tx, id);
    if (!current) throw new HubError('not_found', 'No such audit sink.');
    const generation = current.checkpointKeyGeneration + 1;
    const sink = await updateSink(tx, id, { checkpointKeyGeneration: generation, updatedAt: hub.clock() });
    if (!sink) throw new HubError('not_found', 'No such audit sink.');
    await hub.audit.record(
      {
        type: 'audit_sink_key_rotated',
        ...actor.audit,
        details: { sink_id: id, kind: sink.kind, host: sinkHost(sink.kind, sink.target), key_generation: generation },
      },
      tx,
    );
    return sink;
  });
  const key = checkpointKey(hub.config.masterKey!, rotated.id, rotated.checkpointKeyGeneration).toString('base64url');
  return { sink: toSinkView(rotated, await auditChainHeads(hub.db)), checkpoint_key: key };
}
