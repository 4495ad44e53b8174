import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, signedInUser } from '../../helpers/fixtures';
import { devOutbox } from '../../../src/server/auth/mailer';
import { LOCALES } from '../../../src/shared/locales';
import { composeMail, type MailKind } from '../../../src/server/i18n/mail';
import {
  FORM,
  authorizeWithPkce,
  basic,
  exchangeCode,
  registerClient,
  type RegisteredClient,
} from '../oauth/oauth-helpers';

const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Issue 39: the language of every page, mail and error a person reads (saved choice, OIDC
 * ui_locales — GET, POST and PAR — Accept-Language, English), the `locale` claim and discovery,
 * and each client's brand on the pages of its own authorization requests, and no other's.
 */
describe.each(TEST_DATABASES)('languages and brands [%s]', (kind) => {
  const t = useTestHub(kind);
  let branded: RegisteredClient;
  let plain: RegisteredClient;

  beforeAll(async () => {
    branded = await registerClient(t, {
      app_name: 'TalentSpark',
      app_type: 'third_party',
      logo_uri: LOGO,
      client_uri: 'https://talentspark.example.test',
      policy_uri: 'https://talentspark.example.test/privacy',
      tos_uri: 'https://talentspark.example.test/terms',
      brand_color: '#6D28D9',
    });
    plain = await registerClient(t, { app_name: 'SortStak', app_type: 'third_party' });
  });

  const authorizeQuery = (client: RegisteredClient, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid profile',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWR9uvkPdB8RQ',
      code_challenge_method: 'S256',
      ...extra,
    }).toString();

  it('discovery lists the languages of pages and claims, and the locale claim', async () => {
    const doc = (await t.client.get('/.well-known/openid-configuration')).json();
    expect(doc.ui_locales_supported).toEqual([...LOCALES]);
    expect(doc.claims_locales_supported).toEqual([...LOCALES]);
    expect(doc.claims_supported).toContain('locale');
  });

  it('PATCH /api/me {locale} saves a supported language, null clears it, anything else is a 400 naming it', async () => {
    const { cookie } = await signedInUser(t.hub);
    const me = t.client.asBrowser(cookie);
    expect((await me.get('/api/me')).json().locale).toBeNull();
    const saved = await me.patch('/api/me', { body: { locale: 'pt-BR' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().locale).toBe('pt-BR');
    expect((await me.get('/api/me')).json().locale).toBe('pt-BR');
    const bad = await me.patch('/api/me', { body: { locale: 'xx' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('locale');
    expect((await me.patch('/api/me', { body: { locale: null } })).json().locale).toBeNull();
  });

  it('ui_locales=fr is carried to the sign-in page with the client, and the consent page is French', async () => {
    const signedOut = await t.client.get(`/oauth/authorize?${authorizeQuery(branded, { ui_locales: 'fr-CA fr' })}`);
    expect(signedOut.statusCode).toBe(302);
    const signIn = new URL(String(signedOut.headers.location), 'http://hub.test');
    expect(signIn.pathname).toBe('/auth');
    expect(signIn.searchParams.get('ui_locales')).toBe('fr-CA fr');
    expect(signIn.searchParams.get('client_id')).toBe(branded.client_id);
    // What /auth then shows of the client.
    const brand = await t.client.get(`/api/auth/client-brand?client_id=${branded.client_id}`);
    expect(brand.json()).toMatchObject({ app_name: 'TalentSpark', logo_uri: LOGO, brand_color: '#6d28d9' });
    expect((await t.client.get('/api/auth/client-brand?client_id=hub_nobody')).statusCode).toBe(404);

    const { cookie } = await signedInUser(t.hub);
    const consent = await t.client.get(`/oauth/authorize?${authorizeQuery(branded, { ui_locales: 'fr' })}`, { cookie });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain('<html lang="fr" dir="ltr">');
    expect(consent.body).toContain('TalentSpark souhaite accéder à votre compte');
    expect(consent.body).toContain('>Autoriser</button>');
    // Unknown tags fall back without an error: Accept-Language, then English.
    const german = await t.client.get(`/oauth/authorize?${authorizeQuery(plain, { ui_locales: 'xx' })}`, {
      cookie,
      headers: { 'accept-language': 'de-CH, en;q=0.5' },
    });
    expect(german.body).toContain('SortStak möchte auf Ihr Konto zugreifen');
    const english = await t.client.get(`/oauth/authorize?${authorizeQuery(plain, { ui_locales: 'xx' })}`, { cookie });
    expect(english.body).toContain('SortStak wants to access your account');
  });

  it('ui_locales is honoured by POST /oauth/authorize and by a pushed request; a saved choice wins', async () => {
    const { cookie } = await signedInUser(t.hub);
    const posted = await t.client.post('/oauth/authorize', {
      cookie,
      headers: FORM,
      body: authorizeQuery(plain, { ui_locales: 'ar' }),
    });
    expect(posted.body).toContain('<html lang="ar" dir="rtl">');
    expect(posted.body).toContain('يطلب SortStak الوصول إلى حسابك');

    const pushed = await t.client.post('/oauth/par', {
      headers: { ...FORM, authorization: basic(plain) },
      body: authorizeQuery(plain, { ui_locales: 'es' }),
    });
    expect(pushed.statusCode).toBe(201);
    const parQuery = new URLSearchParams({ client_id: plain.client_id, request_uri: pushed.json().request_uri });
    const viaPar = await t.client.get(`/oauth/authorize?${parQuery}`, { cookie });
    expect(viaPar.body).toContain('SortStak quiere acceder a tu cuenta');

    await t.client.asBrowser(cookie).patch('/api/me', { body: { locale: 'de' } });
    const saved = await t.client.get(`/oauth/authorize?${authorizeQuery(plain, { ui_locales: 'fr' })}`, { cookie });
    expect(saved.body).toContain('SortStak möchte auf Ihr Konto zugreifen');
  });

  it("a client's logo, links, colour and 'Secured by' are on its own pages, not on another client's", async () => {
    const { cookie } = await signedInUser(t.hub);
    const own = (await t.client.get(`/oauth/authorize?${authorizeQuery(branded)}`, { cookie })).body;
    expect(own).toContain(`<img src="${LOGO}" alt="">`);
    expect(own).toContain('href="https://talentspark.example.test/privacy"');
    expect(own).toContain('href="https://talentspark.example.test/terms"');
    expect(own).toContain('--brand:#6d28d9');
    expect(own).toContain('Secured by <strong>Ecosystem Hub</strong>');
    const other = (await t.client.get(`/oauth/authorize?${authorizeQuery(plain)}`, { cookie })).body;
    expect(other).toContain('SortStak wants to access your account');
    expect(other).not.toContain(LOGO);
    expect(other).not.toContain('talentspark.example.test');
    expect(other).not.toContain('--brand:');
    // The error page of a request whose redirect URI cannot be trusted: the client's look, nothing to follow back.
    const refused = await t.client.get(
      `/oauth/authorize?${authorizeQuery(branded, { redirect_uri: 'https://evil.example.test/cb', ui_locales: 'de' })}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Autorisierungsfehler');
    expect(refused.body).toContain('href="https://talentspark.example.test/privacy"');
  });

  it('the locale claim comes from the profile in the profile scope', async () => {
    const client = await registerClient(t, { app_name: 'Role Builder' });
    const { cookie } = await signedInUser(t.hub);
    await t.client.asBrowser(cookie).patch('/api/me', { body: { locale: 'fr' } });
    const { code, verifier } = await authorizeWithPkce(t, client, cookie, { scope: 'openid profile' });
    const token = (await exchangeCode(t, client, code, verifier)).json().access_token;
    const claims = (await t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(claims.locale).toBe('fr');
    const { code: code2, verifier: v2 } = await authorizeWithPkce(t, client, cookie, { scope: 'openid email' });
    const token2 = (await exchangeCode(t, client, code2, v2)).json().access_token;
    const noProfile = (
      await t.client.get('/oauth/userinfo', { headers: { authorization: `Bearer ${token2}` } })
    ).json();
    expect(noProfile.locale).toBeUndefined();
  });

  it("a reset mail is written in the user's saved language, plain text and escaped HTML", async () => {
    const { user, cookie } = await signedInUser(t.hub, ['user'], { fullName: 'Jo <b>' });
    await t.client.asBrowser(cookie).patch('/api/me', { body: { locale: 'de' } });
    const res = await t.client.post('/api/auth/password/forgot', {
      csrf: true,
      body: { email: user.email },
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(202);
    await expect.poll(() => devOutbox.filter((m) => m.to === user.email).length).toBe(1);
    const mail = devOutbox.find((m) => m.to === user.email)!;
    expect(mail.locale).toBe('de');
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('innerhalb einer Stunde');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain(`<a href="${mail.link!.replace(/&/g, '&amp;')}">`);
  });

  it("the sign-in code and link mails and the impersonation notice are in the recipient's saved language", async () => {
    const modes = t.hub.config.emailSignIn;
    t.hub.config.emailSignIn = ['code', 'link'];
    const mailTo = async (email: string, subject: string) => {
      await expect.poll(() => devOutbox.some((m) => m.to === email && m.subject === subject)).toBe(true);
      return devOutbox.findLast((m) => m.to === email && m.subject === subject)!;
    };
    const { user, cookie } = await signedInUser(t.hub);
    await t.client.asBrowser(cookie).patch('/api/me', { body: { locale: 'de' } });
    const headers = { 'accept-language': 'fr' };
    await t.client.post('/api/auth/email-sign-in', { csrf: true, headers, body: { email: user.email, mode: 'code' } });
    const code = await mailTo(user.email, 'Ihr Anmeldecode');
    expect(code.locale).toBe('de');
    expect(code.text).toContain(`Ihr Anmeldecode für Ecosystem Hub lautet ${code.code}.`);
    expect(code.text).toContain('10 Minuten lang');
    expect(code.html).toContain(`<strong>${code.code}</strong>`);
    await t.client.post('/api/auth/email-sign-in', { csrf: true, headers, body: { email: user.email, mode: 'link' } });
    const link = await mailTo(user.email, 'Ihr Anmeldelink');
    expect(link.text).toContain(link.link);
    expect(link.html).toContain(`<a href="${link.link!.replace(/&/g, '&amp;')}">`);
    // Without a saved choice, the request's language.
    const other = await createUser(t.hub);
    await t.client.post('/api/auth/email-sign-in', { csrf: true, headers, body: { email: other.email, mode: 'code' } });
    expect((await mailTo(other.email, 'Votre code de connexion')).locale).toBe('fr');

    const support = await signedInUser(t.hub, ['user', 'platform_admin', 'support'], { fullName: 'Sam <Support>' });
    const target = await signedInUser(t.hub);
    await t.client.asBrowser(target.cookie).patch('/api/me', { body: { locale: 'ar' } });
    const started = await t.client.post(`/api/admin/users/${target.user.id}/impersonation`, {
      csrf: true,
      cookie: support.cookie,
      headers: { 'accept-language': 'en' },
      body: { justification: 'Ticket 4711:\nthe saved job alert', minutes: 30 },
    });
    expect(started.statusCode).toBe(200);
    const notice = await mailTo(target.user.email, 'اطّلع فريق الدعم على حسابك');
    expect(notice.locale).toBe('ar');
    expect(notice.text).toContain('يطّلع Sam <Support> من فريق الدعم');
    expect(notice.text).toContain('Ticket 4711:\nthe saved job alert');
    expect(notice.html).toContain('<html lang="ar" dir="rtl">');
    expect(notice.html).toContain('<strong>Sam &lt;Support&gt;</strong>');
    expect(notice.html).toContain('<strong>Ticket 4711:<br>the saved job alert</strong>');
    t.hub.config.emailSignIn = modes;
  });

  it('every mail in every language: subject, plain text and HTML, all values in place', () => {
    const values = { hours: 24, days: 7, minutes: 15, link: 'https://hub.test/l?a=1&b=2', code: '042317' };
    const names = { org: 'Acme', newEmail: 'new@example.test', provider: 'Okta', email: 'jo@example.test' };
    const more = { subject: 'okta|42', name: 'Sam', justification: 'Ticket 4711' };
    const kinds: MailKind[] = [
      'verify',
      'reset',
      'emailChange',
      'emailChanged',
      'invitation',
      'link',
      'signInCode',
      'signInLink',
      'impersonation',
    ];
    for (const locale of LOCALES) {
      for (const kind of kinds) {
        const all = { ...values, ...names, ...more };
        const mail = composeMail(locale, kind, all);
        expect(mail.subject.length, `${locale} ${kind}`).toBeGreaterThan(3);
        expect(mail.text, `${locale} ${kind}`).not.toMatch(/[{}]/);
        expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
        if (mail.text.includes(values.link)) expect(mail.html).toContain('<a href="https://hub.test/l?a=1&amp;b=2">');
        if (locale !== 'en') expect(mail.text, `${locale} ${kind}`).not.toBe(composeMail('en', kind, all).text);
      }
    }
  });

  it('a refused federated sign-in ends on a page in the person’s language; the audit row keeps the reason', async () => {
    const page = await t.client.get('/auth/sso/no-such-provider', { headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<html lang="de" dir="ltr">');
    expect(page.body).toContain('<p>Diese Anmeldemöglichkeit gibt es nicht.</p>');
    const arabic = await t.client.get('/auth/sso/no-such-provider', { headers: { 'accept-language': 'ar' } });
    expect(arabic.body).toContain('<p>لا توجد طريقة تسجيل دخول كهذه.</p>');
  });

  it("an API error keeps its code, its message in the request's language", async () => {
    const res = await t.client.post('/api/auth/sign-in', {
      csrf: true,
      body: { email: 'nobody@example.test', password: 'wrong-password-1' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'invalid_credentials',
      message: expect.stringMatching(/^Adresse e-mail ou mot de passe incorrect. Il reste \d tentatives.$/),
    });
  });

  it('the admin API stores and returns display metadata; a low-contrast colour or a bad logo is a 400 naming it', async () => {
    const admin = await signedInUser(t.hub, ['platform_admin']);
    const api = t.client.asBrowser(admin.cookie);
    const base = {
      app_name: 'QRC',
      app_url: 'https://qrc.example.test',
      redirect_uris: ['https://qrc.example.test/cb'],
    };
    const light = await api.post('/api/admin/oauth-clients', { body: { ...base, brand_color: '#ffff66' } });
    expect(light.statusCode).toBe(400);
    expect(light.json().error.field).toBe('brand_color');
    const insecure = await api.post('/api/admin/oauth-clients', {
      body: { ...base, logo_uri: 'http://qrc.example.test/l.png' },
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json().error.field).toBe('logo_uri');
    const changed = await api.patch(`/api/admin/oauth-clients/${plain.id}`, {
      body: { logo_uri: 'https://cdn.example.test/sortstak.svg', tos_uri: 'https://sortstak.example.test/terms' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().client).toMatchObject({
      logo_uri: 'https://cdn.example.test/sortstak.svg',
      tos_uri: 'https://sortstak.example.test/terms',
      policy_uri: null,
      is_active: true,
    });
    const cleared = await api.patch(`/api/admin/oauth-clients/${plain.id}`, {
      body: { logo_uri: null, tos_uri: null },
    });
    expect(cleared.json().client.logo_uri).toBeNull();
  });
});
