import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../src/server/config';
import { createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { closeHub, createHub } from '../../../src/server/create-hub';
import type { Hub } from '../../../src/server/hub';
import type { AuditEvent } from '../../../src/server/audit/record';
import { webhookDeliveries, webhookEndpoints } from '../../../src/server/db/schema/index';
import { claimDueDeliveries } from '../../../src/server/events/delivery/queries';
import {
  createDeliveryWorker,
  DELIVERY_LOG_DAYS,
  LEASE_MS,
  leaseMs,
  outcomeOf,
  RETRY_SCHEDULE_S,
  SEND_TIMEOUT_MS,
} from '../../../src/server/events/delivery/worker';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Issue 30, the outbox's durability: two nodes share the deliveries without sending one twice at
 * once (FOR UPDATE SKIP LOCKED), a node that dies mid-delivery loses nothing (the claim's lease
 * runs out and another node sends it, with the same webhook-id), and stopping a worker (the drain)
 * waits for the delivery in flight to be recorded.
 */
describe.each(TEST_DATABASES)('the delivery worker [%s]', (kind) => {
  let a: TestHub;
  let b: Hub;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    a = await createTestHub(kind, { config: { outboundAllowPrivate: true } });
    // Node B: the same database and clock; on PGlite the same handle (one process owns it).
    b = await createHub({
      config: a.hub.config,
      skipMigrations: true,
      clock: a.clock.now,
      ...(kind === 'pglite' ? { database: a.hub.database } : {}),
    });
  });
  afterAll(async () => {
    if (kind === 'pglite') await b?.revocations.stop();
    else if (b) await closeHub(b);
    await a?.close();
  });
  beforeEach(async () => {
    receiver = await startWebhookReceiver({ now: () => a.clock.now() });
  });
  afterEach(async () => {
    await receiver.close();
    await a.hub.db.delete(webhookEndpoints);
  });

  async function register(events: string[]) {
    const { cookie } = await signedInUser(a.hub, ['platform_admin']);
    const res = await a.client.asBrowser(cookie).post('/api/admin/webhooks', {
      body: { url: receiver.url, events },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json() as { webhook: { id: string }; secret: string };
    receiver.secrets.push(secret);
    await Promise.all([a.hub.outbox.refresh(), b.outbox.refresh()]);
    return webhook.id;
  }

  /** `n` deactivations as the admin service records them, committed in one append. */
  function deactivations(n: number): AuditEvent[] {
    return Array.from({ length: n }, () => ({
      type: 'user_deactivated' as const,
      details: { target_user_id: randomUUID(), sessions_revoked: 0 },
    }));
  }

  it('two nodes deliver 300 events together, each exactly once while the receiver answers', async () => {
    const endpoint = await register(['user.deactivated']);
    await a.hub.audit.record(deactivations(150));
    await b.audit.record(deactivations(150));
    const workers = [createDeliveryWorker(a.hub, { batch: 20 }), createDeliveryWorker(b, { batch: 20 })];
    const counts = await Promise.all(workers.map((w) => w.runOnce()));
    expect(counts[0] + counts[1]).toBe(300);
    // On PostgreSQL both nodes take part (each has its own background connection).
    if (kind === 'postgres') expect(Math.min(...counts)).toBeGreaterThan(0);
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toHaveLength(300);
    expect(receiver.received.every((r) => r.verified?.type === 'user.deactivated')).toBe(true);
    const rows = await a.hub.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint));
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it('a node hears another node’s endpoint change and writes the events it now has a subscriber for', async () => {
    // Both nodes know nobody subscribes to session.revoked: B's events of that type write nothing.
    await register(['user.deactivated']);
    const revoked = (): AuditEvent => ({
      type: 'session_revoked',
      details: { revoked_session_id: randomUUID(), owner_user_id: null, by: 'admin' },
    });
    await b.audit.record(revoked());
    expect(await a.hub.db.select().from(webhookDeliveries)).toHaveLength(0);

    // A registers a subscriber; B hears it through hub.revocations, and its next event is written.
    const heard = new Promise<void>((resolve) => {
      const stop = b.revocations.subscribe((_, m) => {
        if (m.kind !== 'webhooks') return;
        stop();
        resolve();
      });
    });
    const { cookie } = await signedInUser(a.hub, ['platform_admin']);
    const res = await a.client.asBrowser(cookie).post('/api/admin/webhooks', {
      body: { url: receiver.url, events: ['session.revoked'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await heard;
    await b.audit.record(revoked());
    const rows = await a.hub.db.select().from(webhookDeliveries);
    expect(rows.map((r) => r.eventType)).toEqual(['session.revoked']);
  });

  it('a delivery claimed by a node that died is sent by another once the lease runs out, with the same webhook-id', async () => {
    await register(['user.deactivated']);
    await a.hub.audit.record(deactivations(1));
    // Node A claims and dies before sending: nothing records the outcome.
    const now = a.clock.now();
    const [claimed] = await claimDueDeliveries(a.hub.db, now, new Date(now.getTime() + LEASE_MS), 10);
    expect(claimed.delivery.attempts).toBe(1);

    const survivor = createDeliveryWorker(b);
    expect(await survivor.runOnce()).toBe(0);
    a.clock.advance(LEASE_MS);
    expect(await survivor.runOnce()).toBe(1);
    expect(receiver.received.map((r) => r.id)).toEqual([claimed.delivery.eventId]);
  });

  it('stopping the worker (the drain) waits for the delivery in flight and records it', async () => {
    const endpoint = await register(['user.deactivated']);
    let release!: () => void;
    receiver.gate = new Promise((resolve) => (release = resolve));
    const worker = createDeliveryWorker(a.hub);
    worker.start();
    await a.hub.audit.record(deactivations(1));
    await expect.poll(() => receiver.received.length).toBe(1);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // The receiver has not answered: the stop is still waiting for the outcome.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const [row] = await a.hub.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint));
    expect(row).toMatchObject({ status: 'delivered', lastStatusCode: 200 });

    // Stopped means stopped: a new event waits for another node.
    await a.hub.audit.record(deactivations(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(receiver.received).toHaveLength(1);
  });
});

describe.each(TEST_DATABASES)('the delivery log [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });

  it(`keeps finished deliveries ${DELIVERY_LOG_DAYS} days, and pending ones until they are sent`, async () => {
    const receiver = await startWebhookReceiver({ now: () => t.clock.now() });
    try {
      const { cookie } = await signedInUser(t.hub, ['platform_admin']);
      const res = await t.client.asBrowser(cookie).post('/api/admin/webhooks', {
        body: { url: receiver.url, events: ['user.deactivated'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      await t.hub.outbox.refresh();
      receiver.answers.push(200, 500);
      await t.hub.audit.record(
        [0, 1].map(() => ({
          type: 'user_deactivated' as const,
          details: { target_user_id: randomUUID(), sessions_revoked: 0 },
        })),
      );
      const worker = createDeliveryWorker(t.hub, { random: () => 0.5 });
      await worker.runOnce();
      t.clock.advance((DELIVERY_LOG_DAYS - 1) * 86_400_000);
      expect(await worker.prune()).toBe(0);
      t.clock.advance(2 * 86_400_000);
      expect(await worker.prune()).toBe(1);
      const left = await t.hub.db.select().from(webhookDeliveries);
      expect(left.map((d) => d.status)).toEqual(['pending']);
    } finally {
      await receiver.close();
    }
  });
});

describe('what an answer means for a delivery', () => {
  const at = new Date('2026-11-21T12:00:00Z');
  const answer = (statusCode: number | null) => ({
    statusCode,
    latencyMs: 5,
    error: statusCode ? null : 'ECONNREFUSED',
  });
  it.each([
    [200, 1, 'delivered', null],
    [204, 3, 'delivered', null],
    [301, 1, 'pending', null],
    [400, 1, 'pending', null],
    [429, 2, 'pending', null],
    [500, 1, 'pending', null],
    [null, 1, 'pending', null],
    [410, 1, 'failed', 'gone'],
    [500, RETRY_SCHEDULE_S.length + 1, 'failed', 'failing'],
  ] as const)('%s on attempt %i: %s (disable: %s)', (code, attempts, status, disable) => {
    expect(outcomeOf(answer(code), attempts, at, () => 0.5)).toMatchObject({ status, disable });
  });

  it('backs off exponentially with ±10 % jitter, over more than 24 hours', () => {
    const delays = RETRY_SCHEDULE_S.map((_, i) => outcomeOf(answer(500), i + 1, at, () => 1).nextAttemptAt!);
    const seconds = delays.map((d) => (d.getTime() - at.getTime()) / 1000);
    expect(seconds).toEqual(RETRY_SCHEDULE_S.map((s) => Math.round(s * 1000 * 1.1) / 1000));
    expect(RETRY_SCHEDULE_S.reduce((x, y) => x + y, 0) * 0.9).toBeGreaterThan(24 * 3600);
    const early = outcomeOf(answer(500), 1, at, () => 0).nextAttemptAt!;
    expect(early.getTime() - at.getTime()).toBe(4_500);
  });

  it('HUB_WEBHOOK_RETRY_SCALE shrinks the whole schedule (tests), not the number of attempts', () => {
    const scaled = RETRY_SCHEDULE_S.map((_, i) => outcomeOf(answer(500), i + 1, at, () => 0.5, 0.01).nextAttemptAt!);
    expect(scaled.map((d) => d.getTime() - at.getTime())).toEqual(RETRY_SCHEDULE_S.map((s) => Math.round(s * 10)));
    expect(outcomeOf(answer(500), RETRY_SCHEDULE_S.length + 1, at, () => 0.5, 0.01)).toMatchObject({
      disable: 'failing',
    });
    expect(loadConfig({ HUB_WEBHOOK_RETRY_SCALE: '0.005' }).webhookRetryScale).toBe(0.005);
    expect(loadConfig({}).webhookRetryScale).toBe(1);
    expect(() => loadConfig({ HUB_WEBHOOK_RETRY_SCALE: '2' })).toThrow(/HUB_WEBHOOK_RETRY_SCALE/);
  });

  it('the lease shrinks with the schedule, never below two send timeouts (an attempt in flight is never claimed again)', () => {
    expect(leaseMs()).toBe(LEASE_MS);
    expect(leaseMs(1)).toBe(60_000);
    expect(leaseMs(0.5)).toBe(30_000);
    expect(leaseMs(0.005)).toBe(2 * SEND_TIMEOUT_MS);
    expect(leaseMs(0.005)).toBeGreaterThan(SEND_TIMEOUT_MS);
  });
});
