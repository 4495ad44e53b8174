import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, registerUpstream, signInVia } from './federation-helpers';

/**
 * Issue 27 hardening: the sign-in detour (/auth/sso/:slug and its callback) and the link API
 * answer anyone, so a flood of bad states or unknown slugs from one address must not write one
 * audit row each. They reuse the hub's aggregation of anonymous refusals
 * (plugins/refusal-audit.ts): the first refusal of a kind per address, route and minute is
 * written, the rest are counted into one `anonymous_refusals_aggregated` row. A refusal that
 * names an upstream identity is still written every time.
 */
describe.each(TEST_DATABASES)('anonymous federation refusals are aggregated per address [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: false });
  });
  afterAll(async () => {
    await acme?.close();
  });

  const rowsFrom = (ip: string, type: string) =>
    t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, type), eq(auditLogs.ipAddress, ip)));

  it('a flood of bad states and unknown slugs from one address writes one row per kind, then one count', async () => {
    const ip = '198.51.100.10';
    const callback = (i: number) =>
      t.client.get(`/auth/sso/acme/callback?code=c${i}&state=forged-${i}`, { remoteAddress: ip });
    for (let i = 0; i < 25; i++) {
      const res = await callback(i);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('href="/auth"');
    }
    for (let i = 0; i < 25; i++) {
      expect((await t.client.get(`/auth/sso/no-such-${i}`, { remoteAddress: ip })).statusCode).toBe(404);
    }
    // Another address has its own first row.
    expect((await t.client.get('/auth/sso/acme/callback?state=x', { remoteAddress: '198.51.100.11' })).statusCode).toBe(
      400,
    );

    const written = await rowsFrom(ip, 'federated_sign_in_refused');
    expect(written.map((r) => (r.details as { reason: string }).reason).sort()).toEqual([
      'state_missing',
      'unknown_provider',
    ]);
    expect(await rowsFrom('198.51.100.11', 'federated_sign_in_refused')).toHaveLength(1);
    expect(await rowsFrom(ip, 'anonymous_refusals_aggregated')).toEqual([]);

    // The next minute's first refusal flushes the counts of the last one.
    t.clock.advance(61_000);
    expect((await callback(99)).statusCode).toBe(400);
    const counted = (await rowsFrom(ip, 'anonymous_refusals_aggregated')).map((r) => r.details);
    expect(counted).toHaveLength(2);
    expect(counted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event_type: 'federated_sign_in_refused',
          route: 'GET /auth/sso/:slug/callback',
          kind: 'state_missing',
          count: 24,
        }),
        expect.objectContaining({
          event_type: 'federated_sign_in_refused',
          route: 'GET /auth/sso/:slug',
          kind: 'unknown_provider',
          count: 24,
        }),
      ]),
    );
    expect(await rowsFrom(ip, 'federated_sign_in_refused')).toHaveLength(3);
  });

  it('a spent or missing pending link, tried again and again, is counted the same way', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 10; i++) {
      const res = await t.client.post('/api/auth/sso/link/confirm', {
        csrf: true,
        remoteAddress: ip,
        body: { password: `guess-${i}-Aa1!` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
      const mailed = await t.client.post(`/auth/sso/link/not-a-token-${i}`, {
        remoteAddress: ip,
        headers: { origin: new URL(t.hub.config.publicUrl).origin },
      });
      expect(mailed.statusCode).toBe(400);
    }
    const written = await rowsFrom(ip, 'federated_link_refused');
    expect(written.map((r) => r.details)).toEqual([
      expect.objectContaining({ reason: 'link_expired' }),
      expect.objectContaining({ reason: 'link_expired' }),
    ]);
    t.clock.advance(61_000);
    await t.client.get('/auth/sso/no-such-provider', { remoteAddress: ip });
    const counted = (await rowsFrom(ip, 'anonymous_refusals_aggregated')).map((r) => r.details);
    expect(counted).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ route: 'POST /api/auth/sso/link/confirm', kind: 'link_expired', count: 9 }),
        expect.objectContaining({ route: 'POST /auth/sso/link/:token', kind: 'link_expired', count: 9 }),
      ]),
    );
  });

  it('a refusal that names an upstream identity is written every time, however often it comes', async () => {
    // acme may not create accounts: an unknown person is refused, by subject.
    acme.accounts.set('walt-sub', { email: 'walt@nowhere.test', email_verified: true });
    for (let i = 0; i < 3; i++) {
      const res = await signInVia(t, 'acme', 'walt-sub');
      expect(res.statusCode).toBe(403);
    }
    const rows = await auditRowsOf(t, 'federated_sign_in_refused', 'subject', 'walt-sub');
    expect(rows.map((r) => (r.details as { reason: string }).reason)).toEqual([
      'accounts_not_created',
      'accounts_not_created',
      'accounts_not_created',
    ]);
  });
});
