import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_NAMES } from '../../src/shared/locales';
import { ECOSYSTEM_PLATFORMS, SISTER_SITES } from '../../src/shared/ecosystem';
import { signedInUser } from '../helpers/fixtures';
import { registerClient, type RegisteredClient } from '../server/oauth/oauth-helpers';
import { useE2E } from './harness';
import { addSessionCookie } from './hub-sign-in';
import { axeProblems, calmMotion, scrollsSideways, settle } from './a11y';

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

/**
 * The routes whose every string is in the catalogue today (issue 39's first helper: auth,
 * landing, layout, shared components, not-found). The others are listed by the test below until
 * their screens are converted; the lead moves them in here.
 */
const SWEPT = ['/', '/auth', '/forgot-password', '/reset-password', '/no-such-page'];

/**
 * The pseudo-locale's check: every visible text node is inside ⟦…⟧. What may stand outside is
 * no message: numbers, addresses, the hub's and the platforms' names, each language's own name
 * in the language menu, and separators.
 */
const ALLOWED = new Set([
  'Ecosystem Hub',
  ...SISTER_SITES.map((s) => s.name),
  ...ECOSYSTEM_PLATFORMS.map((p) => p.name),
  ...Object.values(LOCALE_NAMES),
  '|',
  '·',
  '→',
]);

async function unwrappedText(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  let rest = text;
  // Inner messages first (a message given as a value of another), until none is left.
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '\n');
  }
  let lines = rest.split('\n').map((l) => l.trim());
  for (const allowed of ALLOWED) lines = lines.map((l) => l.split(allowed).join(' ').trim());
  return lines.filter((l) => l && !/^[\d\s.,:%/·|→-]+$/.test(l) && !/^\S+@\S+$/.test(l));
}

describe('languages: the pseudo-locale, de and ar on the sign-in and consent pages', () => {
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

  it('under the pseudo-locale, no visible text of the swept routes is outside the catalogue', async () => {
    const page = await e2e.newPage();
    const problems: string[] = [];
    for (const route of SWEPT) {
      await page.goto(`${route}${route.includes('?') ? '&' : '?'}pseudo=1`);
      await settle(page);
      for (const line of await unwrappedText(page)) problems.push(`${route}: "${line}"`);
    }
    expect(problems).toEqual([]);
    // The routes not yet swept (other screens' conversion): listed, so the lead can move them in.
    const pending = appRoutes().filter((r) => !SWEPT.includes(r));
    console.info(`[i18n] routes not yet swept by the pseudo-locale: ${pending.join(' ')}`);
    expect(pending.length).toBeGreaterThan(0);
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
      `/auth and the consent page in ${locale} at %i px: axe-clean, nothing overflows, mirrored`,
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
