import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Hub } from '../../hub';
import type { AuditLogRow, AuditSink } from '../../db/schema/index';
import { createPollLoop, POLL_INTERVAL_MS } from '../delivery/poll-loop';
import { RETRY_SCHEDULES, retryDelayMs } from '../delivery/retry-schedule';
import { AUDIT_SEVERITIES, type AuditSeverity } from '../../../shared/audit-events';
import {
  auditRecord,
  sinkCheckpointMac,
  ndjson,
  octetCounted,
  SEVERITY_RANK,
  syslogMessage,
  type CheckpointRecord,
  type SinkRecord,
} from './format';
import {
  advanceSink,
  auditChainHeads,
  auditRowsAfter,
  claimSink,
  failSink,
  listSinks,
  releaseSink,
  sinkCursor,
} from './queries';
import { openSinkAuthHeader } from './secrets';
import { connectSyslog, postBatch, type SyslogConnection } from './transport';
import { describeOutboundError, outboundPolicy, type Resolver } from '../../net/outbound';

/**
 * The SIEM sinks' delivery loop, on every node (issue 30). A sink is not fed by the outbox: it
 * reads the audit table itself, each chain (one per writer, issue 43) in id order (which is its
 * chain order) from its own cursor in that chain, so every row goes, each chain in order, with the
 * chains' own checkpoint rows (`audit_chain_checkpoint`) among them; rows filtered out still move
 * the cursor. A pass leases one sink at a time
 * (FOR UPDATE SKIP LOCKED on the sink's row; one node per sink), sends batches of the rows after
 * its cursor and moves the cursor only once the receiver has the batch (syslog: written and flushed
 * on the TLS connection; https: a 2xx), so delivery is at least once. Every CHECKPOINT_EVERY rows
 * or CHECKPOINT_INTERVAL_MS a checkpoint record closes the batch: the head the cursor reached and
 * its hash under the sink's checkpoint key, the receiver's proof that the rows it lacks were
 * filtered out by the hub rather than lost or withheld.
 *
 * A failure keeps the cursor, records the error on the sink (the console shows it, /metrics counts
 * it) and backs off on the `auditSink` retry schedule (delivery/retry-schedule.ts: 1 s, 2 s, 4 s …
 * up to 5 minutes) before connecting again. Passes run under the one poll loop (delivery/poll-loop.ts).
 */

export const SINK_BATCH = 500;
export const CHECKPOINT_EVERY = 1_000;
export const CHECKPOINT_INTERVAL_MS = 60_000;
/** Longer than a batch can take (the send timeout), renewed by every accepted batch. */
export const SINK_LEASE_MS = 60_000;
export const SINK_SEND_TIMEOUT_MS = 15_000;
/** An idle hub without sinks asks whether one exists this often, not every poll. */
const SINKS_RECHECK_MS = 30_000;

export interface SiemWorkerOptions {
  resolver?: Resolver;
  batch?: number;
  checkpointEvery?: number;
  checkpointIntervalMs?: number;
  log?: (line: string) => void;
}

export interface SiemWorker {
  /** Serves every due sink once, until each is caught up or fails; resolves with the rows passed. */
  runOnce(): Promise<number>;
  start(): void;
  /** The sinks this node holds a usable syslog connection to (health, and tests waiting on a drop). */
  openConnections(): string[];
  /** Stops polling, waits for the pass in flight, closes the connections. */
  stop(): Promise<void>;
}

/** Whether a sink's filters let a row through. */
export function sinkAccepts(sink: Pick<AuditSink, 'eventTypes' | 'minSeverity'>, row: AuditLogRow): boolean {
  if (sink.eventTypes.length && !sink.eventTypes.includes(row.eventType)) return false;
  const min = SEVERITY_RANK[sink.minSeverity as AuditSeverity] ?? 0;
  const rank = (AUDIT_SEVERITIES as readonly string[]).includes(row.severity)
    ? SEVERITY_RANK[row.severity as AuditSeverity]
    : SEVERITY_RANK.low;
  return rank >= min;
}

