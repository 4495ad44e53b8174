import { attemptKey } from '../../../src/server/auth/sign-in';
import { counterKey } from '../../../src/server/auth/counter-key';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { FIXTURE_PASSWORD, createUser, enrolFixtureTotp, sessionCookieFor, totpCodeAt } from '../../helpers/fixtures';
import { auditLogs, identityProviders, platformUsers, signInAttempts } from '../../../src/server/db/schema/index';
import { SESSION_COOKIE } from '../../../src/server/auth/sessions';
import { MFA_PENDING_COOKIE } from '../../../src/server/auth/routes';
import { ensureSetupKey } from '../../../src/server/setup/setup-key';
import { LINK_COOKIE, LINK_PENDING_PURPOSE, storeLinkToken } from '../../../src/server/federation/pending-link';
import type { AuditEventType } from '../../../src/shared/audit-events';
import { devOutbox } from '../../../src/server/auth/mailer';

/**
 * Issue 26 point 5: every guessable secret goes through countedAttempt (auth/counted-attempt.ts).
 * Each route that checks one is listed here and driven over HTTP on the real database: a wrong
 * guess counts, a right one clears the counter, the fifth failure blocks with 429 + Retry-After,
 * and during the block even the right secret is refused, unchecked and uncounted. The last
 * block reads the source: a module that reserves an attempt by itself, or a new caller of the
 * protocol that this list does not drive, fails here.
 */

type Res = LightMyRequestResponse;

const SETUP_KEY = 'counted-attempt-setup-key-0123';
const OTHER_PASSWORD = 'Saffron-Lantern-2261!';

/** One guess at the secret a route checks, as its caller would make it. */
interface Subject {
  /** The counter the guesses go to. */
  key: string;
  /** What must happen before a guess (the MFA step's password step, which itself counts). */
  ready?(): Promise<void>;
  guessWrong(n: number): Promise<Res>;
  guessRight(): Promise<Res>;
  rightStatus: number;
}

interface Guessable {
  route: string;
  secret: string;
  /** The answer to a wrong guess before the threshold. */
  wrong: { status: number; code: string; tellsRemaining: boolean };
  /** The audit events of a counted wrong guess, of the failure that starts a block, and of a guess during it. */
  events: { failed: AuditEventType; blockStarted: AuditEventType; refusedBlocked: AuditEventType };
  start(t: TestHub): Promise<Subject>;
}

/** `route` is "METHOD /path", as the list below names it; sent as the SPA sends it (CSRF header, JSON body). */
const send = (t: TestHub, route: string, body: object, options: { cookie?: string } = {}) => {
  const [method, url] = route.split(' ') as [HTTPMethods, string];
  return t.client.request(method, url, { csrf: true, body, ...options });
};

const accountEvents = (failed: AuditEventType = 'sign_in_failure') =>
  ({ failed, blockStarted: 'sign_in_blocked', refusedBlocked: 'sign_in_refused_blocked' }) as const;

/**
 * A password typed again by a signed-in user: `body` builds the request from the password
 * guessed; `afterRight` puts back what a right guess changed (a new cookie, a removed factor).
 */
function passwordReentry(
  route: string,
  options: {
    mfa?: boolean;
    rightStatus?: number;
    body: (guess: string, state: { password: string }) => object;
    afterRight?: (t: TestHub, res: Res, state: { userId: string; password: string; cookie: string }) => Promise<void>;
  },
): Guessable {
  return {
    route,
    secret: 'password re-entry',
    wrong: { status: 401, code: 'invalid_credentials', tellsRemaining: true },
    events: accountEvents(),
    async start(t) {
      const user = await createUser(t.hub, { mfa: options.mfa ?? false });
      const state = { userId: user.id, password: FIXTURE_PASSWORD, cookie: await sessionCookieFor(t.hub, user) };
      const guess = (password: string) => send(t, route, options.body(password, state), { cookie: state.cookie });
      return {
        key: attemptKey(t.hub, user.email),
        guessWrong: (n) => guess(`Wrong-Guess-${n}-xyz!`),
        async guessRight() {
          const res = await guess(state.password);
          if (res.statusCode < 300) await options.afterRight?.(t, res, state);
          return res;
        },
        rightStatus: options.rightStatus ?? 200,
      };
    },
  };
}

