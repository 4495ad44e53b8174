import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startE2E, type E2E } from './harness';
import { createUser } from '../helpers/fixtures';
import { signInAs } from './admin-helpers';
import { calmMotion } from './a11y';

const ADMIN_TABS = [
  'users',
  'security',
  'security-audit',
  'analytics',
  'settings',
  'audit-log',
  'identity-providers',
  'organizations',
  'integrations',
];
/**
 * Every screen an administrator opens: the dashboard's tabs, OAuth admin, own sessions, the
 * hand-off page, and a module screen in the signed-in shell (the module screens' content is
 * their /demo twins', which the signed-out sweep scans tab by tab; the tab test of
 * a11y-admin-screens checks every module and tab fits a phone, signed in).
 */
export const ROUTES = [
  '/admin',
  ...ADMIN_TABS.map((t) => `/admin?tab=${t}`),
  '/oauth-admin',
  '/oauth-admin?tab=sessions',
  '/account',
  '/account?tab=security',
  '/account?tab=sessions',
  '/account?tab=apps',
  '/account?tab=organizations',
  '/auth-redirect',
  '/settings',
];
/** A watchdog, not a clock the test waits on: a sweep visits dozens of screens and a loaded CI machine is slow. */
export const SWEEP_MS = 600_000;
const CSRF = { 'x-hub-csrf': '1' };

async function seed(e2e: E2E, page: Page) {
  await signInAs(e2e, page, ['user', 'super_admin'], { email: 'avery.admin@hub.test', fullName: 'Avery Admin' });
  await createUser(e2e.hub.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
  await createUser(e2e.hub.hub, { email: 'bob@globex.test', fullName: null });
  // Someone with an authenticator app: a super admin may reset it.
  await createUser(e2e.hub.hub, { email: 'carol@initech.test', fullName: 'Carol Two-Step', mfa: true });
  const created = await page.request.post('/api/admin/oauth-clients', {
    headers: CSRF,
    data: {
      app_name: 'Role Builder',
      app_description: 'Builds structured role definitions',
      app_url: 'https://roles.example',
      redirect_uris: ['https://roles.example/callback'],
      allowed_origins: ['https://roles.example'],
    },
  });
  expect(created.status()).toBe(201);
  const appId = (await created.json()).client.id as string;
  // A second administrator's request waits in the approval queue.
  const other = await e2e.newPage();
  await signInAs(e2e, other, ['user', 'platform_admin'], { email: 'quinn.admin@hub.test' });
  const requested = await other.request.post('/api/admin/credential-requests', {
    headers: CSRF,
    data: {
      mode: 'time_limited',
      app_id: appId,
      credential_type: 'api_key',
      justification: 'Rotating the partner key after an incident',
      time_limit_minutes: 30,
    },
  });
  expect(requested.status()).toBeLessThan(300);
  await other.close();
  // One event reported by a browser, next to the server's own.
  const reported = await page.request.post('/api/audit/events', {
    headers: CSRF,
    data: { events: [{ event_type: 'permission_denied', severity: 'high', details: { url: '/admin' } }] },
  });
  expect(reported.status()).toBeLessThan(300);
}

/**
 * One hub and one browser per file, signed in as a super admin, with the records every
 * administrator screen shows: users, an application, a waiting credential request and a
 * browser-reported event.
 */
export async function startAdminSweep(): Promise<E2E> {
  const e2e = await startE2E();
  await calmMotion(e2e.page);
  await seed(e2e, e2e.page);
  return e2e;
}
