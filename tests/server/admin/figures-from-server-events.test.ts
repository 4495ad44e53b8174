import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import type { AuditRowInput } from '../../../src/server/audit/record';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * Figures an admin acts on come only from server-sourced events; what browsers report is
 * counted apart; the browsers' page-load events are hidden in the viewer unless asked for.
 */
describe.each(TEST_DATABASES)('admin figures and browser events [%s]', (kind) => {
  const t = useTestHub(kind);
  let cookie: string;
  beforeAll(async () => {
    cookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    const server = (eventType: string, severity: AuditRowInput['severity'], n = 1): AuditRowInput[] =>
      Array.from({ length: n }, () => ({ eventType, severity, source: 'server' as const, details: {} }));
    const client = (eventType: string, severity: AuditRowInput['severity'], n = 1): AuditRowInput[] =>
      Array.from({ length: n }, () => ({ eventType, severity, source: 'client' as const, details: {} }));
    await t.hub.audit.recordRows([
      ...server('sign_in_success', 'low', 3),
      ...server('sign_in_failure', 'medium', 2),
      ...server('sign_in_blocked', 'high', 1),
      ...server('credential_access_viewed', 'high', 1),
      ...server('mfa_challenge_failed', 'medium', 1),
      // Forged by browsers: the same types and severities must move no figure.
      ...client('sign_in_failure', 'medium', 7),
      ...client('sign_in_success', 'low', 5),
      ...client('permission_denied', 'critical', 4),
      ...client('config_change', 'info', 20),
      ...client('app_startup', 'info', 6),
    ]);
  });

  const get = async (url: string) => {
    const res = await t.client.get(url, { cookie });
    expect(res.statusCode, url).toBe(200);
    return res;
  };

  it('the overview counts server events only and shows client events apart', async () => {
    const o = (await get('/api/admin/overview')).json();
    expect(o.sign_ins_24h).toBe(3);
    expect(o.failed_sign_ins_24h).toBe(2);
    // sign_in_blocked, credential_access_viewed (+ the admin's own sign-in audit is low).
    expect(o.high_severity_24h).toBe(2);
    expect(o.client_events_24h).toBe(42);
    expect(o.audit_events_24h).toBeLessThan(20);
  });

  it('analytics count sign-ins, failures, lockouts, MFA and credential access from server events only', async () => {
    const a = (await get('/api/admin/analytics')).json();
    const today = a.daily.at(-1);
    expect(today).toMatchObject({ sign_ins: 3, failures: 2, lockouts: 1, mfa: 1, credential_access: 1 });
    const top = Object.fromEntries(
      a.top_event_types.map((r: { event_type: string; count: number }) => [r.event_type, r.count]),
    );
    expect(top.sign_in_failure).toBe(2);
    expect(top.permission_denied).toBeUndefined();
    expect(top.config_change).toBeUndefined();
    const clientTypes = a.client_event_types.map((r: { event_type: string }) => r.event_type);
    expect(clientTypes).toEqual(expect.arrayContaining(['sign_in_failure', 'sign_in_success', 'permission_denied']));
    expect(clientTypes).not.toContain('config_change');
    expect(clientTypes).not.toContain('app_startup');
  });

  it('the viewer and the export hide browser page-load events unless include_browser=true', async () => {
    const all = async (query: string) => {
      const events: { event_type: string; source: string }[] = [];
      let cursor: string | null = null;
      do {
        const page: { events: { event_type: string; source: string }[]; next_cursor: string | null } = (
          await get(`/api/admin/audit?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        events.push(...page.events);
        cursor = page.next_cursor;
      } while (cursor !== null);
      return events;
    };
    const hidden = await all('');
    expect(
      hidden.filter((e) => e.source === 'client' && ['config_change', 'app_startup'].includes(e.event_type)),
    ).toEqual([]);
    expect(hidden.filter((e) => e.source === 'client')).toHaveLength(16);
    const shown = await all('&include_browser=true');
    expect(shown.length - hidden.length).toBe(26);
    expect(await all('&type=config_change')).toHaveLength(0);
    expect(await all('&type=config_change&include_browser=true')).toHaveLength(20);

    const csv = async (query: string) =>
      (await get(`/api/admin/audit/export?format=csv${query}`)).body
        .split('\r\n')
        .filter((l) => l.includes(',client,'));
    expect((await csv('')).some((l) => l.includes('config_change'))).toBe(false);
    expect((await csv('&include_browser=true')).filter((l) => l.includes('config_change'))).toHaveLength(20);
    const bad = await t.client.get('/api/admin/audit?include_browser=yes', { cookie });
    expect(bad.statusCode).toBe(400);
  });
});
