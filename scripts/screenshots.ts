/**
 * `npm run screenshots`: every screen at 1440 px and 375 px, full page, into the git-ignored
 * screenshots/ folder, on a throw-away in-memory hub with sample data: public routes signed
 * out; every signed-in screen and tab as a super admin; the admin screens as a plain user
 * (Access Denied); every dialog; the error state of a list whose server is down.
 * `npm run screenshots -- <part>` shoots only the routes whose path contains <part>.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import buildWeb from '../tests/e2e/build-web';
import { CHROMIUM_PATH } from '../tests/e2e/harness';
import { createUser, sessionCookieFor } from '../tests/helpers/fixtures';
import { createTestHub } from '../tests/helpers/test-hub';
import { SoftAuthenticator } from '../tests/helpers/soft-authenticator';
import { generate } from 'otplib';

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
const ADMIN_TABS = ['users', 'security', 'security-audit', 'analytics', 'settings', 'audit-log'];

const PUBLIC_ROUTES = [
  '/',
  '/?setup=true',
  '/demo',
  ...MODULES.map((m) => `/demo/${m}`),
  '/demo/admin',
  '/auth',
  '/forgot-password',
  '/reset-password?token=sample',
  '/reset-password',
  '/final-todo',
  '/no-such-page',
];
const ADMIN_ROUTES = [
  '/admin',
  ...ADMIN_TABS.map((t) => `/admin?tab=${t}`),
  '/oauth-admin',
  '/oauth-admin?tab=sessions',
  '/account',
  '/account?tab=security',
  '/account?tab=sessions',
  '/account?tab=apps',
  '/auth-redirect',
  ...MODULES.map((m) => `/${m}`),
];
const USER_ROUTES = [
  '/account',
  '/account?tab=security',
  '/account?tab=sessions',
  '/account?tab=apps',
  '/admin',
  '/oauth-admin',
];
const WIDTHS = [1440, 375];
const CSRF = { 'x-hub-csrf': '1' };

const slug = (route: string) =>
  route === '/'
    ? 'landing'
    : route
        .slice(1)
        .replace(/[/?=&]/g, '_')
        .replace(/_+/g, '_') || 'landing';

/** Waits for a screen's data: a heading, no skeleton left, fonts in. */
async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="loading-state"]'), null, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
}

async function save(page: Page, name: string, fullPage = true) {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(file.replace(root + '/', ''));
}

/** `npm run screenshots -- account` shoots only the routes whose path contains "account" (and no dialogs). */
const ONLY = process.argv[2];

async function shootRoutes(context: BrowserContext, routes: string[], prefix: string) {
  const page = await context.newPage();
  for (const route of routes.filter((r) => !ONLY || r.includes(ONLY))) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await settle(page);
      // A route another branch builds (e.g. /account) is skipped until it exists.
      if (
        (await page.getByRole('heading', { level: 1 }).first().textContent()) === 'Oops! Page not found' &&
        route !== '/no-such-page'
      )
        break;
      await save(page, `${prefix}${slug(route)}-${width}`);
    }
  }
  await page.close();
}

/** Opens a dialog, photographs it, closes it. */
async function shootDialog(page: Page, name: string, open: () => Promise<void>, width: number) {
  await open();
  await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor();
  await save(page, `dialog_${name}-${width}`, false);
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor({ state: 'detached' });
}

async function shootDialogs(visitor: BrowserContext, admin: BrowserContext) {
  const demo = await visitor.newPage();
  const page = await admin.newPage();
  for (const width of WIDTHS) {
    await demo.setViewportSize({ width, height: 900 });
    await demo.goto('/demo/data-mining');
    await settle(demo);
    await demo.getByRole('button', { name: 'New Mining Job' }).click();
    await demo.getByRole('dialog').getByRole('tab', { name: 'Schedule' }).click();
    await demo.getByRole('combobox', { name: 'Schedule Type *' }).click();
    await demo.getByRole('option', { name: 'Custom (cron)' }).click();
    await save(demo, `dialog_new-mining-job-${width}`, false);

    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin?tab=users');
    await settle(page);
    await shootDialog(
      page,
      'edit-user',
      () => page.getByRole('button', { name: 'Edit alice@acme.test' }).click(),
      width,
    );
    await shootDialog(
      page,
      'manage-roles',
      async () => {
        await page.getByRole('button', { name: 'Manage roles of alice@acme.test' }).click();
        await page.getByRole('switch', { name: 'Platform Admin' }).click();
      },
      width,
    );
    await page.goto('/admin?tab=security');
    await settle(page);
    await shootDialog(
      page,
      'request-credential-access',
      () => page.getByRole('button', { name: 'Request Credential Access' }).first().click(),
      width,
    );
    await page.goto('/admin?tab=audit-log');
    await settle(page);
    await shootDialog(page, 'audit-event', () => page.getByTestId('audit-row').first().click(), width);
    await page.goto('/oauth-admin');
    await settle(page);
    await shootDialog(
      page,
      'create-oauth-client',
      () => page.getByRole('button', { name: 'Create Client' }).first().click(),
      width,
    );
  }
  await demo.close();
  await page.close();
}

