import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs, auditSinks, auditWriters } from '../../../src/server/db/schema/index';
import { CHECKPOINT_INTERVAL_MS, createSiemWorker, type SiemWorker } from '../../../src/server/events/siem/worker';
import { createAuditLog, type AuditEvent } from '../../../src/server/audit/record';
import { CHAIN_SPAN } from '../../../src/server/audit/chain';
import {
  checkpointKey,
  sinkCheckpointMac,
  escapeSdValue,
  octetCounted,
  syslogMessage,
} from '../../../src/server/events/siem/format';
import { deriveSubkey } from '../../../src/server/crypto/secrets';
import {
  makeServerCert,
  parseRfc5424,
  startNdjsonReceiver,
  startSyslogListener,
  type SyslogFrame,
  type SyslogListener,
} from './siem-receivers';

/**
 * Issue 30, audit streaming to a SIEM: a TLS syslog listener started here parses every RFC 5424
 * octet-counted frame and verifies the chain across the records it received (each prev_hash is the
 * previous hash for consecutive ids) and the checkpoints' MACs under the key shown at creation; a
 * listener that was down gets everything from the cursor on once it is back; an https sink gets
 * ndjson; filters by type and severity; loopback refused unless private targets are allowed.
 */

interface AuditLine {
  record: 'audit';
  id: number;
  event_type: string;
  severity: string;
  prev_hash: string;
  hash: string;
}
interface CheckpointLine {
  record: 'checkpoint';
  sink_id: string;
  head_id: number;
  head_hash: string;
  mac: string;
}
type Line = AuditLine | CheckpointLine;

/** What a receiver does with what it got: the chain links, the checkpoints' MACs; answers the audit records. */
function verifyStream(
  lines: Line[],
  sinkId: string,
  key: string,
): { audit: AuditLine[]; checkpoints: CheckpointLine[] } {
  const audit: AuditLine[] = [];
  const checkpoints: CheckpointLine[] = [];
  let previous: AuditLine | undefined;
  for (const line of lines) {
    if (line.record === 'checkpoint') {
      const mac = createHmac('sha256', Buffer.from(key, 'base64url'))
        .update(`${line.sink_id}.${line.head_id}.${line.head_hash}`)
        .digest('base64url');
      expect(line.mac).toBe(mac);
      expect(line.sink_id).toBe(sinkId);
      // A checkpoint at a row the receiver has names that row's hash.
      if (previous && previous.id === line.head_id) expect(line.head_hash).toBe(previous.hash);
      checkpoints.push(line);
      continue;
    }
    if (previous && line.id === previous.id + 1) expect(line.prev_hash).toBe(previous.hash);
    // In chain order, and a row after a checkpoint at the row before it links to its hash.
    if (previous) expect(line.id).toBeGreaterThan(previous.id);
    const cp = checkpoints.at(-1);
    if (cp && cp.head_id === line.id - 1) expect(line.prev_hash).toBe(cp.head_hash);
    audit.push(line);
    previous = line;
  }
  return { audit, checkpoints };
}