/** The password changes: the next right guess is the new one, with the fresh cookie the answer set. */
const changesPassword = {
  body: (guess: string, state: { password: string }) => ({
    current_password: guess,
    new_password: state.password === FIXTURE_PASSWORD ? OTHER_PASSWORD : FIXTURE_PASSWORD,
  }),
  async afterRight(_t: TestHub, res: Res, state: { password: string; cookie: string }) {
    state.password = state.password === FIXTURE_PASSWORD ? OTHER_PASSWORD : FIXTURE_PASSWORD;
    state.cookie = cookieFrom(res, SESSION_COOKIE) ?? state.cookie;
  },
};

let setupAddress = 0;
function setupKey(route: string): Guessable {
  return {
    route,
    secret: 'setup key',
    wrong: { status: 403, code: 'invalid_setup_key', tellsRemaining: false },
    events: { failed: 'setup_key_invalid', blockStarted: 'setup_key_blocked', refusedBlocked: 'setup_key_blocked' },
    async start(t) {
      setupAddress += 1;
      const remoteAddress = `10.77.0.${setupAddress}`;
      const guess = (key: string) =>
        t.client.post(route.split(' ')[1], { csrf: true, remoteAddress, body: { confirmation_key: key } });
      return {
        key: counterKey(t.hub.config.masterKey!, 'setup-key', remoteAddress),
        guessWrong: (n) => guess(`wrong-setup-key-${n}-guess`),
        guessRight: () => guess(SETUP_KEY),
        rightStatus: 200,
      };
    },
  };
}

/** A wrong second factor at the MFA step: a TOTP code, a recovery code, a passkey assertion, in turn. */
const wrongFactors = [
  { code: '000000' },
  { recovery_code: 'aaaaa-bbbbb' },
  {
    id: 'AAAA',
    rawId: 'AAAA',
    response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
    type: 'public-key',
  },
];

/**
 * The provider the pending identities below come from (one per hub; never contacted). Saved
 * enabled, its connection test on save (issue 46) would be refused by the outbound policy's
 * classification of 127.0.0.1 alone, without a packet sent: that refusal is checked here, then
 * it is saved disabled and switched on in its table, as one that passed its test would be.
 */
const linkProviders = new WeakMap<object, string>();
async function linkProviderOf(t: TestHub): Promise<string> {
  const known = linkProviders.get(t.hub);
  if (known) return known;
  const admin = await sessionCookieFor(t.hub, await createUser(t.hub, { roles: ['platform_admin'] }));
  const body = {
    body: {
      protocol: 'oidc',
      slug: 'counted-link',
      display_name: 'Counted SSO',
      issuer: 'http://127.0.0.1:9',
      client_id: 'hub',
      client_secret: 'never-used',
    },
  };
  const as = t.client.asBrowser(admin);
  const refused = await as.post('/api/admin/identity-providers', body);
  expect(refused.json().error, refused.body).toMatchObject({
    code: 'connection_test_failed',
    failed_step: 'discovery',
  });
  const res = await as.post('/api/admin/identity-providers', { body: { ...body.body, enabled: false } });
  expect(res.statusCode, res.body).toBe(201);
  await t.hub.db
    .update(identityProviders)
    .set({ enabled: true })
    .where(eq(identityProviders.id, res.json().provider.id));
  linkProviders.set(t.hub, res.json().provider.id);
  return res.json().provider.id;
}

/**
 * Linking an upstream identity by proving the local account (issue 27): the pending identity's
 * cookie, and the account's password — with the code in the same attempt when an app is enrolled.
 * A right guess links the identity and spends it, so each later guess gets a new one.
 */
let linkSubjects = 0;
function linkConfirmation(withCode: boolean): Guessable {
  return {
    route: 'POST /api/auth/sso/link/confirm',
    secret: withCode
      ? 'TOTP code with the right password, linking an upstream identity'
      : 'password, linking an upstream identity',
    wrong: { status: 401, code: withCode ? 'invalid_code' : 'invalid_credentials', tellsRemaining: true },
    events: accountEvents(withCode ? 'reauthentication_failure' : 'sign_in_failure'),
    async start(t) {
      const user = await createUser(t.hub, { mfa: withCode });
      await t.hub.db.update(platformUsers).set({ emailVerifiedAt: t.hub.clock() }).where(eq(platformUsers.id, user.id));
      const providerId = await linkProviderOf(t);
      let cookie = '';
      const pend = async () => {
        linkSubjects += 1;
        const link = { providerId, slug: 'counted-link', subject: `counted-sub-${linkSubjects}`, email: user.email };
        const token = await storeLinkToken(
          t.hub.db,
          LINK_PENDING_PURPOSE,
          user.id,
          { ...link, amr: ['fed'], mfa: false, returnTo: '/account' },
          t.hub.clock(),
        );
        cookie = `${LINK_COOKIE}=${token}`;
      };
      await pend();
      const guess = (body: object) => send(t, 'POST /api/auth/sso/link/confirm', body, { cookie });
      return {
        key: attemptKey(t.hub, user.email),
        guessWrong: (n) =>
          guess(
            withCode ? { password: FIXTURE_PASSWORD, code: String(n % 10).repeat(6) } : { password: `Wrong-${n}-xyz!` },
          ),
        async guessRight() {
          const code = withCode ? { code: await totpCodeAt(t.hub) } : {};
          const res = await guess({ password: FIXTURE_PASSWORD, ...code });
          if (res.statusCode === 200) await pend();
          return res;
        },
        rightStatus: 200,
      };
    },
  };
}