/** The Users list while its server is down: the error state with the reason and Retry. */
async function shootFailure(admin: BrowserContext) {
  const page = await admin.newPage();
  await page.route('**/api/admin/users?*', (r) =>
    r.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'database_unavailable', message: 'The database is unavailable.' } }),
    }),
  );
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin?tab=users');
    await page.getByTestId('error-state').waitFor({ timeout: 20_000 });
    await save(page, `state_users-error-${width}`);
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
    const second = await createUser(t.hub, { email: 'quinn.admin@example.test', roles: ['user', 'platform_admin'] });
    const user = await createUser(t.hub, { email: 'uma.user@example.test', fullName: 'Uma User', roles: ['user'] });
    await createUser(t.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
    await createUser(t.hub, { email: 'bob@globex.test', fullName: null });
    const cookie = async (u: typeof admin) => (await sessionCookieFor(t.hub, u)).split('=').slice(1).join('=');

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const signedIn = async (u: typeof admin) => {
      const context = await browser!.newContext({ baseURL: baseUrl, reducedMotion: 'reduce' });
      await context.addCookies([{ name: 'hub_session', value: await cookie(u), url: baseUrl }]);
      return context;
    };
    const visitor = await browser.newContext({ baseURL: baseUrl, reducedMotion: 'reduce' });
    const asAdmin = await signedIn(admin);
    const asSecond = await signedIn(second);
    const asUser = await signedIn(user);

    // Sample data through the API, as administrators would create it.
    const created = await asAdmin.request.post('/api/admin/oauth-clients', {
      headers: CSRF,
      data: {
        app_name: 'Role Builder',
        app_description: 'Builds structured role definitions',
        app_url: 'https://roles.example',
        redirect_uris: ['https://roles.example/callback'],
        allowed_origins: ['https://roles.example'],
        app_type: 'platform',
      },
    });
    const client = (await created.json()).client as { id: string; client_id: string };
    const appId = client.id;
    // The plain user's account: an authenticator app (its first code from otplib, as a phone
    // computes it), a passkey (a software authenticator) and an app signed in with the hub.
    const totp = (await (await asUser.request.post('/api/me/mfa/totp', { headers: CSRF })).json()) as {
      secret: string;
    };
    await asUser.request.post('/api/me/mfa/totp/confirm', {
      headers: CSRF,
      data: { code: await generate({ secret: totp.secret }) },
    });
    const options = await (await asUser.request.post('/api/me/passkeys/options', { headers: CSRF })).json();
    await asUser.request.post('/api/me/passkeys', {
      headers: CSRF,
      data: new SoftAuthenticator(baseUrl).register(options),
    });
    await asUser.request.post('/api/cross-platform/sessions', {
      headers: CSRF,
      data: { app_id: client.client_id, redirect_url: 'https://roles.example/callback' },
    });
    await asSecond.request.post('/api/admin/credential-requests', {
      headers: CSRF,
      data: {
        mode: 'time_limited',
        app_id: appId,
        credential_type: 'api_key',
        justification: 'Rotating the partner key after an incident',
        time_limit_minutes: 30,
      },
    });
    await asUser.request.post('/api/audit/events', {
      headers: CSRF,
      data: { events: [{ event_type: 'permission_denied', severity: 'high', details: { url: '/admin' } }] },
    });

    await shootRoutes(visitor, PUBLIC_ROUTES, '');
    await shootRoutes(asAdmin, ADMIN_ROUTES, 'admin_');
    await shootRoutes(asUser, USER_ROUTES, 'user_');
    if (!ONLY) {
      await shootDialogs(visitor, asAdmin);
      await shootFailure(asAdmin);
    }
  } finally {
    await browser?.close();
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
