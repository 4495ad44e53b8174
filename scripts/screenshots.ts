/**
 * `npm run screenshots`: every route of spec §2 at 1440 px and 375 px, full page, into the
 * git-ignored screenshots/ folder. Public routes are taken signed out; guarded routes signed in
 * as a super admin (a fixture user with a session cookie, no UI sign-in).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import buildWeb from '../tests/e2e/build-web';
import { CHROMIUM_PATH } from '../tests/e2e/harness';
import { createUser, sessionCookieFor } from '../tests/helpers/fixtures';
import { createTestHub } from '../tests/helpers/test-hub';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'screenshots');
const MODULES = [
  'fulfils',
  'role-builder',
  'qrc',
  'sortstak',
  'talentmls',
  'talentspark',
  'ip-filters',
  'data-mining',
  'health',
  'settings',
];

const PUBLIC_ROUTES = [
  '/',
  '/demo',
  ...MODULES.map((m) => `/demo/${m}`),
  '/demo/admin',
  '/auth',
  '/final-todo',
  '/no-such-page',
];
const GUARDED_ROUTES = ['/admin', '/auth-redirect', '/oauth-admin', ...MODULES.map((m) => `/${m}`)];
const WIDTHS = [1440, 375];

const slug = (route: string) => (route === '/' ? 'landing' : route.slice(1).replace(/\//g, '_'));

async function shoot(browser: Browser, context: BrowserContext, baseUrl: string, routes: string[], prefix: string) {
  const page = await context.newPage();
  for (const route of routes) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      await page
        .locator('h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => {});
      const file = path.join(outDir, `${prefix}${slug(route)}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file.replace(root + '/', '')}  (${page.url().replace(baseUrl, '')})`);
    }
  }
  await page.close();
  void browser;
}

/** The New Mining Job dialog open on its Schedule tab with the custom cron input showing. */
async function shootDialog(context: BrowserContext, baseUrl: string) {
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl}/demo/data-mining`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'New Mining Job' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Schedule' }).click();
    await page.getByRole('combobox', { name: 'Schedule Type *' }).click();
    await page.getByRole('option', { name: 'Custom (cron)' }).click();
    const file = path.join(outDir, `demo_data-mining_new-job-dialog-${width}.png`);
    await page.screenshot({ path: file });
    console.log(file.replace(root + '/', ''));
  }
  await page.close();
}

async function main() {
  await buildWeb();
  mkdirSync(outDir, { recursive: true });
  const t = await createTestHub('pglite', { realClock: true, webRoot: path.join(root, 'dist/web'), listen: true });
  const baseUrl = t.baseUrl!;
  let browser: Browser | undefined;
  try {
    const admin = await createUser(t.hub, {
      email: 'screenshots-admin@example.test',
      fullName: 'Screenshot Admin',
      roles: ['user', 'super_admin'],
    });
    const token = (await sessionCookieFor(t.hub, admin)).split('=').slice(1).join('=');

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const visitor = await browser.newContext();
    await shoot(browser, visitor, baseUrl, PUBLIC_ROUTES, '');
    await shootDialog(visitor, baseUrl);
    const signedIn = await browser.newContext();
    await signedIn.addCookies([{ name: 'hub_session', value: token, url: baseUrl }]);
    await shoot(browser, signedIn, baseUrl, GUARDED_ROUTES, 'guarded_');
  } finally {
    await browser?.close();
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