const GUESSABLE: Guessable[] = [
  {
    route: 'POST /api/auth/sign-in',
    secret: 'password',
    wrong: { status: 401, code: 'invalid_credentials', tellsRemaining: true },
    events: accountEvents(),
    async start(t) {
      const user = await createUser(t.hub);
      const guess = (password: string) => send(t, 'POST /api/auth/sign-in', { email: user.email, password });
      return {
        key: attemptKey(t.hub, user.email),
        guessWrong: (n) => guess(`Wrong-Guess-${n}-xyz!`),
        guessRight: () => guess(FIXTURE_PASSWORD),
        rightStatus: 200,
      };
    },
  },
  {
    route: 'POST /api/auth/sign-in/mfa',
    secret: 'TOTP code, recovery code or passkey after the password',
    wrong: { status: 401, code: 'invalid_code', tellsRemaining: true },
    events: accountEvents('sign_in_mfa_failure'),
    async start(t) {
      const user = await createUser(t.hub, { mfa: true });
      let pending: string | undefined;
      const ready = async () => {
        if (pending) return;
        const step = await send(t, 'POST /api/auth/sign-in', { email: user.email, password: FIXTURE_PASSWORD });
        expect(step.json()).toMatchObject({ mfa_required: true });
        pending = cookieFrom(step, MFA_PENDING_COOKIE);
      };
      const guess = async (factor: object) => {
        await ready();
        return send(t, 'POST /api/auth/sign-in/mfa', factor, { cookie: pending! });
      };
      return {
        key: attemptKey(t.hub, user.email),
        ready,
        guessWrong: (n) => guess(wrongFactors[n % wrongFactors.length]),
        async guessRight() {
          const res = await guess({ code: await totpCodeAt(t.hub) });
          if (res.statusCode === 200) pending = undefined;
          return res;
        },
        rightStatus: 200,
      };
    },
  },
  passwordReentry('POST /api/auth/change-password', changesPassword),
  passwordReentry('POST /api/me/password', changesPassword),
  passwordReentry('POST /api/me/email', {
    rightStatus: 202,
    body: (guess) => ({ new_email: `moved-${Date.now()}-${Math.random()}@example.test`, current_password: guess }),
  }),
  passwordReentry('POST /api/me/mfa/recovery-codes', { mfa: true, body: (guess) => ({ current_password: guess }) }),
  passwordReentry('DELETE /api/me/mfa/totp', {
    mfa: true,
    body: (guess) => ({ current_password: guess }),
    // The factor is gone: enrol it again, so the route checks the password once more.
    afterRight: (t, _res, state) => enrolFixtureTotp(t.hub, state.userId),
  }),
  passwordReentry('POST /api/auth/reauthenticate', { body: (guess) => ({ password: guess }) }),
  emailCode(),
  emailLinkConfirmation(),
  linkConfirmation(false),
  linkConfirmation(true),
  setupKey('POST /api/setup/system-admins'),
  // Last: a right key wipes every account.
  setupKey('POST /api/setup/cleanup'),
];

