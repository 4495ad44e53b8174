import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { federatedIdentities } from '../../../src/server/db/schema/index';
import { signInAtUpstream, startUpstream, type Upstream } from './upstream-provider';
import {
  auditRowsOf,
  callbackOf,
  deliver,
  registerUpstream,
  sessionOf,
  signInVia,
  startLinkAt,
} from './federation-helpers';

/**
 * A person's own upstream identities (issue 27): the list, unlinking (a step-up route, never the
 * last way in), and linking a new one from /account with `GET /auth/sso/:slug?link=1` — to the
 * signed-in account only, never an identity another account holds.
 */
describe.each(TEST_DATABASES)('own identities [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;
  let beta: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    beta = await startUpstream({ redirectUri: callbackOf(t, 'beta') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: true, trusts_email_verified: true });
    await registerUpstream(t, admin, 'beta', beta, { may_create_accounts: false });
  });
  afterAll(async () => {
    await acme?.close();
    await beta?.close();
  });

  async function identitiesOf(subject: string) {
    return t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));
  }

  /** GET /auth/sso/:slug?link=1 in the browser holding `cookie` (asked for by /account), through the upstream and back. */
  async function linkFromAccount(cookie: string, upstream: Upstream, slug: string, subject: string) {
    const { location, ssoCookie } = await startLinkAt(t, slug, cookie);
    const back = await signInAtUpstream(location, subject);
    return deliver(t, back, `${cookie}; ${ssoCookie}`);
  }

  it('links a new identity from /account to the signed-in account and lists it; unlinking needs step-up and the owner', async () => {
    const { user, cookie } = await signedInUser(t.hub);
    beta.accounts.set('lea-beta', { email: 'lea.other@beta.test', email_verified: true });
    const linked = await linkFromAccount(cookie, beta, 'beta', 'lea-beta');
    expect(linked.statusCode, linked.body).toBe(303);
    expect(linked.headers.location).toBe('/account');
    expect(await sessionOf(t, linked)).toBeNull(); // the same session goes on
    expect(await identitiesOf('lea-beta')).toMatchObject([{ userId: user.id }]);
    expect(await auditRowsOf(t, 'federated_identity_linked', 'subject', 'lea-beta')).toMatchObject([
      { userId: user.id, details: { provider: 'beta', method: 'account' } },
    ]);

    const list = await t.client.asBrowser(cookie).get('/api/me/identities');
    expect(list.statusCode, list.body).toBe(200);
    const [identity] = list.json().identities;
    expect(list.json().identities).toHaveLength(1);
    expect(identity).toMatchObject({
      provider: 'beta',
      display_name: 'beta SSO',
      protocol: 'oidc',
      subject: 'lea-beta',
      email_at_link: 'lea.other@beta.test',
      last_used_at: null,
    });

    // Unlinking needs a recent authentication.
    t.clock.advanceMinutes(11);
    const stale = await t.client.asBrowser(cookie).delete(`/api/me/identities/${identity.id}`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'reauthentication_required' } });
    expect(await identitiesOf('lea-beta')).toHaveLength(1);

    const fresh = await signedInUser(t.hub);
    // Someone else's identity is not found for them.
    expect((await t.client.asBrowser(fresh.cookie).delete(`/api/me/identities/${identity.id}`)).statusCode).toBe(404);
    expect(await identitiesOf('lea-beta')).toHaveLength(1);
  });

  it('unlinks with a recent authentication, but never the last way in', async () => {
    // An account created by the provider: no password, no passkey, one identity.
    acme.accounts.set('max-sub', { email: 'max@acme.test', email_verified: true });
    const first = await signInVia(t, 'acme', 'max-sub');
    expect(first.statusCode, first.body).toBe(303);
    const session = (await sessionOf(t, first))!;
    const browser = t.client.asBrowser(session.cookie);
    const [only] = (await browser.get('/api/me/identities')).json().identities;

    const refused = await browser.delete(`/api/me/identities/${only.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await identitiesOf('max-sub')).toHaveLength(1);
    expect(await auditRowsOf(t, 'federated_link_refused', 'subject', 'max-sub')).toMatchObject([
      { details: { reason: 'last_way_in' } },
    ]);

    // A second identity: now either can go.
    beta.accounts.set('max-beta', { email: 'max@beta.test', email_verified: true });
    expect((await linkFromAccount(session.cookie, beta, 'beta', 'max-beta')).statusCode).toBe(303);
    const removed = await browser.delete(`/api/me/identities/${only.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });
    expect(await identitiesOf('max-sub')).toEqual([]);
    expect(await auditRowsOf(t, 'federated_identity_unlinked', 'subject', 'max-sub')).toHaveLength(1);
  });

  it('refuses ?link=1 for an identity another account holds, and without a session', async () => {
    acme.accounts.set('kim-sub', { email: 'kim@acme.test', email_verified: true });
    const owner = await signInVia(t, 'acme', 'kim-sub');
    const ownerId = (await sessionOf(t, owner))!.row.userId;

    const { user, cookie } = await signedInUser(t.hub);
    const res = await linkFromAccount(cookie, acme, 'acme', 'kim-sub');
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(await identitiesOf('kim-sub')).toMatchObject([{ userId: ownerId }]);
    expect(await auditRowsOf(t, 'federated_link_refused', 'subject', 'kim-sub')).toMatchObject([
      { userId: user.id, details: { reason: 'identity_linked_elsewhere' } },
    ]);

    const anonymous = await t.client.get('/auth/sso/acme?link=1');
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses ?link=1 without a recent authentication', async () => {
    const { cookie } = await signedInUser(t.hub);
    t.clock.advanceMinutes(11);
    const res = await t.client.get('/auth/sso/acme?link=1', { cookie });
    expect(res.statusCode).toBe(403);
  });
});
