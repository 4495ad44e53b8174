import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, FIXTURE_PASSWORD, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { countStatements } from '../../helpers/count-statements';
import {
  authorize,
  basic,
  exchangeCode,
  pkcePair,
  registerClient,
  type RegisteredClient,
} from '../oauth/oauth-helpers';
import { auditLogs, webhookDeliveries, webhookEndpoints } from '../../../src/server/db/schema/index';
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/server/events/delivery/worker';
import { SSF_EVENTS, SSF_EVENT_TYPES, SSF_VERIFICATION_EVENT } from '../../../src/shared/api/ssf';
import { startSsfReceiver, type SsfReceiver } from './ssf-receiver';

/**
 * Issue 30, the OpenID Shared Signals transmitter end to end: a receiver on 127.0.0.1 creates its
 * stream with a client_credentials token carrying `ssf.manage`, the hub derives CAEP and RISC
 * events from the changes it commits, and the worker pushes them as signed SETs that the
 * receiver validates against the JWKS it fetched from the hub (ssf-receiver.ts).
 */
describe.each(TEST_DATABASES)('SSF transmitter [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true, config: { outboundAllowPrivate: true } });
  let receiver: SsfReceiver;
  let worker: DeliveryWorker;
  let client: RegisteredClient;
  let token: string;

  const scopes = ['openid', 'read:profile', 'ssf.manage'];
  beforeAll(async () => {
    client = await registerClient(t, { scopes });
  });

  async function clientToken(scope: string): Promise<string> {
    const res = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials', scope },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { access_token: string }).access_token;
  }

  beforeEach(async () => {
    receiver = await startSsfReceiver(t.baseUrl!, () => t.clock.now());
    receiver.audience = client.client_id;
    worker = createDeliveryWorker(t.hub, { random: () => 0.5, log: () => {} });
    token = await clientToken('ssf.manage');
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.close();
    await t.hub.db.delete(webhookEndpoints);
    await t.hub.outbox.refresh();
  });

  const ssf = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, bearer = token) =>
    t.client.request(method, url, { body, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  async function createStream(events: string[] = [...SSF_EVENT_TYPES], extra: Record<string, unknown> = {}) {
    receiver.authorization = 'Bearer receiver-secret-1';
    const res = await ssf('POST', '/ssf/streams', {
      delivery: {
        method: 'urn:ietf:rfc:8935',
        endpoint_url: receiver.url,
        authorization_header: 'Bearer receiver-secret-1',
      },
      events_requested: events,
      description: 'Role Builder',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { stream_id: string; aud: string; events_delivered: string[] };
    // The users these tests change never signed in to the receiver's client: an administrator marks
    // the receiver first-party so that it hears of them (issue 38; ssf-audience.test.ts tests the limit).
    const marked = await (
      await admin()
    ).patch(`/api/admin/ssf-streams/${created.stream_id}`, {
      body: { first_party: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    return created;
  }

  async function admin() {
    const { cookie } = await signedInUser(t.hub, ['platform_admin']);
    return t.client.asBrowser(cookie);
  }

  async function deactivate(userId: string) {
    const res = await (await admin()).patch(`/api/admin/users/${userId}`, { body: { is_active: false } });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Runs the worker until the receiver has accepted `n` SETs in all. */
  async function delivered(n: number) {
    await expect
      .poll(async () => {
        await worker.runOnce();
        return receiver.accepted.length;
      })
      .toBe(n);
    expect(receiver.refused).toEqual([]);
  }

  it('publishes its configuration: issuer, the JWKS, push delivery and the endpoints of the stream API', async () => {
    const res = await t.client.get('/.well-known/ssf-configuration');
    expect(res.statusCode).toBe(200);
    const iss = t.baseUrl!;
    expect(res.json()).toMatchObject({
      issuer: iss,
      jwks_uri: `${iss}/oauth/jwks`,
      delivery_methods_supported: ['urn:ietf:rfc:8935'],
      configuration_endpoint: `${iss}/ssf/streams`,
      status_endpoint: `${iss}/ssf/status`,
      add_subject_endpoint: `${iss}/ssf/subjects/add`,
      remove_subject_endpoint: `${iss}/ssf/subjects/remove`,
      verification_endpoint: `${iss}/ssf/verify`,
      critical_subject_members: ['user'],
      authorization_schemes: [{ spec_urn: 'urn:ietf:rfc:6749' }],
    });
  });

  it('refuses stream management without a token (401) or without ssf.manage (403), with the RFC 6750 challenge, audited', async () => {
    const anonymous = await ssf('GET', '/ssf/streams', undefined, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="ssf"');

    const forged = await ssf('GET', '/ssf/streams', undefined, `${token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['www-authenticate']).toMatch(/^Bearer realm="ssf", error="invalid_token"/);

    const narrow = await clientToken('read:profile');
    const res = await ssf(
      'POST',
      '/ssf/streams',
      { delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.url } },
      narrow,
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="ssf", error="insufficient_scope", scope="ssf.manage"');
    expect(await t.hub.db.select().from(webhookEndpoints)).toEqual([]);

    // A user's browser session is not a client's token either, nor is a user's access token that carries the scope.
    const browser = await admin();
    expect((await browser.get('/ssf/streams')).statusCode).toBe(401);
    const { cookie } = await signedInUser(t.hub);
    const pkce = pkcePair();
    const { code } = await authorize(t, client, cookie, {
      scope: 'openid ssf.manage',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const exchanged = await exchangeCode(t, client, code, pkce.verifier);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const userToken = (exchanged.json() as { access_token: string }).access_token;
    const asUser = await ssf('GET', '/ssf/streams', undefined, userToken);
    expect(asUser.statusCode).toBe(401);
    expect(asUser.headers['www-authenticate']).toMatch(/error="invalid_token"/);

    const refusals = await t.hub.db
      .select({ type: auditLogs.eventType })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'permission_denied')));
    expect(refusals.length).toBeGreaterThan(0);
  });

  it('creates, reads, updates and deletes the client’s stream; one stream per client', async () => {
    const stream = await createStream([SSF_EVENTS.sessionRevoked, 'https://example.test/unknown']);
    expect(stream.aud).toBe(client.client_id);
    expect(stream.events_delivered).toEqual([SSF_EVENTS.sessionRevoked]);
    expect((await createStreamAgain()).statusCode).toBe(409);

    const one = await ssf('GET', `/ssf/streams?stream_id=${stream.stream_id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ stream_id: stream.stream_id, delivery: { endpoint_url: receiver.url } });
    expect(one.body).not.toContain('receiver-secret-1');
    const all = await ssf('GET', '/ssf/streams');
    expect((all.json() as unknown[]).length).toBe(1);

    const updated = await ssf('PATCH', '/ssf/streams', {
      stream_id: stream.stream_id,
      events_requested: [SSF_EVENTS.accountDisabled, SSF_EVENTS.sessionRevoked],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().events_delivered).toEqual([SSF_EVENTS.sessionRevoked, SSF_EVENTS.accountDisabled]);

    const replaced = await t.client.request('PUT', '/ssf/streams', {
      headers: { authorization: `Bearer ${token}` },
      body: {
        stream_id: stream.stream_id,
        delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.url },
        events_requested: [SSF_EVENTS.credentialChange],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ events_delivered: [SSF_EVENTS.credentialChange], description: '' });

    // The admin's webhook API neither lists nor touches a receiver's stream.
    const hooks = await (await admin()).get('/api/admin/webhooks');
    expect(hooks.json().webhooks).toEqual([]);

    const deleted = await ssf('DELETE', `/ssf/streams?stream_id=${stream.stream_id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await ssf('GET', `/ssf/streams?stream_id=${stream.stream_id}`)).statusCode).toBe(404);
    const audit = await t.hub.db.select({ type: auditLogs.eventType }).from(auditLogs);
    const types = audit.map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(['ssf_stream_created', 'ssf_stream_updated', 'ssf_stream_deleted']));
  });

  it('refuses a loopback push endpoint when private addresses are not allowed (SSRF), and stores nothing', async () => {
    t.hub.config.outboundAllowPrivate = false;
    try {
      for (const endpoint_url of [receiver.url, 'http://2130706433/events', 'http://[::ffff:127.0.0.1]/events']) {
        const res = await ssf('POST', '/ssf/streams', { delivery: { method: 'urn:ietf:rfc:8935', endpoint_url } });
        expect(res.statusCode, endpoint_url).toBe(400);
      }
      expect(await t.hub.db.select().from(webhookEndpoints)).toEqual([]);
    } finally {
      t.hub.config.outboundAllowPrivate = true;
    }
  });

  function createStreamAgain() {
    return ssf('POST', '/ssf/streams', { delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.url } });
  }

  it('a revoked session is pushed as CAEP session-revoked, signed and valid; a retry is the same SET', async () => {
    await createStream([SSF_EVENTS.sessionRevoked]);
    const { user, cookie } = await signedInUser(t.hub);
    const sessions = await t.client.asBrowser(cookie).get('/api/me/sessions');
    const sessionId = (sessions.json() as { sessions: { id: string }[] }).sessions[0].id;

    receiver.answers.push(500);
    const res = await (await admin()).post(`/api/admin/auth-sessions/${sessionId}/revoke`, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    await worker.runOnce();
    const [row] = await t.hub.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ eventType: SSF_EVENTS.sessionRevoked, status: 'pending', lastStatusCode: 500 });

    t.clock.advance(6_000);
    await delivered(1);
    const [set] = receiver.accepted;
    expect(set.type).toBe(SSF_EVENTS.sessionRevoked);
    expect(set.subId).toEqual({ format: 'iss_sub', iss: t.baseUrl, sub: user.id });
    expect(set.event).toMatchObject({ initiating_entity: 'admin', event_timestamp: expect.any(Number) });
    expect(set.claims.aud).toBe(client.client_id);
    expect(set.claims.jti).toBe(`${row.eventId}.${row.id}`);
    const [after] = await t.hub.db.select().from(webhookDeliveries);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 202 });

    // A node that died after the push but before recording it sends it again: the same SET, the same jti,
    // which the receiver accepts once.
    await t.hub.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: t.clock.now() })
      .where(eq(webhookDeliveries.id, row.id));
    await worker.runOnce();
    expect(receiver.duplicates).toHaveLength(1);
    expect(receiver.accepted).toHaveLength(1);
  });

  it('a deactivated user is pushed as RISC account-disabled, an activated one as account-enabled', async () => {
    await createStream();
    const user = await createUser(t.hub);
    await deactivate(user.id);
    await delivered(1);
    expect(receiver.accepted[0].type).toBe(SSF_EVENTS.accountDisabled);
    expect(receiver.accepted[0].subId).toMatchObject({ format: 'iss_sub', sub: user.id });

    const res = await (await admin()).patch(`/api/admin/users/${user.id}`, { body: { is_active: true } });
    expect(res.statusCode, res.body).toBe(200);
    await delivered(2);
    expect(receiver.accepted[1].type).toBe(SSF_EVENTS.accountEnabled);
    const jtis = new Set(receiver.accepted.map((a) => a.claims.jti));
    expect(jtis.size).toBe(2);
  });

  it('a password change is CAEP credential-change and a role change token-claims-change, each valid for its schema', async () => {
    await createStream();
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const changed = await t.client.asBrowser(cookie).post('/api/auth/change-password', {
      body: { current_password: FIXTURE_PASSWORD, new_password: 'Granite-Orchid-6153!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await delivered(1);
    expect(receiver.accepted[0]).toMatchObject({
      type: SSF_EVENTS.credentialChange,
      event: { credential_type: 'password', change_type: 'update', initiating_entity: 'user' },
      subId: { sub: user.id },
    });

    const roles = await (
      await admin()
    ).put(`/api/admin/users/${user.id}/roles`, { body: { roles: ['user', 'platform_admin'] } });
    expect(roles.statusCode, roles.body).toBe(200);
    await expect
      .poll(async () => {
        await worker.runOnce();
        return receiver.accepted.map((a) => a.type).filter((x) => x === SSF_EVENTS.tokenClaimsChange).length;
      })
      .toBeGreaterThan(0);
    expect(receiver.refused).toEqual([]);
    const claims = receiver.accepted.filter((a) => a.type === SSF_EVENTS.tokenClaimsChange).map((a) => a.event.claims);
    expect(JSON.stringify(claims)).toContain('platform_admin');
  });

  it('a stream with subjects gets events about them only, unless it asks for all; removing the last brings all back', async () => {
    const stream = await createStream([SSF_EVENTS.accountDisabled]);
    const listed = await createUser(t.hub);
    const other = await createUser(t.hub);
    const add = await ssf('POST', '/ssf/subjects/add', {
      stream_id: stream.stream_id,
      subject: { format: 'email', email: listed.email.toUpperCase() },
    });
    expect(add.statusCode, add.body).toBe(200);
    // An address the hub does not know is accepted alike: the endpoint tells no one who has an account.
    const unknown = await ssf('POST', '/ssf/subjects/add', {
      stream_id: stream.stream_id,
      subject: { format: 'iss_sub', iss: 'https://elsewhere.test', sub: 'someone' },
    });
    expect(unknown.statusCode).toBe(200);

    await deactivate(other.id);
    expect(await t.hub.db.select().from(webhookDeliveries)).toEqual([]);
    await deactivate(listed.id);
    await delivered(1);
    expect(receiver.accepted[0].subId).toMatchObject({ sub: listed.id });

    const all = await ssf('PATCH', '/ssf/streams', { stream_id: stream.stream_id, all_subjects: true });
    expect(all.statusCode).toBe(200);
    const third = await createUser(t.hub);
    await deactivate(third.id);
    await delivered(2);
    expect(receiver.accepted[1].subId).toMatchObject({ sub: third.id });

    await ssf('PATCH', '/ssf/streams', { stream_id: stream.stream_id, all_subjects: false });
    for (const subject of [
      { format: 'email', email: listed.email },
      { format: 'iss_sub', iss: 'https://elsewhere.test', sub: 'someone' },
    ]) {
      const removed = await ssf('POST', '/ssf/subjects/remove', { stream_id: stream.stream_id, subject });
      expect(removed.statusCode, removed.body).toBe(204);
    }
    const fourth = await createUser(t.hub);
    await deactivate(fourth.id);
    await delivered(3);
    expect(receiver.accepted[2].subId).toMatchObject({ sub: fourth.id });
  });

  it('the verification event carries the receiver’s state and names the stream', async () => {
    const stream = await createStream([]);
    // A stream may do without an Authorization header: then none is sent.
    const changed = await ssf('PATCH', '/ssf/streams', {
      stream_id: stream.stream_id,
      delivery: { method: 'urn:ietf:rfc:8935', endpoint_url: receiver.url },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    receiver.authorization = '';
    const res = await ssf('POST', '/ssf/verify', { stream_id: stream.stream_id, state: 'VGhpcyBpcyBhIHN0YXRl' });
    expect(res.statusCode, res.body).toBe(204);
    await delivered(1);
    expect(receiver.accepted[0]).toMatchObject({
      type: SSF_VERIFICATION_EVENT,
      event: { state: 'VGhpcyBpcyBhIHN0YXRl' },
      subId: { format: 'opaque', id: stream.stream_id },
    });
    // Another client's stream id is not found, whatever it names.
    const other = await ssf('POST', '/ssf/verify', { stream_id: '00000000-0000-4000-8000-000000000000' });
    expect(other.statusCode).toBe(404);
  });

  it('a paused stream holds its events until enabled; a disabled one gets none', async () => {
    const stream = await createStream([SSF_EVENTS.accountDisabled]);
    const paused = await ssf('POST', '/ssf/status', { stream_id: stream.stream_id, status: 'paused' });
    expect(paused.json()).toEqual({ stream_id: stream.stream_id, status: 'paused' });
    const held = await createUser(t.hub);
    await deactivate(held.id);
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.accepted).toEqual([]);

    await ssf('POST', '/ssf/status', { stream_id: stream.stream_id, status: 'enabled' });
    await delivered(1);
    expect(receiver.accepted[0].subId).toMatchObject({ sub: held.id });

    await ssf('POST', '/ssf/status', { stream_id: stream.stream_id, status: 'disabled', reason: 'maintenance' });
    const status = await ssf('GET', `/ssf/status?stream_id=${stream.stream_id}`);
    expect(status.json()).toEqual({ stream_id: stream.stream_id, status: 'disabled', reason: 'maintenance' });
    const dropped = await createUser(t.hub);
    await deactivate(dropped.id);
    expect(await t.hub.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'))).toEqual([]);
  });

  it('an administrator flags a credential as compromised: RISC credential-compromise, audited; others are refused', async () => {
    await createStream([SSF_EVENTS.credentialCompromise]);
    const user = await createUser(t.hub);
    const { cookie } = await signedInUser(t.hub);
    const refused = await t.client
      .asBrowser(cookie)
      .post(`/api/admin/users/${user.id}/credential-compromise`, { body: { credential_type: 'password' } });
    expect(refused.statusCode).toBe(403);

    const res = await (
      await admin()
    ).post(`/api/admin/users/${user.id}/credential-compromise`, {
      body: { credential_type: 'password', reason: 'Found in a breach corpus' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await delivered(1);
    expect(receiver.accepted[0]).toMatchObject({
      type: SSF_EVENTS.credentialCompromise,
      event: { credential_type: 'password', reason_admin: { en: 'Found in a breach corpus' } },
      subId: { sub: user.id },
    });
    const [row] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'credential_compromised'));
    expect(row.details).toMatchObject({ target_user_id: user.id, credential_type: 'password' });
  });

  it('a stream adds no round trip to the request whose change it reports', async () => {
    const counter = countStatements();
    try {
      const client = await admin();
      const statementsOf = async (userId: string) => {
        const from = counter.count();
        const res = await client.patch(`/api/admin/users/${userId}`, { body: { is_active: false } });
        expect(res.statusCode).toBe(200);
        // The subscribed events read again after the stream's change runs in the background, not in the request.
        return counter.texts.slice(from).filter((s) => !s.startsWith('select distinct unnest(events)'));
      };
      // The fewest of three: a busy machine may add a chain append's retry, never take a statement away.
      const fewest = async () => {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await statementsOf((await createUser(t.hub)).id));
        return runs.reduce((a, b) => (b.length < a.length ? b : a));
      };
      await statementsOf((await createUser(t.hub)).id);
      const without = await fewest();
      await createStream([SSF_EVENTS.accountDisabled]);
      await t.hub.outbox.refresh();
      const withStream = await fewest();
      expect(withStream.length, `${withStream.join('\n')}\n--- without:\n${without.join('\n')}`).toBe(without.length);
      expect(await t.hub.db.select().from(webhookDeliveries)).toHaveLength(3);
    } finally {
      counter.stop();
    }
  });

  it('a deactivated client’s stream is sent nothing and its token manages nothing', async () => {
    await createStream([SSF_EVENTS.accountDisabled]);
    const setActive = async (is_active: boolean) => {
      const res = await (await admin()).patch(`/api/admin/oauth-clients/${client.id}`, { body: { is_active } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setActive(false);
    try {
      await deactivate((await createUser(t.hub)).id);
      await worker.runOnce();
      expect(receiver.accepted).toEqual([]);
      const [row] = await t.hub.db.select().from(webhookDeliveries);
      expect(row).toMatchObject({ status: 'failed', lastError: "the stream's client is inactive" });
      expect((await ssf('GET', '/ssf/streams')).statusCode).toBe(401);
    } finally {
      await setActive(true);
    }
  });

  it('a SET the receiver refuses with 400 {err} fails at once and is not retried; the stream stays enabled', async () => {
    const stream = await createStream([SSF_EVENTS.accountDisabled]);
    receiver.audience = 'someone-else';
    await deactivate((await createUser(t.hub)).id);
    await worker.runOnce();
    expect(receiver.refused).toEqual([{ err: 'invalid_key', description: expect.stringContaining('aud') }]);
    const [row] = await t.hub.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({
      status: 'failed',
      lastStatusCode: 400,
      lastError: 'refused by the receiver: invalid_key',
    });
    const status = await ssf('GET', `/ssf/status?stream_id=${stream.stream_id}`);
    expect(status.json().status).toBe('enabled');
  });
});
