import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES } from '../../src/shared/locales';
import { ECOSYSTEM_PLATFORMS, SISTER_SITES } from '../../src/shared/ecosystem';
import { signedInUser } from '../helpers/fixtures';
import { registerClient, type RegisteredClient } from '../server/oauth/oauth-helpers';
import { useE2E } from './harness';
import { addSessionCookie } from './hub-sign-in';
import { axeProblems, calmMotion, scrollsSideways, settle, show } from './a11y';

/** Every route of the app, read from src/web/routes.tsx (so a new route is swept, or listed as not yet swept). */
function appRoutes(): string[] {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../src/web/routes.tsx'), 'utf8');
  const modules = [...source.matchAll(/\{ path: '([a-z-]+)', load:/g)].map((m) => m[1]);
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => !modules.includes(p));
  const routes = new Set<string>(['/']);
  for (const p of paths) {
    if (p === '*') routes.add('/no-such-page');
    else if (p === 'oauth/*')
      continue; // server pages: swept by the consent/error tests below
    else if (p === 'demo' || p === 'admin') routes.add(`/${p}`);
    else routes.add(`/${p.replace(':id', 'some-id')}`);
  }
  for (const m of modules) routes.add(`/demo/${m}`).add(`/${m}`);
  return [...routes];
}

/** The routes a visitor opens signed out (the rest are behind sign-in and are swept signed in). */
const PUBLIC = new Set([
  '/',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/email-sign-in',
  '/account/confirm-email',
  '/invitations/accept',
  '/final-todo',
  '/no-such-page',
]);
const isPublic = (route: string) => PUBLIC.has(route) || route === '/demo' || route.startsWith('/demo/');

/** The tabs of the signed-in screens that have them (each a route of its own, ?tab=…). */
const TABBED: Record<string, string[]> = {
  '/account': ['security', 'sessions', 'apps', 'organizations', 'privacy'],
  '/admin': [
    'users',
    'security',
    'security-audit',
    'analytics',
    'settings',
    'audit-log',
    'identity-providers',
    'organizations',
    'integrations',
  ],
  '/oauth-admin': ['sessions'],
};

/**
 * The sample records of the module screens: the plain strings of the modules' *.data.ts files
 * (names, companies, figures, ids) are by the modules' rule (modules/shared/text.ts) the same in
 * every language; every word of them a person reads is a defineMessage, removed here first.
 */
function sampleValues(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../src/web/modules');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.data.ts'));
  const values = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(dir, file), 'utf8').replace(/defineMessage\(\{[^}]*\}\)/g, '');
    for (const m of source.matchAll(/'([^'\n]+)'/g)) if (/[A-Z0-9$]/.test(m[1])) values.add(m[1]);
  }
  return [...values];
}

/**
 * The pseudo-locale's check: every visible text node is inside ⟦…⟧. What may stand outside is
 * no message: the hub's and the platforms' names, each language's own name in the language
 * menu, the records the test seeded and the modules' sample records, identifiers (in <code>, or
 * marked translate="no"), addresses, numbers with their units, dates, and separators.
 */
const ALLOWED = [
  'Ecosystem Hub',
  ...SISTER_SITES.map((s) => s.name),
  ...ECOSYSTEM_PLATFORMS.map((p) => p.name),
  ...Object.values(LOCALE_NAMES),
  'CSV',
  'JSONL',
];
const NO_MESSAGE = [
  /^[\d\s.,:%/·|→—–$KM+()#-]+(ms|s|min|h|MB|rec\/s|req\/min)?$/, // figures and units
  /^\S+@\S+$/, // addresses
  /^https?:\/\/\S+$/, // URLs
  /^[^\s]*\d[^\s]*$/, // one token with a digit: an id, a key preview
  /^[a-z]+(_[a-z]+)+$/, // a code (an audit event type)
  /^[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}(:\d{2})? [AP]M)?$/, // a date as Intl writes it in en
];

