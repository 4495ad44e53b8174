import { createServer } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import { listenOnLoopback, type Listening } from '../../helpers/loopback-server';
import { cookieFrom } from '../../helpers/cookies';
import { authorize, authorizeUrl, registerClient } from '../oauth/oauth-helpers';
import { auditLogs, platformUsers } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { PASSWORD_MESSAGES } from '../../../src/shared/password-policy';
import {
  BREACHED_FILTER_PATH,
  bloomFalsePositiveRate,
  bloomHas,
  breachedCorpus,
  isBreachedPassword,
} from '../../../src/server/auth/breached-passwords';
import { breachedSource, TARGET_FALSE_POSITIVE_RATE } from '../../../scripts/build-breached-passwords';

/** In the corpus ("deutschland", SecLists top 100k) but not on the 10k common list; passes every other rule. */
const BREACHED = 'Deutschland7!';
const GOOD = 'Quartz-Meadow-4821!';

describe('the shipped breached-password corpus', () => {
  it('holds every source entry, is small, and its measured false-positive rate is the stated one', () => {
    const filter = breachedCorpus();
    const source = breachedSource();
    expect(filter.n).toBe(source.length);
    expect(filter.n).toBeGreaterThan(80_000);
    expect(statSync(BREACHED_FILTER_PATH).size).toBeLessThan(160_000);
    // A Bloom filter never forgets: no false negatives.
    expect(source.filter((p) => !bloomHas(filter, p))).toEqual([]);
    // Stated (designed) rate: 1 in 1,000.
    const stated = bloomFalsePositiveRate(filter);
    expect(stated).toBeCloseTo(TARGET_FALSE_POSITIVE_RATE, 4);
    // Measured on 100,000 random strings that are not in the source.
    const inSource = new Set(source);
    let hits = 0;
    let tried = 0;
    while (tried < 100_000) {
      const probe = randomBytes(9).toString('base64url').toLowerCase();
      if (inSource.has(probe)) continue;
      tried += 1;
      if (bloomHas(filter, probe)) hits += 1;
    }
    const measured = hits / tried;
    expect(measured).toBeGreaterThan(0.0005);
    expect(measured).toBeLessThan(0.0015);
  });

  it('catches corpus entries lower-cased and dressed with digits and symbols at their ends', () => {
    expect(isBreachedPassword(BREACHED)).toBe(true);
    expect(isBreachedPassword('DEUTSCHLAND')).toBe(true);
    expect(isBreachedPassword(GOOD)).toBe(false);
    expect(isBreachedPassword(FIXTURE_PASSWORD)).toBe(false);
  });
});

