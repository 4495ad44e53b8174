import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { identityProviders } from '../../../src/server/db/schema/index';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import type { TestClient } from '../../helpers/client';
import { startUpstream, type Upstream } from './upstream-provider';
import { startSamlIdp, type SamlIdp } from './saml-idp';
import { auditRowsOf, callbackOf, registerSamlIdp, registerUpstream } from './federation-helpers';

/**
 * Issue 46: POST /api/admin/identity-providers/:id/test tries what a sign-in would (discovery or
 * metadata, keys or certificates, a dry authorization request) against real upstreams on
 * loopback, keeps the outcome on the provider's row, and a sign-in through a provider that cannot
 * be reached says so by name instead of blaming its answer.
 */
describe.each(TEST_DATABASES)('identity provider connection test [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let upstream: Upstream;
  let idp: SamlIdp;
  let adminCookie: string;
  let as: TestClient;
  let closedPort: number;

  beforeAll(async () => {
    upstream = await startUpstream({ redirectUri: callbackOf(t, 'good') });
    idp = await startSamlIdp();
    adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    as = t.client.asBrowser(adminCookie);
    // A port nothing listens on any more: connection refused, never a stranger's address.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    await upstream.close();
    await idp.close();
  });

  const testOf = async (id: string) => {
    const res = await as.post(`/api/admin/identity-providers/${id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: boolean; steps: { name: string; ok: boolean; code: string; detail: string }[] };
  };
  const rowOf = async (id: string) => (await as.get(`/api/admin/identity-providers/${id}`)).json().provider;

  it('passes every step of a working OpenID Connect provider and shows the success on its row', async () => {
    const id = await registerUpstream(t, adminCookie, 'good', upstream);
    const result = await testOf(id);
    expect(result.steps.map((s) => [s.name, s.ok])).toEqual([
      ['discovery', true],
      ['keys', true],
      ['authorization', true],
    ]);
    expect(result.ok).toBe(true);
    expect(result.steps[1]!.detail).toMatch(/signing key/);
    const row = await rowOf(id);
    expect(row.last_ok_at).toEqual(expect.any(String));
    expect(row.last_error).toBeNull();
    expect(await auditRowsOf(t, 'identity_provider_tested', 'provider', 'good')).toHaveLength(1);
  });

  it('test on save: refuses to save enabled a provider that fails, naming the step; saved disabled it is kept', async () => {
    const wrongClient = { ...upstream, clientId: 'not-registered-there' };
    const body = {
      protocol: 'oidc',
      slug: 'wrong-client',
      display_name: 'wrong-client SSO',
      issuer: wrongClient.issuer,
      client_id: wrongClient.clientId,
      client_secret: upstream.clientSecret,
    };
    const refused = await as.post('/api/admin/identity-providers', { body });
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error;
    expect(error).toMatchObject({ code: 'connection_test_failed', failed_step: 'authorization' });
    expect(error.message).toContain('authorization step');
    expect(error.message).toContain(callbackOf(t, 'wrong-client'));
    expect(error.steps.map((s: { name: string; ok: boolean }) => [s.name, s.ok])).toEqual([
      ['discovery', true],
      ['keys', true],
      ['authorization', false],
    ]);
    expect(refused.body).not.toContain(upstream.clientSecret);
    expect(
      (await as.get('/api/admin/identity-providers')).json().providers.map((p: { slug: string }) => p.slug),
    ).not.toContain('wrong-client');

    const id = await registerUpstream(t, adminCookie, 'wrong-client', wrongClient, { enabled: false });
    // Switching it on runs the test again, and is refused the same way; the row stays disabled.
    const enabling = await as.patch(`/api/admin/identity-providers/${id}`, { body: { enabled: true } });
    expect(enabling.statusCode).toBe(400);
    expect(enabling.json().error.failed_step).toBe('authorization');
    expect((await rowOf(id)).enabled).toBe(false);

    const result = await testOf(id);
    expect(result.ok).toBe(false);
    expect(result.steps.map((s) => [s.name, s.ok])).toEqual([
      ['discovery', true],
      ['keys', true],
      ['authorization', false],
    ]);
    expect(result.steps[2]!.detail).toContain(callbackOf(t, 'wrong-client'));
    expect(JSON.stringify(result)).not.toContain(upstream.clientSecret);
    expect((await rowOf(id)).last_error).toMatch(/^authorization: The provider refused the request \(HTTP 400\)/);
  });

  it('an issuer gone since it was saved fails at discovery; a sign-in through it says it cannot be reached', async () => {
    // Enabled while it answered (its test on save passed), then it went away: saved disabled at a
    // port nothing listens on, and switched on in its table as it was.
    const id = await registerUpstream(
      t,
      adminCookie,
      'down',
      { ...upstream, issuer: `http://127.0.0.1:${closedPort}` },
      { enabled: false },
    );
    await t.hub.db.update(identityProviders).set({ enabled: true }).where(eq(identityProviders.id, id));
    const result = await testOf(id);
    expect(result.steps).toEqual([
      {
        name: 'discovery',
        ok: false,
        code: 'unreachable',
        detail: expect.stringMatching(/cannot be reached \(discovery_failed:econnrefused\)/),
      },
    ]);
    const signIn = await t.client.get('/auth/sso/down');
    expect(signIn.statusCode).toBe(400);
    expect(signIn.body).toContain('down SSO cannot be reached right now');
    expect(signIn.body).not.toContain('could not be accepted');
    expect((await rowOf(id)).last_error).toMatch(/^sign-in: cannot be reached \(discovery_failed:econnrefused\)/);
    // A change of its client secret on the enabled provider is tested too, and refused at discovery.
    const patched = await as.patch(`/api/admin/identity-providers/${id}`, { body: { client_secret: 'another' } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().error.failed_step).toBe('discovery');
    // A closed port nothing listens on is refused the same way at creation.
    const refused = await as.post('/api/admin/identity-providers', {
      body: {
        protocol: 'oidc',
        slug: 'never-up',
        issuer: `http://127.0.0.1:${closedPort}`,
        display_name: 'Never up',
        client_id: 'hub',
        client_secret: 's',
      },
    });
    expect(refused.json().error).toMatchObject({ code: 'connection_test_failed', failed_step: 'discovery' });
  });

  it('checks a SAML provider’s metadata, certificates and single sign-on URL', async () => {
    const id = await registerSamlIdp(t, adminCookie, 'saml-ok', idp);
    const result = await testOf(id);
    expect(result.steps.map((s) => [s.name, s.ok])).toEqual([
      ['metadata', true],
      ['certificates', true],
      ['sso_url', true],
    ]);
    expect(result.steps[1]!.detail).toMatch(/^1 signing certificate, valid until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    expect(result.steps.map((s) => s.code)).toEqual(['metadata.ok', 'certificates.ok', 'sso.ok']);
  });

  it('words each step in the administrator’s language, with codes for programs that do not change', async () => {
    const id = (await as.get('/api/admin/identity-providers'))
      .json()
      .providers.find((p: { slug: string }) => p.slug === 'down').id as string;
    const german = await as.post(`/api/admin/identity-providers/${id}/test`, { headers: { 'accept-language': 'de' } });
    expect(german.json().steps).toEqual([
      {
        name: 'discovery',
        ok: false,
        code: 'unreachable',
        detail: 'Der Identitätsanbieter ist nicht erreichbar (discovery_failed:econnrefused).',
      },
    ]);
    // The row, read by administrators of every language, keeps English.
    expect((await rowOf(id)).last_error).toMatch(/^discovery: The identity provider cannot be reached/);
    const saml = (await as.get('/api/admin/identity-providers'))
      .json()
      .providers.find((p: { slug: string }) => p.slug === 'saml-ok').id as string;
    const arabic = await as.post(`/api/admin/identity-providers/${saml}/test`, {
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json().steps[1]).toMatchObject({ code: 'certificates.ok', detail: /^شهادة توقيع واحدة، صالحة حتى / });
  });

  it('only administrators may test; an unknown provider is a 404', async () => {
    const { cookie } = await signedInUser(t.hub);
    const id = (await as.get('/api/admin/identity-providers')).json().providers[0].id as string;
    expect((await t.client.asBrowser(cookie).post(`/api/admin/identity-providers/${id}/test`)).statusCode).toBe(403);
    expect((await as.post('/api/admin/identity-providers/00000000-0000-4000-8000-000000000000/test')).statusCode).toBe(
      404,
    );
  });
});
