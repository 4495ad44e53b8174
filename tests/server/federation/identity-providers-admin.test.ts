import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { eq } from 'drizzle-orm';
import { createUser, signedInUser } from '../../helpers/fixtures';
import {
  federatedIdentities,
  identityProviders,
  organizations,
  platformUsers,
} from '../../../src/server/db/schema/index';
import { DEFAULT_ATTRIBUTE_MAPPING } from '../../../src/shared/api/federation';
import { auditRowsOf } from './federation-helpers';
import { makeKeyPair } from './saml-idp';
import { startUpstream, type Upstream } from './upstream-provider';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** An IdP's metadata as consoles export it; each part can be left out or changed. */
function idpMetadata(
  o: { entityId?: string; ssoUrl?: string; binding?: string; certs?: string[]; use?: string; doctype?: boolean } = {},
) {
  const certs = (o.certs ?? []).map(
    (c) =>
      `<md:KeyDescriptor${o.use === undefined ? ' use="signing"' : o.use ? ` use="${o.use}"` : ''}>` +
      `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${c}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
  );
  return (
    (o.doctype ? '<!DOCTYPE x [<!ENTITY a "aaaa">]>' : '') +
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"' +
    (o.entityId === '' ? '' : ` entityID="${o.entityId ?? 'https://idp.corp.test/saml'}"`) +
    '><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
    certs.join('') +
    `<md:SingleSignOnService Binding="${o.binding ?? REDIRECT}" Location="${o.ssoUrl ?? 'https://idp.corp.test/sso'}"/>` +
    '</md:IDPSSODescriptor></md:EntityDescriptor>'
  );
}

/** The base64 body of a PEM certificate, with the line breaks metadata files have. */
function certBody(pem: string) {
  return pem.replace(/-----[A-Z ]+-----/g, '').trim();
}

const SECRET = 'upstream-client-secret-do-not-leak-1234';

describe.each(TEST_DATABASES)('identity providers: admin API, sign-in page list, discovery [%s]', (kind) => {
  // Providers saved enabled pass the connection test first (issue 46): Acme is a real upstream on loopback.
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let admin: string;
  let upstream: Upstream;
  const body = {
    protocol: 'oidc',
    slug: 'acme',
    display_name: 'Acme SSO',
    issuer: '',
    client_id: 'hub-at-acme',
    client_secret: SECRET,
    email_domains: ['Acme.test', 'acme-corp.test'],
  };
  beforeAll(async () => {
    admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    const callback = (slug: string) => `${t.hub.config.publicUrl}/auth/sso/${slug}/callback`;
    upstream = await startUpstream({ redirectUri: [callback('acme'), callback('acme2')], clientId: body.client_id });
    body.issuer = upstream.issuer;
  });
  afterAll(() => upstream.close());

  it('registers a provider, answers what to register at it, and never returns or stores the secret in clear', async () => {
    const res = await t.client.asBrowser(admin).post('/api/admin/identity-providers', { body });
    expect(res.statusCode, res.body).toBe(201);
    const { provider, redirect_uri } = res.json();
    expect(provider.last_ok_at).toEqual(expect.any(String));
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
      body: { protocol: 'oidc', preset: 'google', slug: 'google', client_id: 'g', client_secret: 's', enabled: false },
    });
    expect(google.statusCode, google.body).toBe(201);
    expect(google.json().provider).toMatchObject({
      issuer: 'https://accounts.google.com',
      display_name: 'Google',
      enabled: false,
      last_ok_at: null,
    });
    const entra = await as.post('/api/admin/identity-providers', {
      body: { protocol: 'oidc', preset: 'microsoft', slug: 'entra', client_id: 'm', client_secret: 's' },
    });
    expect(entra.statusCode).toBe(400);
    expect(entra.json().error.message).toContain('login.microsoftonline.com');
    const bad = [
      { ...body, slug: 'other', issuer: 'http://login.acme.test' },
      { ...body, slug: 'other', issuer: 'https://login.acme.test?x=1' },
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

  it('registers a SAML provider from its metadata and answers the ACS URL, entity ID and metadata URL', async () => {
    const { cert } = makeKeyPair('corp-idp');
    const as = t.client.asBrowser(admin);
    const res = await as.post('/api/admin/identity-providers', {
      body: {
        protocol: 'saml',
        slug: 'corp',
        display_name: 'Corp SSO',
        metadata_xml: idpMetadata({ certs: [certBody(cert)] }),
        email_domains: ['corp.test'],
        trusts_mfa: true,
        enabled: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const base = `${t.hub.config.publicUrl}/auth/sso/corp`;
    const answer = res.json();
    expect(answer).toMatchObject({
      acs_url: `${base}/acs`,
      entity_id: `${base}/metadata`,
      metadata_url: `${base}/metadata`,
    });
    expect(answer.redirect_uri).toBeUndefined();
    expect(answer.provider).toMatchObject({
      protocol: 'saml',
      issuer: 'https://idp.corp.test/saml',
      client_id: null,
      has_client_secret: false,
      redirect_uri: null,
      acs_url: `${base}/acs`,
      entity_id: `${base}/metadata`,
      saml: { sso_url: 'https://idp.corp.test/sso', certificates: 1 },
      trusts_mfa: true,
      attribute_mapping: { email: 'email', name: 'name' },
    });
    const read = (await t.client.get(`/api/admin/identity-providers/${answer.provider.id}`, { cookie: admin })).json();
    expect(read).toMatchObject({ acs_url: `${base}/acs`, metadata_url: `${base}/metadata` });
    const created = await auditRowsOf(t, 'identity_provider_created', 'provider', 'corp');
    expect(created[0].details).toMatchObject({ protocol: 'saml', issuer: 'https://idp.corp.test/saml' });
    const metadata = await t.client.get('/auth/sso/corp/metadata');
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${base}/metadata"`);
    expect(metadata.body).toContain(`Location="${base}/acs"`);

    // New metadata (the IdP rolled its certificate: two during the roll-over).
    const next = makeKeyPair('corp-idp-2').cert;
    const rolled = await as.patch(`/api/admin/identity-providers/${answer.provider.id}`, {
      body: {
        metadata_xml: idpMetadata({ certs: [certBody(cert), certBody(next)], ssoUrl: 'https://idp.corp.test/sso2' }),
      },
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().provider.saml).toEqual({ sso_url: 'https://idp.corp.test/sso2', certificates: 2 });
    const [row] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'corp');
    expect(row.samlCertificates).toHaveLength(2);
    expect(row.samlCertificates[1]).toContain('-----BEGIN CERTIFICATE-----');
    const updated = await auditRowsOf(t, 'identity_provider_updated', 'provider', 'corp');
    expect(updated[0].details).toMatchObject({ fields: ['metadata_xml'] });
  });

  it('refuses SAML metadata the hub cannot use, and fields of the other protocol, with a 400 naming it', async () => {
    const { cert } = makeKeyPair('corp-idp-3');
    const good = certBody(cert);
    const as = t.client.asBrowser(admin);
    const create = (metadata_xml: string, extra: Record<string, unknown> = {}) =>
      as.post('/api/admin/identity-providers', {
        body: { protocol: 'saml', slug: 'broken', display_name: 'Broken', metadata_xml, enabled: false, ...extra },
      });
    const cases: [string, RegExp][] = [
      ['not xml at all <', /metadata_xml: .*not well-formed|metadata_xml: .*no identity provider/],
      ['<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"/>', /no identity provider/],
      [idpMetadata({ entityId: '', certs: [good] }), /no entityID/],
      [idpMetadata({ binding: POST, certs: [good] }), /HTTP-Redirect/],
      [idpMetadata({ ssoUrl: 'http://idp.corp.test/sso', certs: [good] }), /https/],
      [idpMetadata({ certs: [] }), /no signing certificate/],
      [idpMetadata({ certs: [good], use: 'encryption' }), /no signing certificate/],
      [idpMetadata({ certs: ['bm90IGEgY2VydGlmaWNhdGU='] }), /not a valid X.509 certificate/],
      [idpMetadata({ certs: [good], doctype: true }), /DOCTYPE/],
    ];
    for (const [xml, message] of cases) {
      const res = await create(xml);
      expect(res.statusCode, xml).toBe(400);
      expect(res.json().error.message, xml).toMatch(message);
      expect(res.json().error.message).toMatch(/^metadata_xml: /);
    }
    // A certificate without a `use` signs too.
    expect((await create(idpMetadata({ certs: [good], use: '' }), { slug: 'nouse' })).statusCode).toBe(201);
    const shapes = [
      { protocol: 'saml', slug: 'broken', display_name: 'Broken' },
      {
        protocol: 'saml',
        slug: 'broken',
        display_name: 'Broken',
        metadata_xml: idpMetadata({ certs: [good] }),
        client_secret: 'x',
      },
      { protocol: 'saml', slug: 'broken', metadata_xml: idpMetadata({ certs: [good] }) },
    ];
    for (const b of shapes) expect((await as.post('/api/admin/identity-providers', { body: b })).statusCode).toBe(400);
    expect((await t.hub.db.select().from(identityProviders)).map((p) => p.slug)).not.toContain('broken');

    const [corp] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'corp');
    const [acme] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'acme');
    const secretToSaml = await as.patch(`/api/admin/identity-providers/${corp.id}`, { body: { client_secret: 'x' } });
    expect(secretToSaml.statusCode).toBe(400);
    expect(secretToSaml.json().error.message).toMatch(/client_secret: is not a field of a SAML provider/);
    const metadataToOidc = await as.patch(`/api/admin/identity-providers/${acme.id}`, {
      body: { metadata_xml: idpMetadata({ certs: [good] }) },
    });
    expect(metadataToOidc.statusCode).toBe(400);
    const badPatch = await as.patch(`/api/admin/identity-providers/${corp.id}`, { body: { metadata_xml: '<x/>' } });
    expect(badPatch.statusCode).toBe(400);
    const [after] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'corp');
    expect(after.samlCertificates).toEqual(corp.samlCertificates);
    expect(after.clientSecretEnc).toBeNull();
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

  it('counts what deleting a provider ends (the accounts it is the only way into), then deletes it with an audit row', async () => {
    const [acme] = (await t.hub.db.select().from(identityProviders)).filter((p) => p.slug === 'acme');
    const impactOf = async () =>
      t.client.get(`/api/admin/identity-providers/${acme.id}/deletion-impact`, { cookie: admin });
    expect((await impactOf()).json()).toEqual({ identities: 0, only_way_in: 0, organizations_requiring: 0 });
    // Two accounts it created (no password), one of which also has another provider; one with a password.
    const [created, createdTwice, withPassword] = [
      await createUser(t.hub),
      await createUser(t.hub),
      await createUser(t.hub),
    ];
    for (const u of [created, createdTwice])
      await t.hub.db.update(platformUsers).set({ passwordHash: null }).where(eq(platformUsers.id, u.id));
    const [other] = await t.hub.db
      .insert(identityProviders)
      .values({
        slug: 'other-idp',
        protocol: 'oidc',
        displayName: 'Other',
        issuer: 'https://other.test',
        clientId: 'x',
        attributeMapping: DEFAULT_ATTRIBUTE_MAPPING,
      })
      .returning();
    await t.hub.db.insert(federatedIdentities).values([
      { providerId: acme.id, subject: 's-created', userId: created.id },
      { providerId: acme.id, subject: 's-twice', userId: createdTwice.id },
      { providerId: other.id, subject: 's-twice', userId: createdTwice.id },
      { providerId: acme.id, subject: 's-password', userId: withPassword.id },
    ]);
    await t.hub.db
      .insert(organizations)
      .values({ name: 'Needs Acme', slug: `needs-acme-${kind}`, requireSsoProviderId: acme.id });
    const impact = await impactOf();
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toEqual({ identities: 3, only_way_in: 1, organizations_requiring: 1 });
    const user = (await signedInUser(t.hub)).cookie;
    expect(
      (await t.client.get(`/api/admin/identity-providers/${acme.id}/deletion-impact`, { cookie: user })).statusCode,
    ).toBe(403);
    const unknown = '/api/admin/identity-providers/00000000-0000-4000-8000-000000000000/deletion-impact';
    expect((await t.client.get(unknown, { cookie: admin })).statusCode).toBe(404);

    const res = await t.client.asBrowser(admin).delete(`/api/admin/identity-providers/${acme.id}`);
    expect(res.json()).toEqual({ deleted: true });
    expect((await t.client.get(`/api/admin/identity-providers/${acme.id}`, { cookie: admin })).statusCode).toBe(404);
    expect(await auditRowsOf(t, 'identity_provider_deleted', 'provider', 'acme')).toHaveLength(1);
  });
});
