import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuditQueue,
  splitIntoBatches,
  type AuditBatch,
  type AuditQueue,
  type AuditTransport,
  type QueuedAuditEvent,
} from '@/lib/audit/audit-queue';
import { createSecurityEventQueue, startSecurityEvents, tabSessionId } from '@/lib/audit/security-events';
import { auditSessionSuffix, createAdminAuditQueue } from '@/lib/audit/admin-audit';
import { AUDIT_QUEUE_LIMIT, AUDIT_TAB_SESSION_KEY } from '@shared/audit-queue';

/** A transport that records what it was given; `fail` makes sends reject like a dead network. */
function fakeTransport() {
  const sent: AuditBatch[] = [];
  const beacons: AuditBatch[] = [];
  const state = { fail: false as boolean | number };
  const transport: AuditTransport = {
    send: vi.fn(async (batch: AuditBatch) => {
      if (state.fail === true) throw new TypeError('Failed to fetch');
      if (typeof state.fail === 'number') throw Object.assign(new Error('refused'), { status: state.fail });
      sent.push(structuredClone(batch));
    }),
    beacon: vi.fn((batch: AuditBatch) => {
      beacons.push(structuredClone(batch));
      return true;
    }),
  };
  const types = () => sent.flatMap((b) => b.events.map((e) => e.event_type));
  return { transport, sent, beacons, state, types };
}

const queues: AuditQueue[] = [];
function track<T extends AuditQueue>(q: T): T {
  queues.push(q);
  q.start();
  return q;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
  sessionStorage.clear();
});
afterEach(() => {
  queues.splice(0).forEach((q) => q.stop());
  vi.useRealTimers();
});

describe('admin flow (spec §9 audit-log)', () => {
  it('flushes every 30 s, not before, and sends nothing while empty', async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.transport.send).not.toHaveBeenCalled();
    q.log('admin_panel_access', 'low');
    q.log('credential_access_requested', 'medium');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(f.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.types()).toEqual(['admin_panel_access', 'credential_access_requested']);
    expect(f.sent).toHaveLength(1);
    expect(q.size).toBe(0);
  });

  it.each(['high', 'critical'] as const)('flushes at once for %s severity', async (severity) => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    q.log('admin_panel_access', 'low');
    q.log('credential_access_viewed', severity);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.types()).toEqual(['admin_panel_access', 'credential_access_viewed']);
  });

  it('does not flush at once for info, low or medium', async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    for (const s of ['info', 'low', 'medium'] as const) q.log('admin_panel_access', s);
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.transport.send).not.toHaveBeenCalled();
  });

  it('sends what is queued with navigator.sendBeacon on page unload', async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    q.log('admin_panel_access', 'low');
    window.dispatchEvent(new Event('pagehide'));
    expect(f.beacons).toHaveLength(1);
    expect(f.beacons[0].events.map((e) => e.event_type)).toEqual(['admin_panel_access']);
    expect(f.transport.send).not.toHaveBeenCalled();
    expect(q.size).toBe(0);
    // Nothing left for the interval to send twice.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.transport.send).not.toHaveBeenCalled();
  });

  it('uses the last 8 characters of the public session id, never more', () => {
    expect(auditSessionSuffix('4f1c2d3e-aaaa-bbbb-cccc-0123456789ab')).toBe('456789ab');
    expect(auditSessionSuffix(null)).toBeNull();
    const f = fakeTransport();
    const q = track(
      createAdminAuditQueue(() => auditSessionSuffix('4f1c2d3e-aaaa-bbbb-cccc-0123456789ab'), f.transport),
    );
    q.log('admin_panel_access', 'high');
    return vi.advanceTimersByTimeAsync(0).then(() => {
      expect(f.sent[0].events[0].session_id).toBe('456789ab');
      expect(f.sent[0].events[0].details.session_id).toBe('456789ab');
    });
  });
});

