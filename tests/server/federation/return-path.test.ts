import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { FIXTURE_PASSWORD, createUser, signedInUser } from '../../helpers/fixtures';
import { devOutbox } from '../../../src/server/auth/mailer';
import { platformUsers } from '../../../src/server/db/schema/index';
import { LINK_COOKIE } from '../../../src/server/federation/pending-link';
import { FOREIGN_SPELLINGS, OWN_PATHS } from '../../shared/return-path-spellings';
import { startUpstream, type Upstream } from './upstream-provider';
import { callbackOf, registerUpstream, signInVia } from './federation-helpers';

/**
 * Issue 38, finding 1: where a federated sign-in, or a link, sends the browser afterwards. Every
 * spelling of another host (tests/shared/return-path-spellings.ts) goes through the whole detour
 * (the hub's start, the real upstream on 127.0.0.1, the callback) and ends on /account; the hub's
 * own paths come back as they were. Before the fix, `/.//evil.example` and its kin came back as
 * `//evil.example`, which the callback, the link confirmation and the mailed link redirected to.
 */
describe.each(TEST_DATABASES)('return paths after a federated sign-in [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: true, trusts_email_verified: true });
    acme.accounts.set('rita-sub', { email: 'rita@acme.test', email_verified: true });
  });
  afterAll(async () => {
    await acme?.close();
  });

  const via = (returnTo: string) =>
    signInVia(t, 'acme', 'rita-sub', { query: `?return_to=${encodeURIComponent(returnTo)}` });

  it('sends every spelling of another host to /account, through the OIDC callback', async () => {
    for (const spelling of FOREIGN_SPELLINGS) {
      const query = `?return_to=${encodeURIComponent(spelling)}`;
      if (spelling.includes('\u0000')) {
        // The query's own schema refuses a NUL before anything starts: a page, no redirect at all.
        const start = await t.client.get(`/auth/sso/acme${query}`);
        expect(start.statusCode).toBe(400);
        expect(start.headers.location).toBeUndefined();
        continue;
      }
      const res = await via(spelling);
      expect(res.statusCode, JSON.stringify(spelling)).toBe(303);
      expect(res.headers.location, JSON.stringify(spelling)).toBe('/account');
    }
  });

  it('keeps the hub\u2019s own paths, normalised, and never leaves the hub', async () => {
    for (const path of OWN_PATHS) expect((await via(path)).headers.location).toBe(path);
    const res = await via('/%252e//evil.example');
    const url = new URL(String(res.headers.location), t.hub.config.publicUrl);
    expect(url.origin).toBe(new URL(t.hub.config.publicUrl).origin);
  });

  /** A detour of `subject` whose upstream email is a verified local account's: the pending link's cookie. */
  async function pendingLink(subject: string, email: string, returnTo: string) {
    const user = await createUser(t.hub, { email });
    await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, user.id));
    acme.accounts.set(subject, { email, email_verified: true });
    const res = await signInVia(t, 'acme', subject, { query: `?return_to=${encodeURIComponent(returnTo)}` });
    expect(res.headers.location).toBe('/auth?link=acme');
    return cookieFrom(res, LINK_COOKIE)!;
  }

  it('answers the link confirmation with /account for a foreign return path', async () => {
    for (const [i, spelling] of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example'].entries()) {
      const cookie = await pendingLink(`ron-${i}`, `ron${i}@acme.test`, spelling);
      const res = await t.client
        .asBrowser(cookie)
        .post('/api/auth/sso/link/confirm', { body: { password: FIXTURE_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().return_to).toBe('/account');
    }
  });

  it('redirects the mailed link\u2019s button to /account for a foreign return path', async () => {
    const cookie = await pendingLink('ria-sub', 'ria@acme.test', '/..//evil.example');
    expect((await t.client.asBrowser(cookie).post('/api/auth/sso/link/email', { body: {} })).statusCode).toBe(202);
    const mail = devOutbox.filter((m) => m.to === 'ria@acme.test' && m.link?.includes('/auth/sso/link/')).at(-1)!;
    const opened = await t.client.post(new URL(mail.link!).pathname, {
      form: {},
      headers: { origin: new URL(t.hub.config.publicUrl).origin },
    });
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe('/account');
  });
});
