import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { devOutbox } from '../../../src/server/auth/mailer';
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
 * Issue 38, finding 2: someone signs up with another person's address (unverified), links their
 * own upstream identity from /account, and would keep signing in through it after the address's
 * owner took the account back. When the owner proves the address — the verification mail, or a
 * password reset — the identities linked while nobody had proved it are unlinked, each audited;
 * identities linked after the proof stay.
 */
describe.each(TEST_DATABASES)('proving an address unlinks what was linked before [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let acme: Upstream;

  beforeAll(async () => {
    acme = await startUpstream({ redirectUri: callbackOf(t, 'acme') });
    const admin = (await signedInUser(t.hub, ['platform_admin'])).cookie;
    await registerUpstream(t, admin, 'acme', acme, { may_create_accounts: false, trusts_email_verified: true });
  });
  afterAll(async () => {
    await acme?.close();
  });

  const identitiesOf = (subject: string) =>
    t.hub.db.select().from(federatedIdentities).where(eq(federatedIdentities.subject, subject));
  const lastMail = (to: string, path: string) => devOutbox.filter((m) => m.to === to && m.link?.includes(path)).at(-1)!;

  /** Signs up with `email` (anyone can type any address) and links `subject` at acme from /account. */
  async function squat(email: string, subject: string) {
    const up = await t.client.post('/api/auth/sign-up', {
      csrf: true,
      body: { email, password: FIXTURE_PASSWORD, full_name: 'Not The Owner' },
    });
    expect(up.statusCode, up.body).toBe(201);
    const cookie = cookieFrom(up)!;
    acme.accounts.set(subject, { email: `${subject}@elsewhere.test`, email_verified: true });
    const { location, ssoCookie } = await startLinkAt(t, 'acme', cookie);
    const linked = await deliver(t, await signInAtUpstream(location, subject), `${cookie}; ${ssoCookie}`);
    expect(linked.statusCode, linked.body).toBe(303);
    const [identity] = await identitiesOf(subject);
    expect(identity).toBeTruthy();
    return { userId: identity.userId, cookie };
  }

  /** The squatter signs in through the linked identity: whose session (if any) comes back. */
  async function squatterSignsIn(subject: string) {
    return (await sessionOf(t, await signInVia(t, 'acme', subject)))?.row.userId ?? null;
  }

  it('a password reset by the address\u2019s owner unlinks the identity linked before, with an audit row', async () => {
    const { userId } = await squat('olive@acme.test', 'squat-a');
    expect(await squatterSignsIn('squat-a')).toBe(userId);

    const forgot = await t.client.post('/api/auth/password/forgot', { csrf: true, body: { email: 'olive@acme.test' } });
    expect(forgot.statusCode).toBe(202);
    const token = new URL(lastMail('olive@acme.test', '/reset-password').link!).searchParams.get('token')!;
    const reset = await t.client.post('/api/auth/password/reset', {
      csrf: true,
      body: { token, password: 'Another-Harbor-2048!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await identitiesOf('squat-a')).toEqual([]);
    expect(await squatterSignsIn('squat-a')).toBeNull();
    expect(await auditRowsOf(t, 'federated_identity_unlinked', 'subject', 'squat-a')).toMatchObject([
      { userId, details: { provider: 'acme', reason: 'email_ownership_proved' } },
    ]);
  });

  it('the verification mail opened by the address\u2019s owner unlinks it too', async () => {
    const { userId } = await squat('oscar@acme.test', 'squat-b');
    const verify = new URL(lastMail('oscar@acme.test', '/api/auth/verify-email').link!);
    const opened = await t.client.get(`${verify.pathname}${verify.search}`);
    expect(opened.headers.location).toBe('/auth?verified=true');

    expect(await identitiesOf('squat-b')).toEqual([]);
    expect(await squatterSignsIn('squat-b')).toBeNull();
    expect(await auditRowsOf(t, 'federated_identity_unlinked', 'subject', 'squat-b')).toMatchObject([
      { userId, details: { provider: 'acme', reason: 'email_ownership_proved' } },
    ]);
  });

  it('keeps an identity linked once the address was proved', async () => {
    const { userId, cookie } = await squat('opal@acme.test', 'squat-c');
    const verify = new URL(lastMail('opal@acme.test', '/api/auth/verify-email').link!);
    await t.client.get(`${verify.pathname}${verify.search}`);
    // Linked after the proof: the owner's own.
    const { location, ssoCookie } = await startLinkAt(t, 'acme', cookie);
    acme.accounts.set('opal-own', { email: 'opal@elsewhere.test', email_verified: true });
    const linked = await deliver(t, await signInAtUpstream(location, 'opal-own'), `${cookie}; ${ssoCookie}`);
    expect(linked.statusCode, linked.body).toBe(303);
    await t.client.post('/api/auth/password/forgot', { csrf: true, body: { email: 'opal@acme.test' } });
    const token = new URL(lastMail('opal@acme.test', '/reset-password').link!).searchParams.get('token')!;
    expect(
      (
        await t.client.post('/api/auth/password/reset', {
          csrf: true,
          body: { token, password: 'Another-Harbor-2048!' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await identitiesOf('opal-own')).toMatchObject([{ userId }]);
  });
});
