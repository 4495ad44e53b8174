import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/server/db/schema/index';
import { createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { basic, registerClient } from '../oauth/oauth-helpers';
import { cookieValue } from '../../helpers/cookies';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe.each(TEST_DATABASES)('health, metrics, request ids and logs [%s]', (kind) => {
  let t: TestHub;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    t = await createTestHub(kind, {
      realClock: true,
      logStream: stream,
      config: { logLevel: 'info', metricsToken: METRICS_TOKEN },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live answers without the database; ready checks database, migrations, keys and listener', async () => {
    expect((await t.client.get('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await t.client.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { draining: false, database: 'ok', migrations: 'ok', keys: 'ok', listener: 'ok' },
    });
    t.hub.lifecycle.draining = true;
    try {
      const draining = await t.client.get('/api/health/ready');
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not_ready', checks: { draining: true } });
      expect(draining.headers.connection).toBe('close');
    } finally {
      t.hub.lifecycle.draining = false;
    }
  });

  it('returns X-Request-Id, logs one JSON line with it, and stores it in the audit row', async () => {
    const user = await createUser(t.hub);
    const res = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: user.email, password: 'Wrong-Password-123!' },
    });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.hub.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'sign_in_failure'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row.requestId).toBe(id);
    const line = lines.find((l) => l.reqId === id && l.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', route: '/api/auth/sign-in', status: 401, user_id: null });
    expect(typeof line!.latency_ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('Wrong-Password-123!');

    const signedIn = await signedInUser(t.hub);
    const session = await t.client.get('/api/auth/session', { cookie: signedIn.cookie });
    const sessionLine = lines.find((l) => l.reqId === session.headers['x-request-id'] && l.msg === 'request');
    expect(sessionLine).toMatchObject({ route: '/api/auth/session', status: 200, user_id: signedIn.user.id });
    expect(JSON.stringify(sessionLine)).not.toContain(cookieValue(signedIn.cookie));
  });

  it('does not take a request id from an untrusted client', async () => {
    const res = await t.client.get('/api/health/live', { headers: { 'x-request-id': 'forged-id-123456' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id-123456');
  });

  it('serves /metrics only with the bearer token, with the listed metrics', async () => {
    expect((await t.client.get('/metrics')).statusCode).toBe(401);
    expect(
      (await t.client.get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode,
    ).toBe(401);
    const user = await createUser(t.hub);
    await t.client.post('/api/auth/sign-in', { csrf: true, body: { email: user.email, password: FIXTURE_PASSWORD } });
    const client = await registerClient(t);
    const token = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials', scope: 'read:profile' },
    });
    expect(token.statusCode).toBe(200);
    await t.client.post('/oauth/introspect', {
      headers: { authorization: basic(client) },
      form: { token: token.json().access_token },
    });
    const res = await t.client.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/hub_http_requests_total\{method="POST",route="\/api\/auth\/sign-in",status="200"\} \d+/);
    expect(text).toMatch(/hub_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/health\/live"/);
    expect(text).toMatch(/hub_sign_ins_total\{outcome="success"\} [1-9]/);
    expect(text).toMatch(/hub_sign_ins_total\{outcome="failure"\} [1-9]/);
    expect(text).toContain('# TYPE hub_lockouts_total counter');
    expect(text).toMatch(/hub_oauth_tokens_issued_total\{grant="client_credentials"\} [1-9]/);
    expect(text).toMatch(/hub_oauth_introspections_total\{status="200"\} [1-9]/);
    expect(text).toMatch(/hub_audit_batch_size_count [1-9]/);
    expect(text).toMatch(/hub_audit_commit_seconds_count [1-9]/);
    expect(text).toMatch(/hub_db_pool_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/hub_db_listener_connected 1/);
    expect(text).toContain('# TYPE hub_revocation_bus_lag_seconds histogram');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
  });
});

describe('/metrics without a token configured', () => {
  it('is not served on the main port', async () => {
    const t = await createTestHub('pglite');
    try {
      expect((await t.client.get('/metrics')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
