import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { AUDIT_ANON_RATE_LIMIT, AUDIT_BATCH_MAX_EVENTS } from '../../../src/shared/audit-queue';
import { useTestHub } from '../../helpers/use-test-hub';

const event = (over: Record<string, unknown> = {}) => ({
  event_type: 'admin_panel_access',
  severity: 'low',
  session_id: 'ab12cd34',
  details: { timestamp: '2026-11-21T12:00:00.000Z', session_id: 'ab12cd34', user_agent: 'test', url: 'http://x/admin' },
  ...over,
});

describe.each(TEST_DATABASES)('audit ingestion POST /api/audit/events [%s]', (kind) => {
  const t = useTestHub(kind);
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    const signed = await signedInUser(t.hub, ['user']);
    cookie = signed.cookie;
    userId = signed.user.id;
  });

  const count = async () => (await t.hub.db.select({ id: auditLogs.id }).from(auditLogs)).length;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.client
      .asBrowser(cookie)
      .post('/api/audit/events', { headers: { 'x-forwarded-for': '1.2.3.4', ...headers }, body: payload as object });

  it('stores a good batch with source=client, the session user and the request IP', async () => {
    const res = await post({ events: [event(), event({ event_type: 'permission_denied', severity: 'high' })] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const raw = await t.hub.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(2);
    // The IP is stored sealed under the person's key (audit/shredding.ts) and reads as sent.
    expect(raw[0].ipAddress).toMatch(new RegExp(`^erasable:v1:${userId}:`));
    const stored = await t.hub.audit.subjectKeys.openRows(t.hub.db, raw);
    expect(stored.map((r) => r.eventType)).toEqual(['permission_denied', 'admin_panel_access']);
    for (const r of stored) {
      expect(r.source).toBe('client');
      expect(r.userId).toBe(userId);
      expect(r.ipAddress).toBe('127.0.0.1');
      expect(r.sessionId).toBe('ab12cd34');
      expect(r.details).toMatchObject({ url: 'http://x/admin' });
    }
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('ignores a forged user_id, ip_address and source in the body', async () => {
    const other = await signedInUser(t.hub, ['user']);
    const res = await post({
      events: [event({ event_type: 'forged_probe', user_id: other.user.id, ip_address: '6.6.6.6', source: 'server' })],
    });
    expect(res.statusCode).toBe(202);
    const [row] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'forged_probe'));
    expect(row.userId).toBe(userId);
    expect(row.ipAddress).not.toBe('6.6.6.6');
    expect(row.source).toBe('client');
  });

  it('refuses a batch with one bad event whole, naming it, and stores nothing', async () => {
    const before = await count();
    const cases: [unknown, string][] = [
      [{ events: [event(), event(), event({ severity: 'catastrophic' })] }, 'events.2.severity'],
      [{ events: [event(), event({ event_type: 'Not Snake' })] }, 'events.1.event_type'],
      [{ events: [event({ details: 'a string' })] }, 'events.0.details'],
      [{ events: [event(), event({ details: { blob: 'x'.repeat(9000) } })] }, 'events.1.details'],
      [{ events: [] }, 'events'],
      [{ events: Array.from({ length: AUDIT_BATCH_MAX_EVENTS + 1 }, () => event()) }, 'events'],
      [{ nothing: true }, 'events'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('refuses an oversized body (> 64 KB) with 413 and stores nothing', async () => {
    const before = await count();
    const big = Array.from({ length: 20 }, () => event({ details: { blob: 'y'.repeat(4000) } }));
    const res = await post({ events: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect(await count()).toBe(before);
  });

  it('accepts text/plain JSON (navigator.sendBeacon) carrying the hub Origin instead of the CSRF header', async () => {
    const res = await t.client.post('/api/audit/events', {
      cookie,
      headers: { origin: t.hub.config.publicUrl, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ events: [event({ event_type: 'beacon_probe' })] }),
    });
    expect(res.statusCode).toBe(202);
    const found = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'beacon_probe'));
    expect(found).toHaveLength(1);
    // A foreign origin without the header is refused.
    const evil = await t.client.post('/api/audit/events', {
      cookie,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ events: [event()] }),
    });
    expect(evil.statusCode).toBe(403);
  });

  it('rejects text/plain that is not JSON', async () => {
    const res = await post('not json', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('records the count of events a browser dropped', async () => {
    const res = await post({ events: [event()], dropped: 7 });
    expect(res.json()).toEqual({ accepted: 2 });
    const [row] = await t.hub.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(row.eventType).toBe('audit_events_dropped');
    expect(row.details).toEqual({ dropped: 7 });
  });

  it('accepts the anonymous startup event, rate-limited per IP in the database', async () => {
    const anon = (ip: string) =>
      t.client.post('/api/audit/events', {
        csrf: true,
        body: {
          events: [event({ event_type: 'config_change', severity: 'info', details: { action: 'app_startup' } })],
        },
        remoteAddress: ip,
      });
    for (let i = 0; i < AUDIT_ANON_RATE_LIMIT; i++) expect((await anon('10.9.9.9')).statusCode).toBe(202);
    const limited = await anon('10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is unaffected; the window passes with the clock.
    expect((await anon('10.9.9.10')).statusCode).toBe(202);
    t.clock.advanceMinutes(2);
    expect((await anon('10.9.9.9')).statusCode).toBe(202);
    const [row] = await t.hub.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(row.userId).toBeNull();
    expect(row.ipAddress).toBe('10.9.9.9');
  });

  it('a signed-out caller may post only the page-load events at info/low/medium; anything else is 401 and stores nothing', async () => {
    const anon = (events: unknown[]) =>
      t.client.post('/api/audit/events', { csrf: true, body: { events }, remoteAddress: '10.8.8.8' });
    const clientRows = async () =>
      (await t.hub.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.source, 'client'))).length;
    const before = await clientRows();
    const beforeAll = await count();
    const refused: unknown[][] = [
      [event({ event_type: 'sign_in_failure', severity: 'medium' })],
      [event({ event_type: 'config_change', severity: 'high' })],
      [event({ event_type: 'app_startup', severity: 'critical' })],
      [event({ event_type: 'permission_denied', severity: 'low' })],
      // One bad event refuses the batch whole.
      [event({ event_type: 'config_change', severity: 'info' }), event({ event_type: 'role_escalation_attempt' })],
    ];
    for (const events of refused) {
      const res = await anon(events);
      expect(res.statusCode, JSON.stringify(events)).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    // None of the refused events is stored; the refusals themselves are audited server-side,
    // aggregated per IP and minute (one row, not one per request).
    expect(await clientRows()).toBe(before);
    expect((await count()) - beforeAll).toBeLessThanOrEqual(1);
    const allowed = await anon([
      event({ event_type: 'config_change', severity: 'info', details: { action: 'app_startup' } }),
      event({ event_type: 'app_startup', severity: 'low' }),
      event({ event_type: 'config_change', severity: 'medium' }),
    ]);
    expect(allowed.statusCode).toBe(202);
    expect(await clientRows()).toBe(before + 3);
    // Signed in, the same high-severity report is accepted (and shown apart as a client event).
    expect((await post({ events: [event({ event_type: 'config_change', severity: 'high' })] })).statusCode).toBe(202);
  });

  it('server events from other capabilities keep flowing with source=server', async () => {
    const res = await t.client.get('/api/admin/audit', { cookie });
    expect(res.statusCode).toBe(403);
    const [row] = await t.hub.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(row).toMatchObject({ eventType: 'permission_denied', source: 'server', userId });
  });
});