describe('security-event flow (spec §9 log_security_event)', () => {
  it('flushes every 5 s only when non-empty', async () => {
    const f = fakeTransport();
    const q = track(createSecurityEventQueue(f.transport));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.transport.send).not.toHaveBeenCalled();
    q.log('unauthorized_access', 'medium');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(f.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.types()).toEqual(['unauthorized_access']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(f.sent).toHaveLength(1);
  });

  it('flushes at once for high/critical and when 50 events are queued', async () => {
    const f = fakeTransport();
    const q = track(createSecurityEventQueue(f.transport));
    q.log('role_escalation_attempt', 'critical');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent).toHaveLength(1);
    for (let i = 0; i < 49; i++) q.log('permission_denied', 'low');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent).toHaveLength(1);
    q.log('permission_denied', 'low');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent).toHaveLength(2);
    expect(f.sent[1].events).toHaveLength(50);
  });

  it('sends with a beacon on unload', () => {
    const f = fakeTransport();
    const q = track(createSecurityEventQueue(f.transport));
    q.log('unauthorized_access', 'medium');
    window.dispatchEvent(new Event('pagehide'));
    expect(f.beacons[0].events[0].event_type).toBe('unauthorized_access');
  });

  it('generates the session id once per tab (sessionStorage)', () => {
    const first = tabSessionId(sessionStorage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(tabSessionId(sessionStorage)).toBe(first);
    expect(sessionStorage.getItem(AUDIT_TAB_SESSION_KEY)).toBe(first);
    const f = fakeTransport();
    const q = track(createSecurityEventQueue(f.transport, sessionStorage));
    q.log('permission_denied', 'high');
    return vi.advanceTimersByTimeAsync(0).then(() => {
      expect(f.sent[0].events[0].session_id).toBe(first);
      // Another tab (its own sessionStorage) gets its own id.
      sessionStorage.clear();
      expect(tabSessionId(sessionStorage)).not.toBe(first);
    });
  });

  it('logs config_change (info, action app_startup) at start, once', async () => {
    const f = fakeTransport();
    const q = startSecurityEvents(f.transport);
    queues.push(q);
    expect(startSecurityEvents(f.transport)).toBe(q);
    expect(q.size).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.sent).toHaveLength(1);
    const [e] = f.sent[0].events;
    expect(e).toMatchObject({ event_type: 'config_change', severity: 'info' });
    expect(e.details.action).toBe('app_startup');
  });
});