export function createSiemWorker(hub: Hub, options: SiemWorkerOptions = {}): SiemWorker {
  const db = hub.database.background;
  const resolver = options.resolver;
  const batch = options.batch ?? SINK_BATCH;
  const checkpointEvery = options.checkpointEvery ?? CHECKPOINT_EVERY;
  const checkpointIntervalMs = options.checkpointIntervalMs ?? CHECKPOINT_INTERVAL_MS;
  const log = options.log ?? ((line: string) => console.warn(line));
  const origin = { hostname: hostname(), procId: String(process.pid) };
  /** This node's open syslog connections, by sink, with what they were opened for. */
  const connections = new Map<string, { conn: SyslogConnection; key: string }>();
  let sinksKnown: { any: boolean; at: number } | null = null;

  // Read at each batch: the policy may have tightened since the sink was registered.
  const transport = () => ({ policy: outboundPolicy(hub.config, resolver), timeoutMs: SINK_SEND_TIMEOUT_MS });

  function dropConnection(sinkId: string) {
    connections.get(sinkId)?.conn.close();
    connections.delete(sinkId);
  }

  async function send(sink: AuditSink, records: SinkRecord[]): Promise<void> {
    if (sink.kind === 'https') {
      await postBatch(sink.target, ndjson(records), sink.caPem, openSinkAuthHeader(hub, sink), transport());
      return;
    }
    const key = `${sink.target}\n${sink.caPem ?? ''}`;
    let open = connections.get(sink.id);
    if (!open || open.key !== key || !open.conn.usable) {
      dropConnection(sink.id);
      open = { conn: await connectSyslog(sink.target, sink.caPem, transport()), key };
      connections.set(sink.id, open);
    }
    await open.conn.write(records.map((r) => octetCounted(syslogMessage(r, origin))));
  }

  function checkpoint(sink: AuditSink, head: AuditLogRow, at: Date): CheckpointRecord {
    const mac = sinkCheckpointMac(hub.config.masterKey!, sink.id, head.id, head.hash, sink.checkpointKeyGeneration);
    return {
      record: 'checkpoint',
      sink_id: sink.id,
      head_id: head.id,
      head_hash: head.hash,
      at: at.toISOString(),
      mac,
    };
  }

  /**
   * Batches until the sink is caught up in every chain (issue 43: one chain per writer), chain by
   * chain, each in its own order; resolves with the rows passed, or throws the send's error.
   */
  async function serve(claimed: AuditSink, token: string, stopping: () => boolean): Promise<number> {
    let sink = claimed;
    let passed = 0;
    const chains = [...new Set([0, ...(await auditChainHeads(db)).keys()])].sort((a, b) => a - b);
    for (const chain of chains) {
      const served = await serveChain(sink, chain, token, stopping);
      sink = served.sink;
      passed += served.passed;
      if (served.lost || stopping()) break;
    }
    return passed;
  }

  /**
   * One chain's batches after the sink's cursor in it. Chain 0 keeps its checkpoint rhythm
   * (every CHECKPOINT_EVERY rows or CHECKPOINT_INTERVAL_MS); every other chain's batch ends with a
   * checkpoint record of the head it reached, so a receiver can check each chain on its own.
   */
  async function serveChain(claimed: AuditSink, chain: number, token: string, stopping: () => boolean) {
    let sink = claimed;
    let passed = 0;
    for (;;) {
      const now = hub.clock();
      const cursor = sinkCursor(sink, chain);
      const found = await auditRowsAfter(db, cursor, batch);
      const timeDue = now.getTime() - sink.lastCheckpointAt.getTime() >= checkpointIntervalMs;
      let head = found.at(-1);
      if (!head) {
        // Caught up: a checkpoint still goes when its interval passed and the cursor moved since the last.
        if (chain !== 0 || !timeDue || sink.lastCheckpointId >= sink.lastAuditId) return { sink, passed };
        head = (await auditRowsAfter(db, sink.lastAuditId - 1, 1))[0];
        if (!head || head.id !== sink.lastAuditId) return { sink, passed };
      }
      // Personal data is opened for the receiver, or reads "erased person" (audit/shredding.ts).
      const accepted = await hub.audit.subjectKeys.openRows(
        db,
        found.filter((row) => sinkAccepts(sink, row)),
      );
      const records: SinkRecord[] = accepted.map(auditRecord);
      const due = chain !== 0 || head.id - sink.lastCheckpointId >= checkpointEvery || timeDue;
      if (due) records.push(checkpoint(sink, head, now));
      if (records.length) await send(sink, records);
      const position =
        chain === 0 ? { lastAuditId: head.id } : { chainCursors: { ...sink.chainCursors, [String(chain)]: head.id } };
      const values = {
        ...position,
        lastDeliveredAt: records.length ? now : sink.lastDeliveredAt,
        leaseUntil: new Date(hub.clock().getTime() + SINK_LEASE_MS),
        ...(due && chain === 0 ? { lastCheckpointId: head.id, lastCheckpointAt: now } : {}),
      };
      if (!(await advanceSink(db, sink.id, token, values))) return { sink, passed, lost: true };
      sink = { ...sink, ...values };
      passed += found.length;
      if (found.length < batch || stopping()) return { sink, passed };
    }
  }

  async function pass(stopping: () => boolean): Promise<number> {
    const served: string[] = [];
    let total = 0;
    while (!stopping()) {
      const token = randomUUID();
      const now = hub.clock();
      const sink = await claimSink(db, now, new Date(now.getTime() + SINK_LEASE_MS), token, served);
      if (!sink) break;
      served.push(sink.id);
      try {
        total += await serve(sink, token, stopping);
        await releaseSink(db, sink.id, token);
      } catch (e) {
        dropConnection(sink.id);
        const error = describeOutboundError(e);
        const at = hub.clock();
        hub.metrics.auditSinkFailures.inc({ sink: sink.id });
        await failSink(
          db,
          sink.id,
          token,
          error,
          at,
          new Date(at.getTime() + retryDelayMs(RETRY_SCHEDULES.auditSink, sink.failureStreak + 1)!),
        );
        if (sink.failureStreak === 0) {
          log(
            JSON.stringify({ msg: `audit sink ${sink.id} failed (retrying with backoff): ${error}`, sink_id: sink.id }),
          );
        }
      }
    }
    return total;
  }

  const loop = createPollLoop({
    name: 'audit sink worker',
    intervalMs: POLL_INTERVAL_MS,
    // One pass serves every due sink until it is caught up: nothing more is due at once after it.
    pass: async (stopping) => ({ done: await pass(stopping), more: false }),
    // An idle hub without sinks asks the database whether one exists now and then, not every second.
    mayHaveWork: async () => {
      if (!sinksKnown || (!sinksKnown.any && performance.now() - sinksKnown.at > SINKS_RECHECK_MS)) {
        sinksKnown = { any: (await listSinks(db)).length > 0, at: performance.now() };
      }
      return sinksKnown.any;
    },
    log,
  });

  return {
    runOnce: loop.runOnce,
    openConnections: () => [...connections].filter(([, c]) => c.conn.usable).map(([id]) => id),
    start: loop.start,
    async stop() {
      await loop.stop();
      for (const id of [...connections.keys()]) dropConnection(id);
    },
  };
}
