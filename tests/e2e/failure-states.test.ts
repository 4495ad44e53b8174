import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness';
import { createUser } from '../helpers/fixtures';
import { expectToast, signInAs } from './admin-helpers';
import { FaultProxy } from './fault-proxy';

const USERS = /^\/api\/admin\/users\?/;
const USER = /^\/api\/admin\/users\/[0-9a-f-]+$/;
const OUTAGE = { error: { code: 'database_unavailable', message: 'The database is unavailable.' } };

/**
 * The one convention for failure (issue 14), on one list (Users) and one form (Edit User),
 * against a server that fails on purpose: a proxy in front of a real hub that answers errors,
 * drops connections or holds requests when told to.
 */
describe('loading, empty and error states against a failing server', () => {
  let e2e: E2E;
  let proxy: FaultProxy;
  let page: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    proxy = await FaultProxy.start(e2e.baseUrl);
    page = await e2e.newPage();
    await signInAs(e2e, page, ['user', 'super_admin'], { email: 'fay.admin@hub.test' });
    await createUser(e2e.hub.hub, { email: 'alice@acme.test', fullName: 'Alice Zephyr', organization: 'Acme Corp' });
    await createUser(e2e.hub.hub, { email: 'bob@globex.test' });
  });
  afterAll(async () => {
    await proxy?.close();
    await e2e?.close();
  });

  const usersTab = () => page.goto(`${proxy.url}/admin?tab=users`);
  const rows = () => page.getByTestId('user-row');

  it('list: a skeleton while the server thinks, then the rows', async () => {
    proxy.clear();
    const release = proxy.hold('GET', USERS);
    await usersTab();
    const loading = page.getByTestId('loading-state').filter({ hasText: 'Loading users…' });
    await loading.waitFor();
    expect(await loading.locator('[data-slot="skeleton"]').count()).toBeGreaterThan(0);
    expect(await rows().count()).toBe(0);
    release();
    await rows().first().waitFor();
    expect(await page.getByTestId('loading-state').count()).toBe(0);
  });

  it("list: the spec's empty state when nothing matches", async () => {
    proxy.clear();
    await page.goto(`${proxy.url}/admin?tab=users&q=nobody-by-this-name`);
    await page.getByTestId('empty-state').getByText('No users found', { exact: true }).waitFor();
    expect(await page.getByTestId('empty-state').textContent()).toContain('Try a different search term');
    expect(await page.getByTestId('user-count').textContent()).toBe('0 users');
  });

  it('list: an outage shows what failed, the reason in words and Retry, which recovers once the server does', async () => {
    proxy.clear();
    proxy.answer('GET', USERS, 503, OUTAGE);
    await usersTab();
    const failed = page.getByTestId('error-state');
    await failed.waitFor();
    expect(await failed.getByText('Could not load users').count()).toBe(1);
    expect(await failed.getByTestId('error-message').textContent()).toBe(
      'The hub is temporarily unavailable. Try again in a moment.',
    );
    await expectToast(page, 'Failed to load users');
    expect(await rows().count()).toBe(0);

    proxy.clear();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await rows().first().waitFor();
    expect(await failed.count()).toBe(0);
  });

  it("list: a refusal shows the server's own message; a dropped connection says the hub could not be reached", async () => {
    proxy.clear();
    proxy.answer('GET', USERS, 400, {
      error: { code: 'invalid_request', message: 'q: Too big: expected string to have <=200 characters' },
    });
    await usersTab();
    await page.getByTestId('error-message').waitFor();
    expect(await page.getByTestId('error-message').textContent()).toBe(
      'q: Too big: expected string to have <=200 characters',
    );

    proxy.clear();
    proxy.reset('GET', USERS);
    await usersTab();
    await page.getByTestId('error-message').getByText('The hub could not be reached', { exact: false }).waitFor();
    proxy.clear();
  });

  it('form: Save is disabled while the server works; its refusal stays next to the form until the input changes', async () => {
    proxy.clear();
    await usersTab();
    await rows().first().waitFor();

    // Pending: one click, one request; the button says so and cannot be pressed again.
    await page.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Department').fill('Research');
    const release = proxy.hold('PATCH', USER);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const saving = dialog.getByRole('button', { name: 'Saving…' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();
    await expectToast(page, 'User updated successfully');
    await dialog.waitFor({ state: 'detached' });

    // A refusal from the real server (the email belongs to someone else): said next to the form.
    await page.getByRole('button', { name: 'Edit alice@acme.test' }).click();
    await dialog.getByLabel('Email').fill('bob@globex.test');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    // Under the field it is about, focused; no toast repeats it (issue 46).
    const error = dialog.locator('#edit-email-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Another user already uses this email address.');
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-email');
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
    // Changing the input clears the old error: it described other input.
    await dialog.getByLabel('Email').fill('alice.new@acme.test');
    await error.waitFor({ state: 'detached' });

    // An outage: the same place says so in words, and the form can be sent again.
    // An outage belongs to no field: the form's one line says it.
    proxy.answer('PATCH', USER, 503, OUTAGE);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const line = dialog.getByTestId('form-error');
    await line.waitFor();
    expect(await line.textContent()).toBe('The hub is temporarily unavailable. Try again in a moment.');
    proxy.clear();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated successfully');
    await rows().filter({ hasText: 'alice.new@acme.test' }).waitFor();
  });

  it("hand-off: the spec's failure text, plus the server's reason when it named one", async () => {
    proxy.clear();
    const created = await page.request.post(`${proxy.url}/api/admin/oauth-clients`, {
      headers: { 'x-hub-csrf': '1' },
      data: {
        app_name: 'Job Board',
        app_url: 'https://jobs.example',
        redirect_uris: ['https://jobs.example/cb'],
        app_type: 'platform',
      },
    });
    expect(created.status()).toBe(201);
    const clientId = (await created.json()).client.client_id as string;
    const handoff = (redirect: string) =>
      `${proxy.url}/auth-redirect?${new URLSearchParams({ app_id: clientId, redirect_url: redirect, app_name: 'Job Board' })}`;

    await page.goto(handoff('https://jobs.example/elsewhere'));
    await page.getByText('Failed to create session for the target app').waitFor();
    expect(await page.getByTestId('handoff-reason').textContent()).toBe(
      'The redirect URL is not registered for this application.',
    );
    expect(await page.title()).toBe('Authentication Error · Ecosystem Hub');

    // An outage names no reason: the spec's sentence stands alone, and Try Again works once it is over.
    proxy.answer('POST', /^\/api\/cross-platform\/sessions$/, 503, OUTAGE);
    await page.goto(handoff('https://jobs.example/cb'));
    await page.getByText('Failed to create session for the target app').waitFor();
    expect(await page.getByTestId('handoff-reason').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(1);
    proxy.clear();
  });
});