describe('rules common to both flows', () => {
  it('details hold timestamp, session_id, user_agent and url', async () => {
    const f = fakeTransport();
    const q = track(
      createAuditQueue({
        transport: f.transport,
        intervalMs: 1000,
        sessionId: () => 'sess0001',
        location: () => 'http://hub.test/admin',
        userAgent: () => 'UA/1.0',
      }),
    );
    q.log('admin_panel_access', 'low', { tab: 'users' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent[0].events[0]).toEqual({
      event_type: 'admin_panel_access',
      severity: 'low',
      session_id: 'sess0001',
      details: {
        tab: 'users',
        timestamp: '2026-11-21T12:00:00.000Z',
        session_id: 'sess0001',
        user_agent: 'UA/1.0',
        url: 'http://hub.test/admin',
      },
    });
  });

  it('defaults to severity low and refuses non-snake_case types', async () => {
    const f = fakeTransport();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const q = track(createAuditQueue({ transport: f.transport, intervalMs: 1000, sessionId: () => null }));
    q.log('admin_panel_access');
    q.log('Bad Type', 'high');
    expect(warn).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.sent[0].events.map((e) => [e.event_type, e.severity])).toEqual([['admin_panel_access', 'low']]);
    warn.mockRestore();
  });

  it('a failed flush re-queues its events in order, ahead of newer ones, and the next flush sends them once', async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    f.state.fail = true;
    q.log('a_one', 'low');
    q.log('a_two', 'high');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.transport.send).toHaveBeenCalledTimes(1);
    expect(q.size).toBe(2);
    q.log('a_three', 'low');
    f.state.fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(f.types()).toEqual(['a_one', 'a_two', 'a_three']);
    expect(q.size).toBe(0);
  });

  it(`keeps at most ${AUDIT_QUEUE_LIMIT} events after failures, drops the oldest and reports the count in the next flush`, async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    f.state.fail = true;
    for (let i = 0; i < AUDIT_QUEUE_LIMIT + 20; i++) q.log(`e_${i}`, 'low');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(q.size).toBe(AUDIT_QUEUE_LIMIT);
    expect(q.dropped).toBe(20);
    f.state.fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    const delivered = f.types();
    expect(delivered).toHaveLength(AUDIT_QUEUE_LIMIT);
    expect(delivered[0]).toBe('e_20');
    expect(delivered.at(-1)).toBe(`e_${AUDIT_QUEUE_LIMIT + 19}`);
    expect(new Set(delivered).size).toBe(AUDIT_QUEUE_LIMIT);
    // 500 events go as 5 batches of at most 100; the first one carries the dropped count, once.
    expect(f.sent.map((b) => b.events.length)).toEqual([100, 100, 100, 100, 100]);
    expect(f.sent.map((b) => b.dropped)).toEqual([20, undefined, undefined, undefined, undefined]);
    expect(q.dropped).toBe(0);
  });

  it('a batch the server refuses as malformed (400) is counted as dropped, not retried forever', async () => {
    const f = fakeTransport();
    const q = track(createAdminAuditQueue(() => 'abcd1234', f.transport));
    f.state.fail = 400;
    q.log('a_one', 'high');
    await vi.advanceTimersByTimeAsync(0);
    expect(q.size).toBe(0);
    expect(q.dropped).toBe(1);
    f.state.fail = false;
    q.log('a_two', 'high');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent).toEqual([expect.objectContaining({ dropped: 1 })]);
    expect(f.types()).toEqual(['a_two']);
  });

  it('an urgent event during a flush in flight is sent right after it, never twice', async () => {
    let release: () => void = () => {};
    const sent: string[][] = [];
    const transport: AuditTransport = {
      send: vi.fn(
        (batch: AuditBatch) =>
          new Promise<void>((resolve) => {
            sent.push(batch.events.map((e) => e.event_type));
            release = resolve;
          }),
      ),
      beacon: () => true,
    };
    const q = track(createAdminAuditQueue(() => 'abcd1234', transport));
    q.log('first', 'high');
    await vi.advanceTimersByTimeAsync(0);
    q.log('second', 'critical');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['first']]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['first'], ['second']]);
    release();
  });

  it('splits batches at 100 events and under 64 KB', () => {
    const small = (i: number): QueuedAuditEvent => ({
      event_type: 'x_y',
      severity: 'low',
      session_id: null,
      details: { i },
    });
    expect(splitIntoBatches(Array.from({ length: 250 }, (_, i) => small(i))).map((b) => b.length)).toEqual([
      100, 100, 50,
    ]);
    const big = (i: number): QueuedAuditEvent => ({
      event_type: 'x_y',
      severity: 'low',
      session_id: null,
      details: { i, blob: 'z'.repeat(7000) },
    });
    const batches = splitIntoBatches(Array.from({ length: 20 }, (_, i) => big(i)));
    for (const b of batches)
      expect(new TextEncoder().encode(JSON.stringify({ events: b })).length).toBeLessThan(64 * 1024);
    expect(batches.flat()).toHaveLength(20);
  });

  it('replaces details over 8 KB by the standard fields and a truncated flag', async () => {
    const f = fakeTransport();
    const q = track(
      createAuditQueue({
        transport: f.transport,
        intervalMs: 1000,
        sessionId: () => 's',
        location: () => 'u',
        userAgent: () => 'a',
      }),
    );
    q.log('big_event', 'high', { blob: 'q'.repeat(9000) });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent[0].events[0].details).toEqual({
      timestamp: '2026-11-21T12:00:00.000Z',
      session_id: 's',
      user_agent: 'a',
      url: 'u',
      truncated: true,
    });
  });
});