/** Issue 42: the mailed 6-digit sign-in code (auth/email-sign-in.ts), counted with the password. */
function emailCode(): Guessable {
  return {
    route: 'POST /api/auth/email-sign-in/verify',
    secret: 'emailed sign-in code',
    wrong: { status: 401, code: 'invalid_code', tellsRemaining: true },
    events: accountEvents('email_sign_in_failure'),
    async start(t) {
      t.hub.config.emailSignIn = ['code', 'link'];
      const user = await createUser(t.hub);
      await send(t, 'POST /api/auth/email-sign-in', { email: user.email, mode: 'code' });
      await expect.poll(() => devOutbox.find((m) => m.to === user.email)?.code).toBeDefined();
      const code = devOutbox.find((m) => m.to === user.email)!.code!;
      const guess = (c: string) => send(t, 'POST /api/auth/email-sign-in/verify', { email: user.email, code: c });
      return {
        key: attemptKey(t.hub, user.email),
        guessWrong: (n) => guess(String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0')),
        guessRight: () => guess(code),
        rightStatus: 200,
      };
    },
  };
}

/** Issue 42: a mailed sign-in link opened in another browser asks for the code the asking browser shows. */
function emailLinkConfirmation(): Guessable {
  return {
    route: 'POST /api/auth/email-sign-in/link',
    secret: 'confirmation code of a sign-in link opened in another browser',
    wrong: { status: 401, code: 'invalid_code', tellsRemaining: true },
    events: accountEvents('email_sign_in_failure'),
    async start(t) {
      t.hub.config.emailSignIn = ['code', 'link'];
      const user = await createUser(t.hub);
      let live: { token: string; confirm: string } | undefined;
      const ready = async () => {
        if (live) return;
        const mails = () => devOutbox.filter((m) => m.to === user.email).length;
        const before = mails();
        const asked = await send(t, 'POST /api/auth/email-sign-in', { email: user.email, mode: 'link' });
        await expect.poll(mails).toBeGreaterThan(before);
        const link = devOutbox.filter((m) => m.to === user.email).at(-1)!.link!;
        live = { token: new URL(link).searchParams.get('token')!, confirm: asked.json().confirm_code };
      };
      const guess = async (confirm: (right: string) => string) => {
        await ready();
        const res = await send(t, 'POST /api/auth/email-sign-in/link', {
          token: live!.token,
          confirm_code: confirm(live!.confirm),
        });
        if (res.statusCode === 200) live = undefined;
        return res;
      };
      return {
        key: attemptKey(t.hub, user.email),
        ready,
        guessWrong: (n) => guess((right) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0')),
        guessRight: () => guess((right) => right),
        rightStatus: 200,
      };
    },
  };
}

/**
 * The step-up code (POST /api/auth/reauthenticate {password, code}) is counted too, but the
 * right password checked before it clears the counter on every request, so wrong codes never
 * add up to a block. Kept apart, as a known gap (issue 26 report), until the pair is one attempt.
 */
const STEP_UP_CODE: Guessable = {
  route: 'POST /api/auth/reauthenticate',
  secret: 'TOTP code at step-up',
  wrong: { status: 401, code: 'invalid_code', tellsRemaining: true },
  events: accountEvents('reauthentication_failure'),
  async start(t) {
    const user = await createUser(t.hub, { mfa: true });
    const cookie = await sessionCookieFor(t.hub, user);
    const guess = (code: string) =>
      send(t, 'POST /api/auth/reauthenticate', { password: FIXTURE_PASSWORD, code }, { cookie });
    return {
      key: attemptKey(t.hub, user.email),
      guessWrong: (n) => guess(String(n % 10).repeat(6)),
      guessRight: async () => guess(await totpCodeAt(t.hub)),
      rightStatus: 200,
    };
  },
};

describe.each(TEST_DATABASES)('the counted-attempt protocol, on every guessable secret [%s]', (kind) => {
  const t = useTestHub(kind, { config: { setupKey: SETUP_KEY } });
  beforeAll(async () => {
    await ensureSetupKey(t.hub);
  });

  const failuresOf = async (key: string): Promise<number | null> =>
    (await t.hub.db.select().from(signInAttempts).where(eq(signInAttempts.key, key)))[0]?.failures ?? null;

  const eventCounts = async (types: AuditEventType[]) => {
    const found = await t.hub.db
      .select({ type: auditLogs.eventType })
      .from(auditLogs)
      .where(inArray(auditLogs.eventType, types));
    return Object.fromEntries(types.map((type) => [type, found.filter((row) => row.type === type).length]));
  };

  async function proveCounted(c: Guessable) {
    const s = await c.start(t);

    // A wrong guess counts.
    await s.ready?.();
    const before = (await failuresOf(s.key)) ?? 0;
    const wrong = await s.guessWrong(0);
    expect(wrong.statusCode, wrong.body).toBe(c.wrong.status);
    expect(wrong.json().error.code).toBe(c.wrong.code);
    expect(wrong.json().error.attempts_remaining).toBe(c.wrong.tellsRemaining ? 4 - before : undefined);
    expect(await failuresOf(s.key)).toBe(before + 1);

    // A right guess clears the counter.
    const right = await s.guessRight();
    expect(right.statusCode, right.body).toBe(s.rightStatus);
    expect(await failuresOf(s.key)).toBeNull();

    // Wrong guesses add up; the fifth failure starts a block of 5 × 2 minutes.
    await s.ready?.();
    let failures = (await failuresOf(s.key)) ?? 0;
    for (let n = 1; failures < 4; n++) {
      const res = await s.guessWrong(n);
      expect(res.statusCode, res.body).toBe(c.wrong.status);
      expect(await failuresOf(s.key)).toBe(failures + 1);
      failures += 1;
    }
    const types = [...new Set(Object.values(c.events))];
    const eventsBefore = await eventCounts(types);
    const fifth = await s.guessWrong(5);
    expect(fifth.statusCode, fifth.body).toBe(429);
    expect(fifth.headers['retry-after']).toBe('600');
    expect(fifth.json().error).toMatchObject({ code: 'too_many_attempts', retry_after_minutes: 10 });
    expect(await failuresOf(s.key)).toBe(5);

    // During the block the right secret is refused unchecked, and nothing is counted.
    t.clock.advanceMinutes(4);
    const during = await s.guessRight();
    expect(during.statusCode, during.body).toBe(429);
    expect(during.headers['retry-after']).toBe('360');
    expect(await failuresOf(s.key)).toBe(5);

    const expected = { ...eventsBefore };
    for (const type of [c.events.failed, c.events.blockStarted, c.events.refusedBlocked]) expected[type] += 1;
    expect(await eventCounts(types)).toEqual(expected);

    // Let the block and the window pass, so the next case starts from a clock nobody is blocked at.
    t.clock.advanceMinutes(30);
  }

  it.each(GUESSABLE)(
    '$route ($secret): a wrong guess counts, a right one clears, the fifth blocks (429 + Retry-After) even the right one',
    (c) => proveCounted(c),
  );

  it('POST /api/auth/reauthenticate (TOTP code at step-up): wrong codes add up to a block, though the password is right', () =>
    proveCounted(STEP_UP_CODE));

  it('every route listed here exists', () => {
    for (const { route } of [...GUESSABLE, STEP_UP_CODE]) {
      const [method, url] = route.split(' ');
      expect(t.app.hasRoute({ method: method as 'POST', url }), route).toBe(true);
    }
  });
});

describe('every guessable secret goes through countedAttempt', () => {
  const root = path.resolve(__dirname, '../../../src');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const files = sources(root).map((file) => ({
    name: path.relative(root, file).split(path.sep).join('/'),
    text: readFileSync(file, 'utf8'),
  }));
  const using = (pattern: RegExp) =>
    files
      .filter((f) => pattern.test(f.text))
      .map((f) => f.name)
      .sort();

  it('no module reserves an attempt itself: only the protocol and the sign-in statement that hands it its reservation', () => {
    expect(using(/\breserveAttempt\w*\b/)).toEqual([
      'server/auth/counted-attempt.ts',
      'server/auth/email-sign-in.ts',
      'server/auth/sign-in-limit-queries.ts',
      'server/auth/sign-in-queries.ts',
      'server/auth/sign-in.ts',
    ]);
    // The counter is reached only through its query module.
    expect(using(/\bsignInAttempts\b|\bsign_in_attempts\b/).filter((f) => !f.startsWith('server/db/'))).toEqual([
      'server/auth/sign-in-limit-queries.ts',
      'server/auth/sign-in-queries.ts',
    ]);
  });

  it('the callers of the protocol are the ones whose routes are driven above', () => {
    // A new caller needs its route in GUESSABLE, then its module here.
    expect(using(/\bcountedAttempt\(/).filter((f) => f !== 'server/auth/counted-attempt.ts')).toEqual([
      'server/account/mfa-sign-in.ts',
      'server/account/step-up.ts',
      'server/auth/email-sign-in.ts',
      'server/auth/sign-in.ts',
      // RFC 8628 user codes: every entry counts, a right one too (a code of one's own must not reset
      // the count), so it is not a GUESSABLE row; tests/server/oauth/device-exchange.test.ts drives its block.
      'server/oauth/device/service.ts',
      'server/setup/setup-service.ts',
    ]);
    expect(using(/\bverifyPasswordCounted\(/).filter((f) => f !== 'server/auth/sign-in.ts')).toEqual([
      'server/account/profile.ts',
      'server/account/step-up.ts',
      'server/account/totp.ts',
      'server/auth/change-password.ts',
    ]);
  });
});
