import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser, sessionCookieFor, createUser } from '../../helpers/fixtures';
import { countStatements } from '../../helpers/count-statements';
import { registerClient } from '../oauth/oauth-helpers';
import {
  auditLogs,
  organizationMembers,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../src/server/db/schema/index';
import {
  createDeliveryWorker,
  RETRY_SCHEDULE_S,
  type DeliveryWorker,
} from '../../../src/server/events/delivery/worker';
import { createWebhook } from '../../../src/server/events/webhooks/service';
import type { Resolver } from '../../../src/server/net/outbound';
import { systemActor } from '../../../src/server/actor';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';

/**
 * Issue 30, webhooks end to end: a change made through the API commits its event with it, the
 * worker delivers it to a receiver on 127.0.0.1 that verifies every delivery with the
 * `standardwebhooks` package, and failures follow the retry schedule on the hub's test clock.
 */
describe.each(TEST_DATABASES)('webhooks [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let receiver: WebhookReceiver;
  let worker: DeliveryWorker;
  let logged: string[];

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ now: () => t.clock.now() });
    logged = [];
    worker = createDeliveryWorker(t.hub, { random: () => 0.5, log: (line) => logged.push(line) });
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.close();
    // Each test's endpoints only: a later test's events must not fan out to them.
    await t.hub.db.delete(webhookEndpoints);
    await t.hub.outbox.refresh();
  });

  async function admin() {
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    return t.client.asBrowser(cookie);
  }

  /** Registers the receiver for `events`; answers the endpoint and its secret (shown this once). */
  async function register(events: string[], extra: Record<string, unknown> = {}) {
    const res = await (await admin()).post('/api/admin/webhooks', { body: { url: receiver.url, events, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json() as { webhook: { id: string }; secret: string };
    receiver.secrets.push(secret);
    return { id: webhook.id, secret };
  }

  async function deactivate(userId: string) {
    const res = await (await admin()).patch(`/api/admin/users/${userId}`, { body: { is_active: false } });
    expect(res.statusCode, res.body).toBe(200);
  }

  const deliveriesOf = (endpointId: string) =>
    t.hub.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

  it('a deactivated user is delivered as user.deactivated, signed as Standard Webhooks says; the secret is shown once', async () => {
    const endpoint = await register(['user.deactivated']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = await (await admin()).get(`/api/admin/webhooks/${endpoint.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(endpoint.secret.slice(6));
    expect(read.body).not.toContain('secret_enc');

    const user = await createUser(t.hub);
    await deactivate(user.id);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ eventType: 'user.deactivated', status: 'pending', attempts: 0 });

    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.error).toBeNull();
    expect(got.id).toBe(row.eventId);
    expect(got.timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(got.verified).toMatchObject({
      type: 'user.deactivated',
      timestamp: expect.any(String),
      data: { user_id: user.id, sessions_revoked: expect.any(Number) },
    });

    const log = await (await admin()).get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().deliveries[0]).toMatchObject({
      event_type: 'user.deactivated',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_latency_ms: expect.any(Number),
      payload: { type: 'user.deactivated', data: { user_id: user.id } },
    });
  });

  it('counts the deliveries still owed to an endpoint for its delete confirmation (admins only)', async () => {
    const { id } = await register(['user.deactivated']);
    const as = await admin();
    expect((await as.get(`/api/admin/webhooks/${id}/deletion-impact`)).json()).toEqual({ pending_deliveries: 0 });
    await deactivate((await createUser(t.hub)).id);
    await deactivate((await createUser(t.hub)).id);
    // The worker is not run: both deliveries are still owed.
    const impact = await as.get(`/api/admin/webhooks/${id}/deletion-impact`);
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toEqual({ pending_deliveries: 2 });
    const user = (await signedInUser(t.hub)).cookie;
    expect((await t.client.get(`/api/admin/webhooks/${id}/deletion-impact`, { cookie: user })).statusCode).toBe(403);
    const unknown = '/api/admin/webhooks/00000000-0000-4000-8000-000000000000/deletion-impact';
    expect((await as.get(unknown)).statusCode).toBe(404);
  });

  it('a revoked session is delivered as session.revoked; events nobody subscribed to write nothing', async () => {
    const endpoint = await register(['session.revoked']);
    const { user, cookie } = await signedInUser(t.hub);
    const sessions = await t.client.asBrowser(cookie).get('/api/me/sessions');
    expect(sessions.statusCode, sessions.body).toBe(200);
    const sessionId = (sessions.json() as { sessions: { id: string }[] }).sessions[0].id;

    // Deactivation is not subscribed: no row for it, on any endpoint.
    const other = await createUser(t.hub);
    await deactivate(other.id);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);

    const res = await (await admin()).post(`/api/admin/auth-sessions/${sessionId}/revoke`, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    await worker.runOnce();
    expect(receiver.received.map((r) => r.verified?.type)).toEqual(['session.revoked']);
    expect(receiver.received[0].verified?.data).toEqual({ session_id: sessionId, user_id: user.id, by: 'admin' });
  });

  it('organization changes are delivered as org.created, org.member_added, org.member_role_changed and org.member_removed', async () => {
    await register(['org.created', 'org.member_added', 'org.member_role_changed', 'org.member_removed']);
    const owner = await signedInUser(t.hub);
    const created = await t.client
      .asBrowser(owner.cookie)
      .post('/api/orgs', { body: { name: 'Acme Hiring', slug: 'acme-hooks' } });
    expect(created.statusCode, created.body).toBe(201);
    const orgId = (created.json() as { organization: { id: string } }).organization.id;
    // A second member, as an invitation's acceptance would add one (invitations.test.ts covers that path).
    const recruiter = await createUser(t.hub);
    const joinedAt = t.clock.now();
    await t.hub.db
      .insert(organizationMembers)
      .values({ orgId, userId: recruiter.id, roles: ['member'], joinedVia: 'admin', joinedAt });
    const as = t.client.asBrowser(owner.cookie);
    expect(
      (await as.patch(`/api/orgs/${orgId}/members/${recruiter.id}`, { body: { roles: ['admin'] } })).statusCode,
    ).toBe(200);
    expect((await as.delete(`/api/orgs/${orgId}/members/${recruiter.id}`)).statusCode).toBe(200);

    while ((await worker.runOnce()) > 0);
    const got = receiver.received.map((r) => r.verified);
    expect(got.map((e) => e?.type)).toEqual(
      expect.arrayContaining(['org.created', 'org.member_added', 'org.member_role_changed', 'org.member_removed']),
    );
    expect(got.find((e) => e?.type === 'org.created')?.data).toEqual({
      org_id: orgId,
      slug: 'acme-hooks',
      name: 'Acme Hiring',
    });
    expect(got.find((e) => e?.type === 'org.member_added')?.data).toMatchObject({
      org_id: orgId,
      user_id: owner.user.id,
      roles: ['owner'],
    });
    expect(got.find((e) => e?.type === 'org.member_role_changed')?.data).toEqual({
      org_id: orgId,
      user_id: recruiter.id,
      from: ['member'],
      to: ['admin'],
    });
    expect(got.find((e) => e?.type === 'org.member_removed')?.data).toEqual({
      org_id: orgId,
      user_id: recruiter.id,
      by: 'admin',
    });
  });

  it('a client-scoped endpoint gets that client’s events only', async () => {
    const a = await registerClient(t);
    const b = await registerClient(t);
    await register(['client.updated'], { client_id: a.client_id });
    const client = await admin();
    for (const c of [a, b]) {
      const res = await client.patch(`/api/admin/oauth-clients/${c.id}`, { body: { is_active: false } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await worker.runOnce();
    expect(receiver.received.map((r) => r.verified?.data.client_id)).toEqual([a.client_id]);
    const unknown = await client.post('/api/admin/webhooks', {
      body: { url: receiver.url, events: ['client.updated'], client_id: 'no-such-client' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('client_id');
    expect(receiver.received[0].verified).toMatchObject({ type: 'client.updated', data: { change: 'deactivated' } });
  });

  it('during a rotation both signatures are sent and each secret verifies; after the overlap only the new one', async () => {
    const endpoint = await register(['user.deactivated']);
    const old = endpoint.secret;
    const rotated = await (await admin()).post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, { body: {} });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = (rotated.json() as { secret: string }).secret;
    expect(fresh).not.toBe(old);
    expect(rotated.json().webhook.previous_secret_valid_until).toEqual(expect.any(String));
    receiver.secrets.push(fresh);

    await deactivate((await createUser(t.hub)).id);
    await worker.runOnce();
    expect(receiver.received[0].signatures).toHaveLength(2);
    expect(receiver.received[0].verifiedWith).toEqual([old, fresh]);

    t.clock.advance(25 * 3_600_000);
    await deactivate((await createUser(t.hub)).id);
    await worker.runOnce();
    expect(receiver.received[1].signatures).toHaveLength(1);
    expect(receiver.received[1].verifiedWith).toEqual([fresh]);
  });

  it('a receiver that answers 500 and then recovers gets every event, retried on the schedule with the same webhook-id', async () => {
    const endpoint = await register(['user.deactivated']);
    const users = [await createUser(t.hub), await createUser(t.hub), await createUser(t.hub)];
    for (const u of users) await deactivate(u.id);
    receiver.answers.push(500, 500, 500, 503, 503, 503);
    // Its error page echoes the request's signature header: the log keeps the words, never the signature.
    receiver.answerBody = (r) => `Internal error\r\nwhile handling ${r.signatures[0]}; database unavailable`;

    expect(await worker.runOnce()).toBe(3);
    // Issue 46: the console shows the retrying state, the answer's status and the first bytes of its body.
    const [shown] = (await (await admin()).get(`/api/admin/webhooks/${endpoint.id}/deliveries`)).json().deliveries;
    expect(shown).toMatchObject({ status: 'pending', attempts: 1, max_attempts: RETRY_SCHEDULE_S.length + 1 });
    expect(shown.last_status_code).toBe(500);
    expect(shown.last_response_excerpt).toMatch(/^Internal error while handling v1,…; database unavailable$/);
    expect(JSON.stringify(shown)).not.toContain(receiver.received[0].signatures[0]);
    receiver.answerBody = null;
    const waiting = await t.hub.metrics.scrape();
    expect(waiting).toMatch(/^hub_outbox_pending 3$/m);
    expect(waiting).toMatch(/^hub_outbox_oldest_seconds 0$/m);
    // Not due before the first delay (5 s): nothing is sent early.
    t.clock.advance(4_000);
    expect(await worker.runOnce()).toBe(0);
    expect(await t.hub.metrics.scrape()).toMatch(/^hub_outbox_oldest_seconds 4$/m);
    t.clock.advance(1_000);
    expect(await worker.runOnce()).toBe(3);
    let rows = await deliveriesOf(endpoint.id);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 2 && r.lastStatusCode === 503)).toBe(true);

    t.clock.advance(RETRY_SCHEDULE_S[1] * 1000);
    expect(await worker.runOnce()).toBe(3);
    rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
    const delivered = new Set(receiver.received.filter((r) => r.verified).map((r) => r.verified?.data.user_id));
    expect(delivered).toEqual(new Set(users.map((u) => u.id)));
    // Every retry of one event carried its id: 3 attempts per id.
    const perId = new Map<string, number>();
    for (const r of receiver.received) perId.set(r.id, (perId.get(r.id) ?? 0) + 1);
    expect([...perId.values()]).toEqual([3, 3, 3]);
    const metrics = await t.hub.metrics.scrape();
    expect(metrics).toMatch(/hub_webhook_deliveries_total\{outcome="retry"\} 6/);
    expect(metrics).toMatch(/hub_webhook_deliveries_total\{outcome="delivered"\} \d+/);
    expect(metrics).toMatch(/^hub_outbox_pending 0$/m);
  });

  it('410 Gone disables the endpoint at once: the console and the audit log say so, and nothing more is sent', async () => {
    const endpoint = await register(['user.deactivated']);
    receiver.answers.push(410);
    await deactivate((await createUser(t.hub)).id);
    await worker.runOnce();
    const [ep] = await t.hub.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(ep).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect(logged.join('\n')).toMatch(new RegExp(`webhook endpoint ${endpoint.id} .*disabled: it answered 410 Gone`));
    const audited = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'webhook_disabled'));
    expect(audited.at(-1)?.details).toMatchObject({ webhook_id: endpoint.id, reason: 'gone', status: 410 });

    await deactivate((await createUser(t.hub)).id);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('an endpoint failing past the whole schedule (over 24 hours) is disabled; enabling it again resets it', async () => {
    const endpoint = await register(['user.deactivated']);
    receiver.answers.push(...Array<number>(RETRY_SCHEDULE_S.length + 1).fill(500));
    await deactivate((await createUser(t.hub)).id);
    const started = t.clock.now().getTime();
    await worker.runOnce();
    for (const delay of RETRY_SCHEDULE_S) {
      t.clock.advance(delay * 1000);
      expect(await worker.runOnce()).toBe(1);
    }
    expect(t.clock.now().getTime() - started).toBeGreaterThan(24 * 3_600_000);
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_SCHEDULE_S.length + 1, lastStatusCode: 500 });
    const view = await (await admin()).get(`/api/admin/webhooks/${endpoint.id}`);
    expect(view.json().webhook).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect(logged.join('\n')).toMatch(/disabled: its deliveries failed for 28 hours/);

    // The administrator enables it again and resends the failed delivery: it goes out at once.
    const client = await admin();
    const enabled = await client.patch(`/api/admin/webhooks/${endpoint.id}`, { body: { enabled: true } });
    expect(enabled.json().webhook).toMatchObject({ enabled: true, disabled_reason: null, failure_streak: 0 });
    const resent = await client.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${row.id}/resend`, { body: {} });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await worker.runOnce()).toBe(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(receiver.received.at(-1)?.id).toBe(row.eventId);
  });

  it('the test event goes to its endpoint alone; another endpoint’s delivery cannot be resent through it', async () => {
    const a = await register(['user.deactivated']);
    const b = await register(['user.deactivated']);
    const client = await admin();
    const sent = await client.post(`/api/admin/webhooks/${a.id}/test`, { body: {} });
    expect(sent.statusCode, sent.body).toBe(202);
    await worker.runOnce();
    expect(receiver.received.map((r) => r.verified?.type)).toEqual(['webhook.test']);
    const delivery = (sent.json() as { delivery: { id: number } }).delivery.id;
    const cross = await client.post(`/api/admin/webhooks/${b.id}/deliveries/${delivery}/resend`, { body: {} });
    expect(cross.statusCode).toBe(404);
  });

  it('a started worker delivers on the commit’s nudge, without a pass being asked for', async () => {
    await register(['user.deactivated']);
    worker.start();
    const user = await createUser(t.hub);
    await deactivate(user.id);
    await expect.poll(() => receiver.received.map((r) => r.verified?.data.user_id)).toContain(user.id);
  });

  it('an endpoint adds no round trip to the request whose change it reports', async () => {
    const counter = countStatements();
    try {
      const client = await admin();
      const statementsOf = async (userId: string) => {
        const from = counter.count();
        const res = await client.patch(`/api/admin/users/${userId}`, { body: { is_active: false } });
        expect(res.statusCode).toBe(200);
        // The node's own NOTIFY of the endpoint change may arrive meanwhile: the subscribed events are then
        // read again on the background connection, which no request waits for. That read is not the request's.
        return counter.texts.slice(from).filter((s) => !s.startsWith('select distinct unnest(events)'));
      };
      // The fewest statements of three deactivations: a busy machine may add a retry (a chain append that
      // found the anchor moved goes again the locked way), never take one away.
      const fewest = async () => {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await statementsOf((await createUser(t.hub)).id));
        return runs.reduce((a, b) => (b.length < a.length ? b : a));
      };
      // Warm (the chain writer's first append locks the anchor to learn it).
      await statementsOf((await createUser(t.hub)).id);
      const without = await fewest();
      const endpoint = await register(['user.deactivated', 'session.revoked']);
      // The node reads the subscribed events again on the change's message, in the background; let it finish.
      await t.hub.outbox.refresh();
      const withEndpoint = await fewest();
      expect(withEndpoint.length, `${withEndpoint.join('\n')}\n--- without:\n${without.join('\n')}`).toBe(
        without.length,
      );
      // ... and yet every event was written, in one of those statements.
      expect(await deliveriesOf(endpoint.id)).toHaveLength(3);
    } finally {
      counter.stop();
    }
  });

  it('refuses loopback targets when private addresses are not allowed', async () => {
    t.hub.config.outboundAllowPrivate = false;
    try {
      const client = await admin();
      for (const url of [
        receiver.url,
        'http://localhost:9/x',
        'https://2130706433/x',
        'https://[::ffff:127.0.0.1]/x',
      ]) {
        const res = await client.post('/api/admin/webhooks', { body: { url, events: ['user.created'] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.field).toBe('url');
      }
      expect(await t.hub.db.select().from(webhookEndpoints)).toHaveLength(0);
    } finally {
      t.hub.config.outboundAllowPrivate = true;
    }
  });

  it('refuses to register a name that resolves to a private address (a stub resolver answers; nothing is looked up)', async () => {
    t.hub.config.outboundAllowPrivate = false;
    try {
      const resolver: Resolver = (host) =>
        Promise.resolve(
          { 'internal.example': [{ address: '10.0.0.8', family: 4 }], 'unknown.example': [] }[host] ?? [
            { address: '::ffff:127.0.0.1', family: 6 },
          ],
        );
      const input = (host: string) => ({ url: `https://${host}/hook`, events: ['user.created' as const] });
      await expect(createWebhook(t.hub, input('internal.example'), systemActor(), resolver)).rejects.toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('address is private'),
      });
      await expect(createWebhook(t.hub, input('mapped.example'), systemActor(), resolver)).rejects.toMatchObject({
        message: expect.stringContaining('address is loopback'),
      });
      // Not resolvable yet: accepted (each delivery resolves and checks again).
      const created = await createWebhook(t.hub, input('unknown.example'), systemActor(), resolver);
      expect(created.webhook.url).toBe('https://unknown.example/hook');
    } finally {
      t.hub.config.outboundAllowPrivate = true;
    }
  });

  it('refuses at delivery a loopback target registered while private addresses were allowed', async () => {
    const endpoint = await register(['user.deactivated']);
    t.hub.config.outboundAllowPrivate = false;
    try {
      await deactivate((await createUser(t.hub)).id);
      expect(await worker.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(0);
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastStatusCode: null,
        lastError: 'refused: loopback',
      });
    } finally {
      t.hub.config.outboundAllowPrivate = true;
    }
  });

  it('a rotation, whose answer holds the new secret, needs a recent full authentication', async () => {
    const endpoint = await register(['user.deactivated']);
    const client = await admin();
    t.clock.advanceMinutes(11);
    const res = await client.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`, { body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('reauthentication_required');
    expect(res.body).not.toContain('whsec_');
  });

  it('no one but an ecosystem admin reaches the webhook API', async () => {
    const { cookie } = await signedInUser(t.hub);
    const res = await t.client.asBrowser(cookie).get('/api/admin/webhooks');
    expect(res.statusCode).toBe(403);
    const plain = await createUser(t.hub);
    expect(
      (
        await t.client.asBrowser(await sessionCookieFor(t.hub, plain)).post('/api/admin/webhooks', {
          body: { url: receiver.url, events: ['user.created'] },
        })
      ).statusCode,
    ).toBe(403);
  });
});