/** Each frame's header and structured data against the JSON line it carries. */
function checkFrame(f: SyslogFrame): Line {
  expect(f.version).toBe(1);
  expect(f.appName).toBe('hub');
  expect(f.procId).toMatch(/^\d+$/);
  expect(f.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const line = JSON.parse(f.msg) as Line;
  if (line.record === 'audit') {
    expect(f.msgId).toBe(line.event_type);
    expect(f.sd['audit@32473']).toEqual({ id: String(line.id), hash: line.hash, prev_hash: line.prev_hash });
    const severity = { critical: 2, high: 3, medium: 4, low: 5, info: 6 }[line.severity] ?? 5;
    expect(f.pri).toBe(13 * 8 + severity);
  } else {
    expect(f.msgId).toBe('audit_checkpoint');
    expect(f.sd['checkpoint@32473']).toEqual({
      sink: line.sink_id,
      head_id: String(line.head_id),
      head_hash: line.head_hash,
      mac: line.mac,
    });
  }
  return line;
}

/** The id of the last audit record a syslog listener has read: TCP hands frames over after the hub's write returns. */
function lastReceivedId(listener: SyslogListener): number {
  const ids = listener.frames.filter((f) => f.sd['audit@32473']).map((f) => Number(f.sd['audit@32473'].id));
  return ids.length ? Math.max(...ids) : 0;
}

const deactivations = (n: number): AuditEvent[] =>
  Array.from({ length: n }, () => ({
    type: 'user_deactivated' as const,
    details: { target_user_id: randomUUID(), sessions_revoked: 0 },
  }));

describe.each(TEST_DATABASES)('SIEM sinks [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  const cert = makeServerCert();
  let worker: SiemWorker;
  let listener: SyslogListener | undefined;

  beforeEach(() => {
    worker = createSiemWorker(t.hub, { batch: 25, checkpointEvery: 40, log: () => {} });
  });
  afterEach(async () => {
    await worker.stop();
    await listener?.close();
    listener = undefined;
    await t.hub.db.delete(auditSinks);
  });

  async function admin() {
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    return t.client.asBrowser(cookie);
  }

  async function createSink(body: Record<string, unknown>) {
    const res = await (await admin()).post('/api/admin/audit-sinks', { body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { sink: { id: string }; checkpoint_key: string };
  }

  const headId = async () => {
    const rows = await t.hub.db.select({ id: auditLogs.id }).from(auditLogs);
    return Math.max(...rows.map((r) => r.id));
  };

  it('streams every audit row over TLS as RFC 5424 octet-counted frames; the receiver verifies the chain and the checkpoints', async () => {
    listener = await startSyslogListener(cert);
    const { sink, checkpoint_key } = await createSink({
      kind: 'syslog-tls',
      target: `127.0.0.1:${listener.port}`,
      ca_pem: cert.cert,
      name: 'SOC "main" \\ [rsyslog]',
    });
    expect(checkpoint_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await (await admin()).get(`/api/admin/audit-sinks/${sink.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(checkpoint_key);
    expect(read.json().sink.lag_rows).toBeGreaterThan(0);

    await t.hub.audit.record(deactivations(60));
    await worker.runOnce();
    const head = await headId();
    await expect.poll(() => lastReceivedId(listener!)).toBe(head);
    expect(listener.errors).toEqual([]);
    const lines = listener.frames.map(checkFrame);
    const { audit, checkpoints } = verifyStream(lines, sink.id, checkpoint_key);
    // Every row, from the first on, without a gap.
    expect(audit.map((a) => a.id)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    expect(checkpoints.length).toBeGreaterThanOrEqual(1);

    // Nothing new: nothing sent; after the checkpoint interval, a checkpoint alone closes the stream at the head.
    const before = listener.frames.length;
    await worker.runOnce();
    expect(listener.frames.length).toBe(before);
    t.clock.advance(CHECKPOINT_INTERVAL_MS);
    // The sink's own rows (its creation, the admin's sign-in) came after the first pass: they go, then the checkpoint.
    await worker.runOnce();
    await expect.poll(() => listener!.frames.at(-1)?.msgId).toBe('audit_checkpoint');
    const all = verifyStream(listener.frames.map(checkFrame), sink.id, checkpoint_key);
    const last = all.checkpoints.at(-1)!;
    expect(last.head_id).toBe(await headId());
    expect(listener.frames.at(-1)?.msgId).toBe('audit_checkpoint');

    const view = await (await admin()).get(`/api/admin/audit-sinks/${sink.id}`);
    expect(view.json().sink).toMatchObject({ lag_rows: expect.any(Number), last_error: null, failure_streak: 0 });
    const metrics = await t.hub.metrics.scrape();
    expect(metrics).toMatch(new RegExp(`hub_audit_sink_lag_rows\\{sink="${sink.id}"\\} \\d+`));

    // Issue 46: the checkpoint key rotated — answered once, audited without it; the next checkpoints use it.
    const as = await admin();
    const rotated = await as.post(`/api/admin/audit-sinks/${sink.id}/rotate-checkpoint-key`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().checkpoint_key as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(checkpoint_key);
    expect((await as.get(`/api/admin/audit-sinks/${sink.id}`)).body).not.toContain(fresh);
    const [audited] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'audit_sink_key_rotated'));
    expect(audited.details).toMatchObject({ sink_id: sink.id, key_generation: 2 });
    expect(JSON.stringify(audited)).not.toContain(fresh);
    const seen = listener.frames.length;
    await t.hub.audit.record(deactivations(5));
    t.clock.advance(CHECKPOINT_INTERVAL_MS);
    await worker.runOnce();
    await expect.poll(() => listener!.frames.slice(seen).at(-1)?.msgId).toBe('audit_checkpoint');
    const after = listener.frames.slice(seen).map(checkFrame);
    expect(verifyStream(after, sink.id, fresh).checkpoints.length).toBeGreaterThanOrEqual(1);
    expect(() => verifyStream(after, sink.id, checkpoint_key)).toThrow();
    const { cookie } = await signedInUser(t.hub);
    const stranger = await t.client.asBrowser(cookie).post(`/api/admin/audit-sinks/${sink.id}/rotate-checkpoint-key`);
    expect(stranger.statusCode).toBe(403);
    expect((await as.post(`/api/admin/audit-sinks/${randomUUID()}/rotate-checkpoint-key`)).statusCode).toBe(404);
  });

  it('a listener that is down, then back, gets everything from the cursor on; its failure shows in GET and /metrics', async () => {
    listener = await startSyslogListener(cert);
    const port = listener.port;
    const { sink, checkpoint_key } = await createSink({
      kind: 'syslog-tls',
      target: `127.0.0.1:${port}`,
      ca_pem: cert.cert,
    });
    await worker.runOnce();
    const firstHead = await headId();
    await expect.poll(() => lastReceivedId(listener!)).toBe(firstHead);
    expect(verifyStream(listener.frames.map(checkFrame), sink.id, checkpoint_key).audit.at(-1)?.id).toBe(firstHead);

    // The listener goes away: the hub sees its connection close, and the next pass cannot connect.
    await listener.close();
    await expect.poll(() => worker.openConnections()).toEqual([]);
    await t.hub.audit.record(deactivations(30));
    await worker.runOnce();
    const failed = (await (await admin()).get(`/api/admin/audit-sinks/${sink.id}`)).json().sink;
    expect(failed).toMatchObject({ failure_streak: 1, last_error: expect.stringContaining('ECONNREFUSED') });
    expect(failed.last_audit_id).toBe(firstHead);
    expect(failed.lag_rows).toBeGreaterThanOrEqual(30);
    expect(await t.hub.metrics.scrape()).toContain(`hub_audit_sink_failures_total{sink="${sink.id}"} 1`);

    // Back on the same port: not before the backoff, then everything after the cursor, in order.
    listener = await startSyslogListener(cert, port);
    await worker.runOnce();
    expect(listener.frames).toHaveLength(0);
    t.clock.advance(5_000);
    await worker.runOnce();
    const head = await headId();
    await expect.poll(() => lastReceivedId(listener!)).toBe(head);
    const { audit } = verifyStream(listener.frames.map(checkFrame), sink.id, checkpoint_key);
    expect(audit[0].id).toBe(firstHead + 1);
    expect(audit.map((a) => a.id)).toEqual(Array.from({ length: head - firstHead }, (_, i) => firstHead + 1 + i));
    const after = (await (await admin()).get(`/api/admin/audit-sinks/${sink.id}`)).json().sink;
    expect(after).toMatchObject({ failure_streak: 0, last_error: null });
  });

  it('filters by event type and severity; filtered rows still move the cursor, checkpoints cover the gaps', async () => {
    listener = await startSyslogListener(cert);
    const other = await startSyslogListener(cert);
    try {
      const high = await createSink({
        kind: 'syslog-tls',
        target: `127.0.0.1:${listener.port}`,
        ca_pem: cert.cert,
        min_severity: 'high',
      });
      const typed = await createSink({
        kind: 'syslog-tls',
        target: `127.0.0.1:${other.port}`,
        ca_pem: cert.cert,
        event_types: ['user_deactivated'],
      });
      await t.hub.audit.record(deactivations(45));
      await worker.runOnce();
      const head = await headId();
      // Each stream ends with a checkpoint at the head (the last batch passes the checkpoint interval of 40 rows).
      for (const l of [listener, other]) {
        await expect.poll(() => l.frames.at(-1)?.sd['checkpoint@32473']?.head_id).toBe(String(head));
      }
      const highOnly = verifyStream(listener.frames.map(checkFrame), high.sink.id, high.checkpoint_key);
      expect(highOnly.audit.length).toBeGreaterThan(0);
      expect(highOnly.audit.every((a) => ['high', 'critical'].includes(a.severity))).toBe(true);
      const typedOnly = verifyStream(other.frames.map(checkFrame), typed.sink.id, typed.checkpoint_key);
      // Every deactivation in the log (earlier tests' too: a sink starts at the beginning), and nothing else.
      const deactivatedIds = (await t.hub.db.select().from(auditLogs))
        .filter((r) => r.eventType === 'user_deactivated')
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(typedOnly.audit.map((a) => a.id)).toEqual(deactivatedIds);
      // The last 45 are consecutive rows: their chain links end to end.
      expect(typedOnly.audit.at(-1)!.id - typedOnly.audit.at(-45)!.id).toBe(44);
      for (const s of [highOnly, typedOnly]) expect(s.checkpoints.at(-1)?.head_id).toBe(head);
      const views = (await (await admin()).get('/api/admin/audit-sinks')).json().sinks as {
        id: string;
        last_audit_id: number;
      }[];
      expect(views.find((v) => v.id === high.sink.id)?.last_audit_id).toBe(head);
      expect(views.find((v) => v.id === typed.sink.id)?.last_audit_id).toBe(head);
    } finally {
      await other.close();
    }
  });

  it('two workers (two nodes) share a sink one at a time: every row once, none twice', async () => {
    listener = await startSyslogListener(cert);
    const { sink, checkpoint_key } = await createSink({
      kind: 'syslog-tls',
      target: `127.0.0.1:${listener.port}`,
      ca_pem: cert.cert,
    });
    const second = createSiemWorker(t.hub, { batch: 25, checkpointEvery: 40, log: () => {} });
    try {
      await t.hub.audit.record(deactivations(80));
      await Promise.all([worker.runOnce(), second.runOnce()]);
      const head = await headId();
      await expect.poll(() => lastReceivedId(listener!)).toBe(head);
      const { audit } = verifyStream(listener.frames.map(checkFrame), sink.id, checkpoint_key);
      expect(audit.map((a) => a.id)).toEqual(Array.from({ length: head }, (_, i) => i + 1));
    } finally {
      await second.stop();
    }
  });

  it('an https sink POSTs ndjson batches with its auth header, verified against a private CA', async () => {
    const receiver = await startNdjsonReceiver(cert);
    try {
      const { sink, checkpoint_key } = await createSink({
        kind: 'https',
        target: receiver.url,
        ca_pem: cert.cert,
        auth_header: 'Authorization: Bearer siem-ingest-token-1',
      });
      const read = await (await admin()).get(`/api/admin/audit-sinks/${sink.id}`);
      expect(read.body).not.toContain('siem-ingest-token-1');
      expect(read.json().sink.has_auth_header).toBe(true);
      const head = await headId();
      await t.hub.audit.record(deactivations(10));
      // Issue 43: a second writer (another node) appends to a chain of its own; the sink delivers
      // each chain in its order, each batch of it closed by a checkpoint of the head it reached.
      // (This file moves its clock far ahead: the hub's own lease is renewed here as its timer would.)
      await t.hub.db
        .update(auditWriters)
        .set({ leaseUntil: new Date(t.clock.now().getTime() + 3_600_000) })
        .where(eq(auditWriters.chainId, t.hub.audit.writer.chainId()!));
      const otherNode = createAuditLog(t.hub.database, t.clock.now, t.hub.config.masterKey!);
      await otherNode.record(deactivations(3));
      await worker.runOnce();
      expect(receiver.batches.length).toBeGreaterThan(0);
      for (const b of receiver.batches) {
        expect(b.contentType).toBe('application/x-ndjson');
        expect(b.authorization).toBe('Bearer siem-ingest-token-1');
      }
      const { audit, checkpoints } = verifyStream(
        receiver.batches.flatMap((b) => b.lines as unknown as Line[]),
        sink.id,
        checkpoint_key,
      );
      const chain1 = [1, 2, 3, 4].map((seq) => CHAIN_SPAN + seq);
      expect(audit.map((a) => a.id)).toEqual([...Array.from({ length: head + 10 }, (_, i) => i + 1), ...chain1]);
      expect(checkpoints.at(-1)!.head_id).toBe(chain1.at(-1));
    } finally {
      await receiver.close();
    }
  });

  it('changes are audited; bad input is a 400 that changes nothing; only admins', async () => {
    const as = await admin();
    const { sink } = await createSink({ kind: 'syslog-tls', target: '127.0.0.1:6514' });
    expect((await as.patch(`/api/admin/audit-sinks/${sink.id}`, { body: { min_severity: 'medium' } })).statusCode).toBe(
      200,
    );
    expect(
      (await as.post('/api/admin/audit-sinks', { body: { kind: 'syslog-tls', target: 'no-port' } })).statusCode,
    ).toBe(400);
    expect(
      (
        await as.post('/api/admin/audit-sinks', {
          body: { kind: 'syslog-tls', target: '127.0.0.1:6514', ca_pem: '-----BEGIN CERTIFICATE-----\nxx' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as.post('/api/admin/audit-sinks', {
          body: { kind: 'syslog-tls', target: '127.0.0.1:6514', auth_header: 'X-A: b' },
        })
      ).statusCode,
    ).toBe(400);
    // Issue 46: a misspelt or made-up type is refused by name (it would have filtered everything out).
    const misspelt = await as.post('/api/admin/audit-sinks', {
      body: {
        kind: 'syslog-tls',
        target: '127.0.0.1:6514',
        event_types: ['user_deactivated', 'user_deactivatd', 'totally_made_up'],
      },
    });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.body).toContain('unknown event types: user_deactivatd, totally_made_up');
    const patched = await as.patch(`/api/admin/audit-sinks/${sink.id}`, {
      body: { event_types: ['app_startup', 'nope_x'] },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.body).toContain('nope_x');
    expect((await as.get(`/api/admin/audit-sinks/${sink.id}`)).json().sink.event_types).toEqual([]);
    expect((await as.delete(`/api/admin/audit-sinks/${sink.id}`)).statusCode).toBe(200);
    expect((await as.get(`/api/admin/audit-sinks/${sink.id}`)).statusCode).toBe(404);
    const types = (await t.hub.db.select({ type: auditLogs.eventType }).from(auditLogs)).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['audit_sink_created', 'audit_sink_updated', 'audit_sink_deleted']));
    expect(await t.hub.db.select().from(auditSinks)).toHaveLength(0);
    const { cookie } = await signedInUser(t.hub);
    expect((await t.client.asBrowser(cookie).get('/api/admin/audit-sinks')).statusCode).toBe(403);
  });
});

describe('the checkpoint key of a sink (issue 38: through crypto/keyed-mac.ts)', () => {
  it('is the key receivers were given before, and the checkpoint MAC is the HMAC they compute with it', () => {
    const master = randomBytes(32);
    const sinkId = randomUUID();
    const key = deriveSubkey(master, `ecosystem-hub/audit-sink-checkpoint/v1/${sinkId}`);
    expect(checkpointKey(master, sinkId)).toEqual(key);
    expect(sinkCheckpointMac(master, sinkId, 7, 'abc')).toBe(
      createHmac('sha256', key).update(`${sinkId}.7.abc`).digest('base64url'),
    );
    expect(checkpointKey(master, randomUUID())).not.toEqual(key);
    // A rotation moves the sink to the next generation's label; the first stays as it was.
    const second = deriveSubkey(master, `ecosystem-hub/audit-sink-checkpoint/v1/${sinkId}/2`);
    expect(checkpointKey(master, sinkId, 2)).toEqual(second);
    expect(sinkCheckpointMac(master, sinkId, 7, 'abc', 2)).toBe(
      createHmac('sha256', second).update(`${sinkId}.7.abc`).digest('base64url'),
    );
  });
});

describe('RFC 5424 messages of a sink', () => {
  it('escapes ", \\ and ] in SD-PARAM values and frames by octet count (UTF-8 bytes, not characters)', () => {
    expect(escapeSdValue('a"b\\c]d')).toBe('a\\"b\\\\c\\]d');
    const message = syslogMessage(
      { record: 'checkpoint', sink_id: 'x"]\\y', head_id: 7, head_hash: 'h', at: '2026-01-01T00:00:00.000Z', mac: 'm' },
      { hostname: 'node é 1', procId: '42' },
    );
    const frame = octetCounted(message);
    const space = frame.indexOf(0x20);
    expect(Number(frame.subarray(0, space).toString())).toBe(frame.length - space - 1);
    const parsed = parseRfc5424(frame.subarray(space + 1).toString('utf8'));
    expect(parsed).toMatchObject({ pri: 13 * 8 + 6, version: 1, hostname: 'node1', appName: 'hub', procId: '42' });
    expect(parsed.sd['checkpoint@32473'].sink).toBe('x"]\\y');
    expect(JSON.parse(parsed.msg)).toMatchObject({ sink_id: 'x"]\\y', head_id: 7 });
  });
});

describe.each(TEST_DATABASES)('SIEM sink targets without HUB_OUTBOUND_ALLOW_PRIVATE [%s]', (kind) => {
  const t = useTestHub(kind);
  let listener: SyslogListener;
  const cert = makeServerCert();
  beforeAll(async () => {
    listener = await startSyslogListener(cert);
  });
  afterAll(async () => {
    await listener.close();
  });

  it('refuses loopback targets in every spelling at registration, and stores nothing', async () => {
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    const as = t.client.asBrowser(cookie);
    const targets = [
      { kind: 'syslog-tls', target: `127.0.0.1:${listener.port}` },
      { kind: 'syslog-tls', target: `localhost:${listener.port}` },
      { kind: 'syslog-tls', target: `[::1]:${listener.port}` },
      { kind: 'syslog-tls', target: `[::ffff:127.0.0.1]:${listener.port}` },
      { kind: 'https', target: `https://127.0.0.1:${listener.port}/x` },
      { kind: 'https', target: `https://2130706433:${listener.port}/x` },
      { kind: 'https', target: `https://0x7f.1:${listener.port}/x` },
    ];
    for (const body of targets) {
      const res = await as.post('/api/admin/audit-sinks', { body });
      expect(res.statusCode, `${body.target}: ${res.body}`).toBe(400);
      expect(res.body).toMatch(/loopback/);
    }
    expect(await t.hub.db.select().from(auditSinks)).toHaveLength(0);
    expect(listener.frames).toHaveLength(0);
  });
});
