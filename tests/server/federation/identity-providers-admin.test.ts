import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { identityProviders } from '../../../src/server/db/schema/index';
import { auditRowsOf } from './federation-helpers';

const SECRET = 'upstream-client-secret-do-not-leak-1234';

describe.each(TEST_DATABASES)('identity providers: admin API, sign-in page list, discovery [%s]', (kind) => {
  const t = useTestHub(kind);
  let admin: string;
  beforeAll(async () => {
    admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
  });

  const body = {
    protocol: 'oidc',
    slug: 'acme',
    display_name: 'Acme SSO',
    issuer: 'https://login.acme.test',
    client_id: 'hub-at-acme',
    client_secret: SECRET,
    email_domains: ['Acme.test', 'acme-corp.test'],
  };

  it('registers a provider, answers what to register at it, and never returns or stores the secret in clear', async () => {
    const res = await t.client.asBrowser(admin).post('/api/admin/identity-providers', { body });
    expect(res.statusCode, res.body).toBe(201);
    const { provider, redirect_uri } = res.json();
    expect(redirect_uri).toBe(`${t.hub.config.publicUrl}/auth/sso/acme/callback`);
    expect(provider).toMatchObject({
      slug: 'acme',
      protocol: 'oidc',
      enabled: true,
      has_client_secret: true,
      scopes: ['openid', 'email', 'profile'],
      email_domains: ['acme.test', 'acme-corp.test'],
      trusts_email_verified: false,
      trusts_mfa: false,
      may_create_accounts: false,
      attribute_mapping: { email: 'email', name: 'name' },
    });
    const [row] = await t.hub.db.select().from(identityProviders);
    expect(row.clientSecretEnc).not.toContain(SECRET);
    const list = await t.client.get('/api/admin/identity-providers', { cookie: admin });
    const one = await t.client.get(`/api/admin/identity-providers/${provider.id}`, { cookie: admin });
    const patched = await t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${provider.id}`, {
      body: { client_secret: `${SECRET}-2`, display_name: 'Acme' },
    });
    expect(patched.statusCode).toBe(200);
    for (const answer of [res, list, one, patched]) expect(answer.body).not.toContain(SECRET);
    const audit = await auditRowsOf(t, 'identity_provider_updated', 'provider', 'acme');
    expect(audit[0].details).toMatchObject({ fields: ['client_secret', 'display_name'] });
    expect(JSON.stringify(await auditRowsOf(t, 'identity_provider_created'))).not.toContain(SECRET);
  });

  it('refuses non-admins and signed-out callers on every route, changing nothing', async () => {
    const user = (await signedInUser(t.hub)).cookie;
    const id = '00000000-0000-4000-8000-000000000000';
    const as = t.client.asBrowser(user);
    const answers = [
      await as.get('/api/admin/identity-providers'),
      await as.post('/api/admin/identity-providers', { body: { ...body, slug: 'sneaky' } }),
      await as.get(`/api/admin/identity-providers/${id}`),
      await as.patch(`/api/admin/identity-providers/${id}`, { body: { enabled: false } }),
      await as.delete(`/api/admin/identity-providers/${id}`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await t.client.get('/api/admin/identity-providers')).statusCode).toBe(401);
    const rows = await t.hub.db.select().from(identityProviders);
    expect(rows.map((r) => r.slug)).not.toContain('sneaky');
  });

  it('validates input: presets, issuer, slug, scopes, duplicate slug and domain', async () => {
    const as = t.client.asBrowser(admin);
    const google = await as.post('/api/admin/identity-providers', {
      body: { protocol: 'oidc', preset: 'google', slug: 'google', client_id: 'g', client_secret: 's' },
    });
    expect(google.statusCode, google.body).toBe(201);
    expect(google.json().provider).toMatchObject({ issuer: 'https://accounts.google.com', display_name: 'Google' });
    const entra = await as.post('/api/admin/identity-providers', {
      body: { protocol: 'oidc', preset: 'microsoft', slug: 'entra', client_id: 'm', client_secret: 's' },
    });
    expect(entra.statusCode).toBe(400);
    expect(entra.json().error.message).toContain('login.microsoftonline.com');
    const bad = [
      { ...body, slug: 'other', issuer: 'http://login.acme.test' },
      { ...body, slug: 'Bad Slug' },
      { ...body, slug: 'other', scopes: ['email'] },
      { ...body, slug: 'other', protocol: 'saml' },
      { ...body, slug: 'other', unknown_field: true },
    ];
    for (const b of bad) expect((await as.post('/api/admin/identity-providers', { body: b })).statusCode).toBe(400);
    expect((await as.post('/api/admin/identity-providers', { body })).statusCode).toBe(409);
    const clash = await as.post('/api/admin/identity-providers', {
      body: { ...body, slug: 'acme2', email_domains: ['acme.test'] },
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (
        await as.patch('/api/admin/identity-providers/00000000-0000-4000-8000-000000000000', {
          body: { enabled: true },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists only enabled providers for the sign-in page and discovers by the email domain only', async () => {
    const providers = (await t.client.get('/api/auth/providers')).json().providers;
    expect(providers).toEqual(expect.arrayContaining([{ slug: 'acme', display_name: 'Acme', protocol: 'oidc' }]));
    expect(JSON.stringify(providers)).not.toMatch(/client_id|issuer/);
    const discover = (email: string) => t.client.asBrowser().post('/api/auth/discover', { body: { email } });
    expect((await discover('nobody@ACME.test')).json()).toEqual({ sso: { slug: 'acme', display_name: 'Acme' } });
    expect((await discover('someone@elsewhere.test')).json()).toEqual({ sso: null });
    expect((await discover('not-an-email')).statusCode).toBe(400);
    const [acme] = await t.hub.db.select().from(identityProviders);
    await t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${acme.id}`, { body: { enabled: false } });
    expect((await discover('nobody@acme.test')).json()).toEqual({ sso: null });
    expect(
      (await t.client.get('/api/auth/providers')).json().providers.map((p: { slug: string }) => p.slug),
    ).not.toContain('acme');
  });

  it('deletes a provider with an audit row', async () => {
    const [acme] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'acme');
    const res = await t.client.asBrowser(admin).delete(`/api/admin/identity-providers/${acme.id}`);
    expect(res.json()).toEqual({ deleted: true });
    expect((await t.client.get(`/api/admin/identity-providers/${acme.id}`, { cookie: admin })).statusCode).toBe(404);
    expect(await auditRowsOf(t, 'identity_provider_deleted', 'provider', 'acme')).toHaveLength(1);
  });
});