async function unwrappedText(page: Page, data: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    // Identifiers are no message: hide them for the reading (the next route reloads the page).
    for (const el of document.querySelectorAll<HTMLElement>('code, kbd, samp, [translate="no"]'))
      el.style.display = 'none';
    return document.body.innerText;
  });
  let rest = text;
  // Inner messages first (a message given as a value of another), until none is left.
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '\n');
  }
  const known = [...data, ...ALLOWED]
    .filter((k) => k.length > 1 && !/^\d+$/.test(k))
    .sort((x, y) => y.length - x.length);
  const isData = (piece: string) => !piece || NO_MESSAGE.some((re) => re.test(piece));
  const pieces = (line: string) =>
    line
      .split(/\t|\s{2,}/)
      .map((piece) =>
        piece
          .trim()
          .replace(/^[,·|→—]+|[,·|→—]+$/g, '')
          .trim(),
      )
      .filter((piece) => !isData(piece));
  return rest
    .split('\n')
    .flatMap(pieces)
    .flatMap((piece) => pieces(known.reduce((p, k) => p.split(k).join('\t'), piece)));
}

describe('languages: the pseudo-locale, de and ar on the sign-in, consent, account and admin pages', () => {
  const e2e = useE2E();
  let client: RegisteredClient;
  const LOGO =
    'data:image/svg+xml;base64,' +
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" rx="8" fill="#6d28d9"/></svg>',
    ).toString('base64');

  beforeAll(async () => {
    await calmMotion(e2e.page);
    client = await registerClient(e2e.hub, {
      app_name: 'TalentSpark',
      app_type: 'third_party',
      scopes: ['openid', 'profile', 'email'],
      logo_uri: LOGO,
      policy_uri: 'https://talentspark.example.test/privacy',
      tos_uri: 'https://talentspark.example.test/terms',
      brand_color: '#6d28d9',
    });
  });

  const authorize = (extra: Record<string, string>) =>
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0],
      scope: 'openid profile',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWR9uvkPdB8RQ',
      code_challenge_method: 'S256',
      ...extra,
    })}`;

  it('under the pseudo-locale, no visible text of any route is outside the catalogue', async () => {
    const page = await e2e.newPage();
    const problems: string[] = [];
    const data = sampleValues();
    // The first screen is loaded (with ?pseudo=1, which the tab keeps for its session), the rest
    // shown by the app's router; after the session cookie is added, the next screen is loaded again.
    let reload = true;
    const sweep = async (route: string) => {
      const address = `${route}${route.includes('?') ? '&' : '?'}pseudo=1`;
      await show(page, address, { load: reload });
      reload = false;
      for (const line of await unwrappedText(page, data)) problems.push(`${route}: "${line}"`);
    };
    const routes = appRoutes();
    for (const route of routes.filter(isPublic)) await sweep(route);

    // Signed in as a super administrator with an organization of their own: every other route and tab.
    const { user, cookie } = await signedInUser(e2e.hub.hub, ['user', 'super_admin']);
    await addSessionCookie(e2e, page, cookie);
    reload = true;
    const created = await page.request.post('/api/orgs', {
      headers: { 'x-hub-csrf': '1' },
      data: { name: 'Acme Corp', slug: 'acme-corp' },
    });
    expect(created.status()).toBe(201);
    const orgId = ((await created.json()) as { organization: { id: string } }).organization.id;
    // What this test seeded: its people, organization and app, and the sessions' user agent.
    data.push(user.fullName ?? user.email, 'Acme Corp', 'TalentSpark', 'vitest');
    const signedIn = routes
      .filter((r) => !isPublic(r))
      .map((r) => r.replace('some-id', orgId))
      .flatMap((r) => [r, ...(TABBED[r] ?? []).map((tab) => `${r}?tab=${tab}`)]);
    for (const route of signedIn) await sweep(route);
    console.info(`[i18n] pseudo-locale sweep: ${routes.filter(isPublic).length + signedIn.length} routes`);
    expect(problems).toEqual([]);
  });

  it('ui_locales=fr at /oauth/authorize gives the French sign-in page in the client’s brand', async () => {
    const page = await e2e.newPage();
    await page.goto(authorize({ ui_locales: 'fr' }));
    await page.waitForURL((u) => u.pathname === '/auth');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('TalentSpark');
    expect(await page.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe(
      'https://talentspark.example.test/privacy',
    );
    expect(await page.getByText('Sécurisé par').count()).toBe(1);
  });

  for (const locale of ['de', 'ar'] as const) {
    it.each([1440, 375])(
      `/auth, consent, /account and /admin in ${locale} at %i px: axe-clean, nothing overflows, mirrored`,
      async (width) => {
        const page = await e2e.newPage();
        await page.setViewportSize({ width, height: 900 });
        const problems: string[] = [];

        await page.goto(`/auth?ui_locales=${locale}&client_id=${client.client_id}`);
        await settle(page);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await page.getByTestId('client-brand').waitFor();
        problems.push(...(await axeProblems(page, `/auth ${locale} @${width}`)));
        problems.push(...(await overflowing(page, `/auth ${locale} @${width}`)));
        await page.screenshot({ path: `/tmp/i18n/shots/auth-${locale}-${width}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        // The labels start where the fields start: on the right when the page reads right to left.
        const label = (await page.locator('label[for="signin-email"]').boundingBox())!;
        const input = (await page.locator('#signin-email').boundingBox())!;
        if (locale === 'ar') expect(Math.abs(label.x + label.width - (input.x + input.width))).toBeLessThan(2);
        else expect(Math.abs(label.x - input.x)).toBeLessThan(2);

        const { cookie } = await signedInUser(e2e.hub.hub);
        await addSessionCookie(e2e, page, cookie);
        await page.goto(authorize({ ui_locales: locale }));
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
          locale,
          locale === 'ar' ? 'rtl' : 'ltr',
        ]);
        problems.push(...(await axeProblems(page, `consent ${locale} @${width}`)));
        problems.push(...(await overflowing(page, `consent ${locale} @${width}`)));
        await page.screenshot({ path: `/tmp/i18n/shots/consent-${locale}-${width}.png`, fullPage: true });
        const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
        const main = (await page.locator('main').boundingBox())!;
        // Mirrored: the heading hugs the start edge of the card (28 px padding), right in Arabic.
        if (locale === 'ar') expect(main.x + main.width - (heading.x + heading.width)).toBeLessThan(40);
        else expect(heading.x - main.x).toBeLessThan(40);

        // /account and /admin, as a super administrator who chose the language in the profile.
        const admin = await signedInUser(e2e.hub.hub, ['user', 'super_admin']);
        await addSessionCookie(e2e, page, admin.cookie);
        const saved = await page.request.patch('/api/me', { headers: { 'x-hub-csrf': '1' }, data: { locale } });
        expect(saved.status()).toBe(200);
        for (const screen of ['/account', '/admin']) {
          const where = `${screen} ${locale} @${width}`;
          await page.goto(screen);
          await settle(page);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
            locale,
            locale === 'ar' ? 'rtl' : 'ltr',
          ]);
          problems.push(...(await axeProblems(page, where)));
          problems.push(...(await overflowing(page, where)));
          await page.screenshot({ path: `/tmp/i18n/shots/${screen.slice(1)}-${locale}-${width}.png`, fullPage: true });
          const shell = (await page.locator('main').boundingBox())!;
          const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
          // Mirrored: the title starts at the start edge of the screen, and on a wide screen the
          // sidebar stands before the screen: on its right in Arabic.
          if (locale === 'ar') expect(shell.x + shell.width - (title.x + title.width)).toBeLessThan(48);
          else expect(title.x - shell.x).toBeLessThan(48);
          if (width >= 768) {
            const sidebar = (await page.getByTestId('app-sidebar').boundingBox())!;
            if (locale === 'ar') expect(sidebar.x).toBeGreaterThanOrEqual(shell.x + shell.width - 1);
            else expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(shell.x + 1);
          }
          // Nothing inside turns back to the other direction (Radix primitives write their own `dir`).
          expect(await page.locator(`main [dir="${locale === 'ar' ? 'ltr' : 'rtl'}"]`).count()).toBe(0);
          // The sidebar's toggle points at the sidebar's edge: turned around in Arabic.
          const toggle = page.getByTestId('app-sidebar').locator('button[aria-controls="app-nav"] svg');
          expect(await toggle.evaluate((svg) => getComputedStyle(svg).transform)).toBe(
            locale === 'ar' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none',
          );
        }
        expect(problems).toEqual([]);
      },
    );
  }
});

/** Elements whose content is wider than their box (German's long words), and sideways scrolling. */
async function overflowing(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.display === 'inline' || style.overflowX !== 'visible' || el.clientWidth <= 1) return false;
        if (el.closest('.sr-only, [aria-hidden="true"], select')) return false;
        return el.scrollWidth > el.clientWidth + 1;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`),
  );
  const sideways = (await scrollsSideways(page)) ? [`${where}: scrolls sideways`] : [];
  return [...found.map((f) => `${where}: ${f} overflows`), ...sideways];
}
