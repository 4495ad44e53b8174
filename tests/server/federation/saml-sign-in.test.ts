import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, enrolFixtureTotp, signedInUser } from '../../helpers/fixtures';
import { federatedIdentities, federationAssertionIds, platformUsers } from '../../../src/server/db/schema/index';
import { auditRowsOf, registerSamlIdp, sessionOf, startAt, startLinkAt } from './federation-helpers';
import { deleteExpiredAssertionIds } from '../../../src/server/federation/queries';
import { MFA_CONTEXT, NAMEID_EMAIL, startSamlIdp, type ResponseOptions, type SamlIdp } from './saml-idp';

/**
 * Upstream SAML 2.0 sign-in (issue 27) against a real IdP (samlify on 127.0.0.1, its own key and
 * certificate): the hub's AuthnRequest by HTTP-Redirect, the IdP's signed Response by HTTP-POST to
 * the ACS. Nothing of the protocol is mocked; the refused answers are ones the IdP produced (or
 * took apart, for signature wrapping). The hub runs on a real clock: node-saml checks the
 * assertion's times against it.
 */

describe.each(TEST_DATABASES)('federated sign-in with SAML 2.0 [%s]', (kind) => {
  // outboundAllowPrivate: the IdP on loopback answers the connection test run when it is enabled (issue 46).
  const t = useTestHub(kind, { realClock: true, config: { outboundAllowPrivate: true } });
  let idp: SamlIdp;
  let adminCookie: string;
  let providerId: string;

  beforeAll(async () => {
    idp = await startSamlIdp();
    adminCookie = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    providerId = await registerSamlIdp(t, adminCookie, 'corp', idp, {
      may_create_accounts: true,
      trusts_email_verified: true,
      email_domains: ['corp.test'],
    });
  });
  afterAll(async () => {
    await idp?.close();
  });

  async function usersWithEmail(email: string) {
    return t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, email));
  }

  /** Starts at the hub, signs `account` in at the IdP; the IdP's answer and the browser's state cookie. */
  async function answerFor(account: string, options: ResponseOptions = {}, query = '') {
    const { location, ssoCookie } = await startAt(t, 'corp', query);
    const { acsUrl, samlResponse } = await idp.signIn(location, account, options);
    expect(acsUrl).toBe(`${t.hub.config.publicUrl}/auth/sso/corp/acs`);
    return { samlResponse, ssoCookie };
  }

  /**
   * Each answer from an address of its own: anonymous refusals from one address are aggregated
   * per reason and minute (refusal-aggregation.test.ts), and these tests count one row per refusal.
   */
  let browsers = 0;
  function postAcs(samlResponse: string, cookie?: string, slug = 'corp') {
    browsers += 1;
    return t.client.post(`/auth/sso/${slug}/acs`, {
      form: { SAMLResponse: samlResponse },
      remoteAddress: `127.0.${Math.floor(browsers / 250)}.${(browsers % 250) + 1}`,
      ...(cookie ? { cookie } : {}),
    });
  }

  async function signInVia(account: string, options: ResponseOptions = {}, query = '') {
    const { samlResponse, ssoCookie } = await answerFor(account, options, query);
    return postAcs(samlResponse, ssoCookie);
  }

  async function reasonsOf(subject: string) {
    return (await auditRowsOf(t, 'federated_sign_in_refused', 'subject', subject)).map(
      (r) => (r.details as { reason: string }).reason,
    );
  }

  /** A refusal: a 4xx page with the way back to /auth, no session, nobody with `email`. */
  async function expectRefusedPage(
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    email: string,
  ) {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(res.body).toContain('href="/auth"');
    expect(await sessionOf(t, res)).toBeNull();
    expect(await usersWithEmail(email)).toEqual([]);
  }

  async function refusalsWithReason(reason: string) {
    return auditRowsOf(t, 'federated_sign_in_refused', 'reason', reason);
  }

  it('serves the hub\u2019s SP metadata: entity ID, ACS URL, NameID format, signed assertions wanted', async () => {
    const res = await t.client.get('/auth/sso/corp/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/samlmetadata\+xml/);
    const doc = new DOMParser().parseFromString(res.body, 'text/xml');
    const root = doc.documentElement!;
    expect(root.getAttribute('entityID')).toBe(`${t.hub.config.publicUrl}/auth/sso/corp/metadata`);
    const acs = root.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'AssertionConsumerService')[0];
    expect(acs.getAttribute('Location')).toBe(`${t.hub.config.publicUrl}/auth/sso/corp/acs`);
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(res.body).toContain(`<NameIDFormat>${NAMEID_EMAIL}</NameIDFormat>`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect((await t.client.get('/auth/sso/no-such/metadata')).statusCode).toBe(404);
  });

  it('JIT sign-up: a new person gets an account and a session like a password sign-in; the assertion is recorded', async () => {
    idp.accounts.set('alice', {
      nameId: 'alice-0001',
      attributes: { email: 'Alice@Corp.test', displayName: 'Alice Upstream' },
    });
    const res = await signInVia('alice', {}, '?return_to=/account/security');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/account/security');
    const session = await sessionOf(t, res);
    expect(session?.row.amr).toEqual(['fed']);
    const me = (await t.client.get('/api/auth/session', { cookie: session!.cookie })).json();
    expect(me.user).toMatchObject({ email: 'alice@corp.test', full_name: 'Alice Upstream', email_verified: true });
    const [identity] = await t.hub.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.subject, 'alice-0001'));
    expect(identity).toMatchObject({ providerId, userId: me.user.id, emailAtLink: 'alice@corp.test' });
    expect(await auditRowsOf(t, 'federated_account_created', 'subject', 'alice-0001')).toHaveLength(1);
    const recorded = await t.hub.db
      .select()
      .from(federationAssertionIds)
      .where(eq(federationAssertionIds.providerId, providerId));
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    expect(recorded.every((r) => r.expiresAt.getTime() > Date.now())).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/hub_sso=;/);
  });

  it('takes the email from an emailAddress NameID, and the name from the claims URIs', async () => {
    idp.accounts.set('bea', {
      nameId: 'bea@corp.test',
      nameIdFormat: NAMEID_EMAIL,
      attributes: { 'http://schemas.microsoft.com/identity/claims/displayname': 'Bea Claims' },
    });
    const res = await signInVia('bea');
    expect(res.statusCode, res.body).toBe(303);
    const me = (await t.client.get('/api/auth/session', { cookie: (await sessionOf(t, res))!.cookie })).json();
    expect(me.user).toMatchObject({ email: 'bea@corp.test', full_name: 'Bea Claims' });
  });

  it('signs in again by NameID after the email attribute changed (no second account)', async () => {
    idp.accounts.set('dana', { nameId: 'dana-0002', attributes: { email: 'dana@corp.test' } });
    const first = await signInVia('dana');
    expect(first.statusCode, first.body).toBe(303);
    const userId = (await sessionOf(t, first))!.row.userId;
    idp.accounts.set('dana', {
      nameId: 'dana-0002',
      attributes: { 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': 'dana.renamed@corp.test' },
    });
    const again = await signInVia('dana');
    expect(again.statusCode, again.body).toBe(303);
    expect((await sessionOf(t, again))!.row.userId).toBe(userId);
    expect(await usersWithEmail('dana.renamed@corp.test')).toEqual([]);
    expect(await auditRowsOf(t, 'federated_sign_in', 'subject', 'dana-0002')).toHaveLength(1);
  });

  it('accepts each assertion once: the same POST again (cookie and all) is refused with 409 and audited', async () => {
    idp.accounts.set('eve', { nameId: 'eve-0003', attributes: { email: 'eve@corp.test' } });
    const { samlResponse, ssoCookie } = await answerFor('eve');
    const first = await postAcs(samlResponse, ssoCookie);
    expect(first.statusCode, first.body).toBe(303);
    const replay = await postAcs(samlResponse, ssoCookie);
    expect(replay.statusCode).toBe(409);
    expect(replay.body).toContain('href="/auth"');
    expect(await sessionOf(t, replay)).toBeNull();
    expect(await reasonsOf('eve-0003')).toEqual(['assertion_replayed']);
    // Nothing of the replay was written: one sign-up, no sign-in row.
    expect(await auditRowsOf(t, 'federated_account_created', 'subject', 'eve-0003')).toHaveLength(1);
    expect(await auditRowsOf(t, 'federated_sign_in', 'subject', 'eve-0003')).toHaveLength(0);
  });

  it('refuses an unsigned assertion: none at all, or only the Response signed', async () => {
    idp.accounts.set('finn', { nameId: 'finn-0004', attributes: { email: 'finn@corp.test' } });
    const before = (await refusalsWithReason('response_refused:invalid_signature')).length;
    await expectRefusedPage(await signInVia('finn', { sign: 'none' }), 'finn@corp.test');
    await expectRefusedPage(await signInVia('finn', { sign: 'response' }), 'finn@corp.test');
    expect(await refusalsWithReason('response_refused:invalid_signature')).toHaveLength(before + 2);
  });

  it('refuses an assertion signed by a key the metadata did not give', async () => {
    idp.accounts.set('gil', { nameId: 'gil-0005', attributes: { email: 'gil@corp.test' } });
    const before = (await refusalsWithReason('response_refused:invalid_signature')).length;
    const res = await signInVia('gil', { otherKey: true });
    await expectRefusedPage(res, 'gil@corp.test');
    expect(res.statusCode).toBe(400);
    expect(await refusalsWithReason('response_refused:invalid_signature')).toHaveLength(before + 1);
  });

  it('refuses signature wrapping: an unsigned assertion added beside or around the signed one', async () => {
    idp.accounts.set('hana', { nameId: 'hana-0006', attributes: { email: 'hana@corp.test' } });
    const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
    const DS = 'http://www.w3.org/2000/09/xmldsig#';

    /** The IdP's valid answer, and an evil copy of its assertion: another ID and NameID, no signature. */
    async function wrapped(place: (response: Element, signed: Element, evil: Element) => void) {
      const { samlResponse, ssoCookie } = await answerFor('hana');
      const doc = new DOMParser().parseFromString(Buffer.from(samlResponse, 'base64').toString('utf8'), 'text/xml');
      const response = doc.documentElement!;
      const signed = response.getElementsByTagNameNS(SAML, 'Assertion')[0];
      const evil = signed.cloneNode(true) as Element;
      evil.setAttribute('ID', '_evil');
      const evilSignature = evil.getElementsByTagNameNS(DS, 'Signature')[0];
      evilSignature.parentNode!.removeChild(evilSignature);
      evil.getElementsByTagNameNS(SAML, 'NameID')[0].textContent = 'mallory-0666';
      const email = evil.getElementsByTagNameNS(SAML, 'AttributeValue')[0];
      email.textContent = 'mallory@corp.test';
      place(response, signed, evil);
      const xml = new XMLSerializer().serializeToString(doc);
      return postAcs(Buffer.from(xml).toString('base64'), ssoCookie);
    }

    const refusedBefore = (await auditRowsOf(t, 'federated_sign_in_refused', 'provider', 'corp')).length;
    const signatureBefore = (await refusalsWithReason('response_refused:invalid_signature')).length;
    // Beside: the evil assertion first, the signed one after it.
    const beside = await wrapped((response, signed, evil) => response.insertBefore(evil, signed));
    // Around: the signed assertion moved inside the evil one, which takes its place.
    const around = await wrapped((response, signed, evil) => {
      response.replaceChild(evil, signed);
      evil.getElementsByTagNameNS(SAML, 'Subject')[0].appendChild(signed);
    });
    // Instead: the evil assertion carries the signed one's signature (whose reference names the signed ID).
    const instead = await wrapped((response, signed, evil) => {
      const signature = signed.getElementsByTagNameNS(DS, 'Signature')[0];
      evil.insertBefore(signature, evil.getElementsByTagNameNS(SAML, 'Subject')[0]);
      response.replaceChild(evil, signed);
    });
    for (const res of [beside, around, instead]) {
      await expectRefusedPage(res, 'mallory@corp.test');
      expect(res.statusCode).toBe(400);
    }
    // One row each, every one a signature refusal by node-saml.
    expect(await auditRowsOf(t, 'federated_sign_in_refused', 'provider', 'corp')).toHaveLength(refusedBefore + 3);
    expect(await refusalsWithReason('response_refused:invalid_signature')).toHaveLength(signatureBefore + 3);
    expect(
      await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'mallory-0666')),
    ).toEqual([]);
    expect(
      await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'hana-0006')),
    ).toEqual([]);
  });

  it('refuses a wrong audience, recipient or destination, an expired assertion and another request\u2019s answer', async () => {
    idp.accounts.set('ida', { nameId: 'ida-0007', attributes: { email: 'ida@corp.test' } });
    const cases: [ResponseOptions, string][] = [
      [{ audience: 'https://someone-else.test/sp' }, 'response_refused:wrong_audience'],
      [{ recipient: 'https://someone-else.test/acs' }, 'response_refused:wrong_recipient'],
      [{ destination: 'https://someone-else.test/acs' }, 'response_refused:wrong_destination'],
      [{ notOnOrAfter: new Date(Date.now() - 10 * 60_000).toISOString() }, 'response_refused:expired'],
    ];
    for (const [options, reason] of cases) {
      const before = (await refusalsWithReason(reason)).length;
      await expectRefusedPage(await signInVia('ida', options), 'ida@corp.test');
      expect(await refusalsWithReason(reason), reason).toHaveLength(before + 1);
    }
    // The answer to one AuthnRequest, delivered with the state of another (both this browser's).
    const first = await startAt(t, 'corp');
    const second = await startAt(t, 'corp');
    const { samlResponse } = await idp.signIn(first.location, 'ida');
    const before = (await refusalsWithReason('response_refused:in_response_to')).length;
    await expectRefusedPage(await postAcs(samlResponse, second.ssoCookie), 'ida@corp.test');
    expect(await refusalsWithReason('response_refused:in_response_to')).toHaveLength(before + 1);
    // And without any state cookie (another browser).
    const missing = (await refusalsWithReason('state_missing')).length;
    await expectRefusedPage(await postAcs(samlResponse), 'ida@corp.test');
    expect(await refusalsWithReason('state_missing')).toHaveLength(missing + 1);
  });

  it('refuses an answer that is no SAML response, or carries a DTD, with a 400 page (never a 5xx)', async () => {
    idp.accounts.set('ole', { nameId: 'ole-0012', attributes: { email: 'ole@corp.test' } });
    const { samlResponse, ssoCookie } = await answerFor('ole');
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const withDtd = Buffer.from(`<!DOCTYPE r [<!ENTITY a "aaaaaaaa">]>${xml}`).toString('base64');
    const before = (await refusalsWithReason('response_refused:doctype')).length;
    await expectRefusedPage(await postAcs(withDtd, ssoCookie), 'ole@corp.test');
    expect(await refusalsWithReason('response_refused:doctype')).toHaveLength(before + 1);
    for (const garbage of [
      'not base64 at all!',
      Buffer.from('<html/>').toString('base64'),
      Buffer.from('{}').toString('base64'),
    ]) {
      const res = await postAcs(garbage, ssoCookie);
      expect(res.statusCode, garbage).toBe(400);
      expect(res.body).toContain('href="/auth"');
    }
    expect((await t.client.post('/auth/sso/corp/acs', { form: {}, cookie: ssoCookie })).statusCode).toBe(400);
  });

  it('never links silently to a verified local account with that email; refuses an unverified one', async () => {
    const jan = await createUser(t.hub, { email: 'jan@corp.test' });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, jan.id));
    idp.accounts.set('jan', { nameId: 'jan-0008', attributes: { email: 'jan@corp.test' } });
    const res = await signInVia('jan');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/auth?link=corp');
    expect(await sessionOf(t, res)).toBeNull();
    expect(
      await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, 'jan-0008')),
    ).toEqual([]);
    const rows = await auditRowsOf(t, 'federated_link_required', 'subject', 'jan-0008');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: jan.id, details: { provider: 'corp', email: 'jan@corp.test' } });

    const kai = await createUser(t.hub, { email: 'kai@corp.test' });
    idp.accounts.set('kai', { nameId: 'kai-0009', attributes: { email: 'kai@corp.test' } });
    const refused = await signInVia('kai');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('href="/auth"');
    expect(await sessionOf(t, refused)).toBeNull();
    expect(await t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.userId, kai.id))).toEqual([]);
    expect(await reasonsOf('kai-0009')).toEqual(['unverified_local_account']);
  });

  it('counts an AuthnContext saying MFA as the second factor only when the provider is trusted for it', async () => {
    idp.accounts.set('lea', { nameId: 'lea-0010', attributes: { email: 'lea@corp.test' }, authnContext: MFA_CONTEXT });
    const first = await signInVia('lea');
    expect(first.statusCode, first.body).toBe(303);
    expect((await sessionOf(t, first))!.row.amr).toEqual(['fed']);
    await enrolFixtureTotp(t.hub, (await sessionOf(t, first))!.row.userId!);
    const refused = await signInVia('lea');
    expect(refused.statusCode).toBe(403);
    const admin = t.client.asBrowser(adminCookie);
    await admin.patch(`/api/admin/identity-providers/${providerId}`, { body: { trusts_mfa: true } });
    const trusted = await signInVia('lea');
    expect(trusted.statusCode, trusted.body).toBe(303);
    expect((await sessionOf(t, trusted))!.row.amr).toEqual(['fed', 'mfa']);
    await admin.patch(`/api/admin/identity-providers/${providerId}`, { body: { trusts_mfa: false } });
  });

  it('refuses a disabled provider and an unknown slug with a page back to /auth and one audit row each', async () => {
    const unknown = await postAcs('PHNhbWxwOlJlc3BvbnNlLz4=', undefined, 'no-such-provider');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('href="/auth"');
    const unknownRows = await refusalsWithReason('unknown_provider');
    expect(unknownRows.length).toBeGreaterThanOrEqual(1);

    idp.accounts.set('max', { nameId: 'max-0011', attributes: { email: 'max@corp.test' } });
    const { samlResponse, ssoCookie } = await answerFor('max');
    const admin = t.client.asBrowser(adminCookie);
    await admin.patch(`/api/admin/identity-providers/${providerId}`, { body: { enabled: false } });
    const before = (await refusalsWithReason('provider_disabled')).length;
    const late = await postAcs(samlResponse, ssoCookie);
    await expectRefusedPage(late, 'max@corp.test');
    expect(late.statusCode).toBe(404);
    expect(await refusalsWithReason('provider_disabled')).toHaveLength(before + 1);
    await admin.patch(`/api/admin/identity-providers/${providerId}`, { body: { enabled: true } });
    // The OIDC callback of a SAML provider is no way in either.
    expect((await t.client.get('/auth/sso/corp/callback?code=x&state=y')).statusCode).toBe(404);
  });

  it('links a SAML identity from /account to the signed-in account (?link=1); that assertion is spent too', async () => {
    const { user, cookie } = await signedInUser(t.hub);
    idp.accounts.set('pia', { nameId: 'pia-0013', attributes: { email: 'pia.elsewhere@corp.test' } });
    const { location, ssoCookie } = await startLinkAt(t, 'corp', cookie);
    const { samlResponse } = await idp.signIn(location, 'pia');
    const linked = await postAcs(samlResponse, `${cookie}; ${ssoCookie}`);
    expect(linked.statusCode, linked.body).toBe(303);
    expect(linked.headers.location).toBe('/account');
    expect(await sessionOf(t, linked)).toBeNull();
    const identities = await t.hub.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.subject, 'pia-0013'));
    expect(identities).toMatchObject([{ userId: user.id, providerId }]);
    const again = await postAcs(samlResponse, `${cookie}; ${ssoCookie}`);
    expect(again.statusCode).toBe(409);
    expect(await reasonsOf('pia-0013')).toEqual(['assertion_replayed']);
  });

  it('forgets recorded assertions only once they are past their NotOnOrAfter', async () => {
    const rows = () => t.hub.db.select().from(federationAssertionIds);
    const recorded = (await rows()).length;
    expect(recorded).toBeGreaterThan(0);
    expect(await deleteExpiredAssertionIds(t.hub.db, new Date())).toBe(0);
    expect(await rows()).toHaveLength(recorded);
    expect(await deleteExpiredAssertionIds(t.hub.db, new Date(Date.now() + 60 * 60_000))).toBe(recorded);
    expect(await rows()).toEqual([]);
  });

  it('lists the SAML provider on the sign-in page and finds it by email domain', async () => {
    const list = (await t.client.get('/api/auth/providers')).json();
    expect(list.providers).toContainEqual({ slug: 'corp', display_name: 'corp SAML', protocol: 'saml' });
    const found = await t.client.asBrowser().post('/api/auth/discover', { body: { email: 'someone@corp.test' } });
    expect(found.json()).toEqual({ sso: { slug: 'corp', display_name: 'corp SAML' } });
  });
});
