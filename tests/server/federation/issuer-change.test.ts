import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import type { TestHub } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { FIXTURE_PASSWORD, createUser, signedInUser } from '../../helpers/fixtures';
import { federatedIdentities, platformUsers } from '../../../src/server/db/schema/index';
import { LINK_COOKIE } from '../../../src/server/federation/pending-link';
import { startUpstream, type Upstream } from './upstream-provider';
import { startSamlIdp, type SamlIdp } from './saml-idp';
import { auditRowsOf, callbackOf, registerUpstream, sessionOf, signInVia, startAt } from './federation-helpers';

/**
 * Issue 38, finding 6: a subject names a person only at the issuer that gave it. Changing a
 * provider's issuer (OIDC) or its IdP (SAML metadata with another entityID) unlinks, in the same
 * transaction, every identity linked through it (an audit row each) and voids its pending links;
 * the new issuer's subjects never sign into the old accounts. New metadata of the same IdP (a
 * certificate roll-over) and other changes keep them.
 */

const identitiesOf = (t: TestHub, subject: string) =>
  t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));

describe.each(TEST_DATABASES)('changing an OpenID Connect provider\u2019s issuer [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let first: Upstream;
  let second: Upstream;
  let admin: string;
  let acmeId: string;

  beforeAll(async () => {
    first = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    second = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    acmeId = await registerUpstream(t, admin, 'acme', first, {
      may_create_accounts: true,
      trusts_email_verified: true,
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const patch = (body: Record<string, unknown>) =>
    t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${acmeId}`, { body });

  it('unlinks every identity and voids pending links; the new issuer\u2019s same subject reaches no old account', async () => {
    first.accounts.set('sub-1', { email: 'amy@acme.test', email_verified: true });
    const amy = (await sessionOf(t, await signInVia(t, 'acme', 'sub-1')))!.row.userId;
    first.accounts.set('sub-2', { email: 'ben@acme.test', email_verified: true });
    await signInVia(t, 'acme', 'sub-2');
    // A pending link of the old issuer, waiting for its proof.
    const cal = await createUser(t.hub, { email: 'cal@acme.test' });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, cal.id));
    first.accounts.set('sub-3', { email: 'cal@acme.test', email_verified: true });
    const pending = cookieFrom(await signInVia(t, 'acme', 'sub-3'), LINK_COOKIE)!;

    // Other changes keep the identities.
    expect((await patch({ display_name: 'Acme' })).statusCode).toBe(200);
    expect(await identitiesOf(t, 'sub-1')).toHaveLength(1);

    const changed = await patch({
      issuer: second.issuer,
      client_id: second.clientId,
      client_secret: second.clientSecret,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect([...(await identitiesOf(t, 'sub-1')), ...(await identitiesOf(t, 'sub-2'))]).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_identity_unlinked', 'reason', 'provider_issuer_changed');
    expect(rows.map((r) => (r.details as { subject: string }).subject).sort()).toEqual(['sub-1', 'sub-2']);
    expect(rows.find((r) => (r.details as { subject: string }).subject === 'sub-1')?.details).toMatchObject({
      provider: 'acme',
      target_user_id: amy,
    });
    expect(await auditRowsOf(t, 'identity_provider_updated', 'provider', 'acme')).toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ identities_unlinked: 2 }) }),
    );
    const confirm = await t.client.asBrowser(pending).post('/api/auth/sso/link/confirm', {
      body: { password: FIXTURE_PASSWORD },
    });
    expect(confirm.statusCode).toBe(400);
    expect(await identitiesOf(t, 'sub-3')).toEqual([]);

    // Someone else at the new issuer happens to have the subject "sub-1".
    second.accounts.set('sub-1', { email: 'stranger@acme.test', email_verified: true });
    const stranger = await signInVia(t, 'acme', 'sub-1');
    expect(stranger.statusCode, stranger.body).toBe(303);
    expect(stranger.headers.location).toBe('/account');
    expect((await sessionOf(t, stranger))!.row.userId).not.toBe(amy);
  });
});

describe.each(TEST_DATABASES)('changing a SAML provider\u2019s IdP [%s]', (kind) => {
  const t = useTestHub(kind, { realClock: true, config: { outboundAllowPrivate: true } });
  let idp: SamlIdp;
  let other: SamlIdp;
  let admin: string;
  let corpId: string;

  beforeAll(async () => {
    idp = await startSamlIdp();
    other = await startSamlIdp();
    admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    // Saved disabled, both IdPs told the hub's SP metadata, then enabled (its connection test passes).
    const res = await t.client.asBrowser(admin).post('/api/admin/identity-providers', {
      body: { protocol: 'saml', slug: 'corp', display_name: 'Corp', metadata_xml: idp.metadataXml, enabled: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    corpId = res.json().provider.id;
    const spMetadata = (await t.client.get('/auth/sso/corp/metadata')).body;
    idp.trust(spMetadata);
    other.trust(spMetadata);
    const enabled = await t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${corpId}`, {
      body: { may_create_accounts: true, trusts_email_verified: true, enabled: true },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });
  afterAll(async () => {
    await idp?.close();
    await other?.close();
  });

  async function signInAt(at: SamlIdp, account: string) {
    const { location, ssoCookie } = await startAt(t, 'corp');
    const { samlResponse } = await at.signIn(location, account);
    return t.client.post('/auth/sso/corp/acs', { form: { SAMLResponse: samlResponse }, cookie: ssoCookie });
  }
  const patch = (metadata_xml: string) =>
    t.client.asBrowser(admin).patch(`/api/admin/identity-providers/${corpId}`, { body: { metadata_xml } });

  it('keeps identities for new metadata of the same IdP, unlinks them all for another IdP', async () => {
    idp.accounts.set('dee', { nameId: 'dee-0001', attributes: { email: 'dee@corp.test' } });
    const dee = (await sessionOf(t, await signInAt(idp, 'dee')))!.row.userId;
    expect(await identitiesOf(t, 'dee-0001')).toMatchObject([{ userId: dee }]);

    // The same IdP's metadata again (as after a certificate roll-over): nothing changes.
    expect((await patch(idp.metadataXml)).statusCode).toBe(200);
    expect(await identitiesOf(t, 'dee-0001')).toHaveLength(1);

    const changed = await patch(other.metadataXml);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().provider.issuer).toBe(other.entityId);
    expect(await identitiesOf(t, 'dee-0001')).toEqual([]);
    expect(await auditRowsOf(t, 'federated_identity_unlinked', 'subject', 'dee-0001')).toMatchObject([
      { details: { provider: 'corp', reason: 'provider_issuer_changed', target_user_id: dee } },
    ]);

    // The other IdP's "dee-0001" is someone else: never Dee's account.
    other.accounts.set('dee', { nameId: 'dee-0001', attributes: { email: 'someone@corp.test' } });
    const res = await signInAt(other, 'dee');
    expect(res.statusCode, res.body).toBe(303);
    expect((await sessionOf(t, res))!.row.userId).not.toBe(dee);
  });
});