describe.each(TEST_DATABASES)('breached passwords at sign-up, change, reset and sign-in [%s]', (kind) => {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const t = useTestHub(kind, { logStream, config: { logLevel: 'warn', outboundAllowPrivate: true } });

  /** A k-anonymity range server on loopback: lists SHA-1 suffixes of `listed` under their prefix. */
  const listed = new Set<string>();
  const rangeRequests: string[] = [];
  let range: Listening;
  beforeAll(async () => {
    range = await listenOnLoopback(
      createServer((req, res) => {
        const prefix = String(req.url).split('/').pop()!;
        rangeRequests.push(prefix);
        const lines = [...listed]
          .map((p) => createHash('sha1').update(p).digest('hex').toUpperCase())
          .filter((h) => h.startsWith(prefix))
          .map((h) => `${h.slice(5)}:42`);
        res.end(['0000000000000000000000000000000000A:0', ...lines].join('\r\n'));
      }),
    );
  });
  afterAll(() => range.close());

  const weakReasons = (res: { statusCode: number; json(): { error: { code: string; reasons: string[] } } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('weak_password');
    return res.json().error.reasons;
  };

  it('refuses a breached password at sign-up, creating nothing', async () => {
    const res = await t.client.post('/api/auth/sign-up', {
      csrf: true,
      body: { email: 'breached-signup@example.test', password: BREACHED, full_name: 'B' },
    });
    expect(weakReasons(res)).toEqual([PASSWORD_MESSAGES.breached]);
    const rows = await t.hub.db
      .select()
      .from(platformUsers)
      .where(eq(platformUsers.email, 'breached-signup@example.test'));
    expect(rows).toEqual([]);
  });

  it('refuses a breached password at password change (both routes) and reset', async () => {
    const user = await createUser(t.hub);
    const cookie = await sessionCookieFor(t.hub, user);
    const body = { current_password: FIXTURE_PASSWORD, new_password: BREACHED };
    weakReasons(await t.client.post('/api/auth/change-password', { csrf: true, cookie, body }));
    expect(weakReasons(await t.client.post('/api/me/password', { csrf: true, cookie, body }))).toEqual([
      PASSWORD_MESSAGES.breached,
    ]);

    await t.client.post('/api/auth/password/forgot', { csrf: true, body: { email: user.email } });
    await expect
      .poll(() => devOutbox.some((m) => m.to === user.email && m.link?.includes('reset-password')))
      .toBe(true);
    const link = devOutbox.filter((m) => m.to === user.email).at(-1)!.link!;
    const token = new URL(link).searchParams.get('token')!;
    const reset = (password: string) =>
      t.client.post('/api/auth/password/reset', { csrf: true, body: { token, password } });
    expect(weakReasons(await reset(BREACHED))).toEqual([PASSWORD_MESSAGES.breached]);
    // The refusal did not use the link up.
    expect((await reset(GOOD)).statusCode).toBe(200);
  });

  it('accepts a breached password at sign-in and asks for a change; an administrator can require it', async () => {
    const user = await createUser(t.hub, { password: BREACHED });
    const client = await registerClient(t);
    const signIn = () =>
      t.client.post('/api/auth/sign-in', { csrf: true, body: { email: user.email, password: BREACHED } });
    const first = await signIn();
    expect(first.statusCode).toBe(200);
    expect(first.json().user.password_change).toBe('asked');
    const cookie = cookieFrom(first)!;
    expect((await t.client.get('/api/auth/session', { cookie })).json().user.password_change).toBe('asked');
    const audit = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.eventType, 'sign_in_breached_password')));
    const opened = await t.hub.audit.subjectKeys.openRows(t.hub.db, audit);
    expect(opened.map((a) => a.details)).toEqual([{ email: user.email, password_change: 'asked' }]);
    // Asked, not required: nothing is refused, and the authorization endpoint issues codes.
    expect((await t.client.get('/api/me/apps', { cookie })).statusCode).toBe(200);
    expect((await authorize(t, client, cookie)).code).toEqual(expect.any(String));

    // A super admin requires the change: the next sign-in says so.
    const admin = await signedInUser(t.hub, ['user', 'super_admin']);
    const put = await t.client.put('/api/admin/sign-in-settings', {
      csrf: true,
      cookie: admin.cookie,
      body: { breached_password: 'require' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ breached_password: 'require', email_code: false });
    const second = await signIn();
    expect(second.json().user.password_change).toBe('required');
    const held = cookieFrom(second)!;

    // Until it is changed, the server refuses everything but the way out, and audits the refusal.
    const apps = await t.client.get('/api/me/apps', { cookie: held });
    expect(apps.statusCode).toBe(403);
    expect(apps.json().error.code).toBe('password_change_required');
    const patch = await t.client.patch('/api/me', { csrf: true, cookie: held, body: { full_name: 'Changed' } });
    expect(patch.json().error.code).toBe('password_change_required');
    expect((await t.client.get('/api/auth/session', { cookie: held })).json().user.password_change).toBe('required');
    expect((await t.client.get('/api/me', { cookie: held })).statusCode).toBe(200);
    const refused = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.eventType, 'password_change_refused')));
    expect(refused.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/me/apps' },
        { method: 'PATCH', route: '/api/me' },
      ]),
    );
    // No code for a sister platform: the browser goes to the change (and back); prompt=none hears why.
    const sent = await t.client.get(authorizeUrl(client, { scope: 'openid', state: 's1' }), { cookie: held });
    expect(sent.statusCode).toBe(302);
    const to = new URL(String(sent.headers.location), 'http://hub.test');
    expect(to.pathname).toBe('/account');
    expect(to.searchParams.get('password_change')).toBe('required');
    expect(to.searchParams.get('return_to')).toMatch(/^\/oauth\/authorize\?/);
    expect(to.searchParams.has('code')).toBe(false);
    const silent = await t.client.get(authorizeUrl(client, { scope: 'openid', state: 's2', prompt: 'none' }), {
      cookie: held,
    });
    const answer = new URL(String(silent.headers.location));
    expect(answer.origin + answer.pathname).toBe(client.redirect_uris[0]);
    expect(answer.searchParams.get('error')).toBe('interaction_required');
    expect(answer.searchParams.has('code')).toBe(false);

    // A new password clears the mark, and everything works again.
    const changed = await t.client.post('/api/me/password', {
      csrf: true,
      cookie: held,
      body: { current_password: BREACHED, new_password: GOOD },
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, user.id));
    expect(row.passwordChange).toBeNull();
    const fresh = cookieFrom(changed)!;
    expect((await t.client.get('/api/me/apps', { cookie: fresh })).statusCode).toBe(200);
    expect((await authorize(t, client, fresh)).code).toEqual(expect.any(String));
    await t.client.put('/api/admin/sign-in-settings', {
      csrf: true,
      cookie: admin.cookie,
      body: { breached_password: 'ask' },
    });
  });

  it('a platform admin may read the sign-in settings but not change them', async () => {
    const admin = await signedInUser(t.hub, ['user', 'platform_admin']);
    expect((await t.client.get('/api/admin/sign-in-settings', { cookie: admin.cookie })).statusCode).toBe(200);
    const put = await t.client.put('/api/admin/sign-in-settings', {
      csrf: true,
      cookie: admin.cookie,
      body: { email_code: true },
    });
    expect(put.statusCode).toBe(403);
  });

  it('with HUB_PWNED_PASSWORDS_URL, a password the range API lists is refused; only 5 hex digits leave the hub', async () => {
    const online = 'Velvet-Compass-9317!';
    listed.add(online);
    const signUp = (email: string) =>
      t.client.post('/api/auth/sign-up', { csrf: true, body: { email, password: online, full_name: 'O' } });
    t.hub.config.pwnedPasswordsUrl = `${range.origin}/range`;
    try {
      expect(weakReasons(await signUp('online-1@example.test'))).toEqual([PASSWORD_MESSAGES.breached]);
      const prefix = createHash('sha1').update(online).digest('hex').toUpperCase().slice(0, 5);
      expect(rangeRequests.at(-1)).toBe(prefix);
      // The service unreachable: fails open, with one warning line.
      t.hub.config.pwnedPasswordsUrl = 'http://127.0.0.1:9/range';
      expect((await signUp('online-2@example.test')).statusCode).toBe(201);
      expect(logLines.some((l) => l.includes('breached-password online check failed'))).toBe(true);
    } finally {
      t.hub.config.pwnedPasswordsUrl = undefined;
    }
  });
});
