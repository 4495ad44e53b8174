import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { startUpstream, type Upstream } from './upstream-provider';
import { auditRowsOf, callbackOf, registerUpstream, startAt } from './federation-helpers';

/**
 * An upstream provider is reached through the one door out (net/outbound.ts, openid-client's
 * customFetch): the same address policy as a webhook. A provider on this machine is reached only
 * while HUB_OUTBOUND_ALLOW_PRIVATE allows it; before 2026-11-28 discovery fetched with no check.
 */
describe.each(TEST_DATABASES)('upstream OpenID Connect through the outbound policy [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let upstream: Upstream;
  let adminCookie: string;

  beforeAll(async () => {
    upstream = await startUpstream({ redirectUri: callbackOf(t, 'local-idp') });
    adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, adminCookie, 'local-idp', upstream, { may_create_accounts: true });
  });
  afterAll(async () => {
    t.hub.config.outboundAllowPrivate = true;
    await upstream?.close();
  });

  it('refuses to discover a loopback provider unless private targets are allowed', async () => {
    t.hub.config.outboundAllowPrivate = false;
    const refused = await t.client.get('/auth/sso/local-idp');
    expect(refused.statusCode).not.toBe(302);
    expect(String(refused.headers.location ?? '')).not.toContain(new URL(upstream.issuer).host);
    const rows = await auditRowsOf(t, 'federated_sign_in_refused');
    expect(rows.map((r) => (r.details as { reason?: string }).reason)).toContain('discovery_failed:refused_loopback');

    t.hub.config.outboundAllowPrivate = true;
    const { location } = await startAt(t, 'local-idp');
    expect(new URL(location).origin).toBe(new URL(upstream.issuer).origin);
  });
});
