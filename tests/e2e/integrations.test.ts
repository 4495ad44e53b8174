import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './harness';
import { eq } from 'drizzle-orm';
import { authSessions } from '../../src/server/db/schema/index';
import { createUser, FIXTURE_PASSWORD, totpCodeAt } from '../helpers/fixtures';
import { expectToast, signInAs } from './admin-helpers';
import { axeProblems, calmMotion, focused, scrollsSideways, settle } from './a11y';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/server/events/delivery/worker';

const CSRF = { 'x-hub-csrf': '1' };
/** Where the screenshots of the tab go, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/**
 * Issue 30's Integrations tab in a real browser against a real receiver on 127.0.0.1 (the hub
 * allows private targets for it, as an operator would with HUB_OUTBOUND_ALLOW_PRIVATE): an
 * administrator registers the endpoint with the keyboard, copies the secret shown once, a user is
 * deactivated, and the delivery log shows the event delivered, verified by the receiver.
 */
describe('/admin?tab=integrations in a real browser', () => {
  let e2e: E2E;
  let page: Page;
  let receiver: WebhookReceiver;
  let worker: DeliveryWorker;
  let admin: { id: string };
  beforeAll(async () => {
    e2e = await startE2E({ config: { outboundAllowPrivate: true } });
    page = e2e.page;
    await calmMotion(page);
    await e2e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    receiver = await startWebhookReceiver();
    // The hub of the tests runs no worker of its own: this one delivers, as each node's does.
    worker = createDeliveryWorker(e2e.hub.hub);
    worker.start();
    admin = await signInAs(e2e, page, ['user', 'super_admin'], { email: 'integrations.admin@hub.test' });
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await e2e?.close();
  });

  it('registers an endpoint, shows its secret once, and logs a deactivation as delivered', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin?tab=integrations');
    await settle(page);
    await page.getByText('No webhooks yet').waitFor();
    expect(await axeProblems(page, 'integrations empty @1440')).toEqual([]);

    // The keyboard alone: open, type, tick an event with Space, send with Enter.
    await page.getByRole('button', { name: 'Add webhook' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Endpoint URL').waitFor();
    await expect.poll(() => focused(page)).toMatch(/^INPUT/);
    await page.keyboard.type(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('Mining platform');
    await dialog.getByRole('checkbox', { name: /user\.deactivated/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByRole('checkbox', { name: /user\.deactivated/ }).isChecked()).toBe(true);
    expect(await axeProblems(page, 'create dialog @1440', '[role="dialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-create.png` });
    await dialog.getByRole('button', { name: 'Create webhook' }).focus();
    await page.keyboard.press('Enter');

    const secretBox = dialog.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByText(/shown only this once/).waitFor();
    expect(await axeProblems(page, 'secret step @1440', '[role="dialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-secret.png` });
    await dialog.getByRole('button', { name: 'Copy Signing secret' }).click();
    await expectToast(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    receiver.secrets.push(secret);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Gone for good: neither the page nor the list's answer holds it again.
    expect(await page.content()).not.toContain(secret);
    const listed = await page.request.get('/api/admin/webhooks');
    expect(await listed.text()).not.toContain(secret.slice(6));

    const row = page.getByTestId('webhook-row').filter({ hasText: '127.0.0.1' });
    await row.getByText('user.deactivated').waitFor();
    await row.getByText('Enabled').waitFor();

    const alice = await createUser(e2e.hub.hub, { email: 'alice.deactivated@acme.test' });
    const res = await page.request.patch(`/api/admin/users/${alice.id}`, { headers: CSRF, data: { is_active: false } });
    expect(res.status()).toBe(200);
    await expect.poll(() => receiver.received.filter((r) => r.verified).length, { timeout: 60_000 }).toBe(1);
    expect(receiver.received[0].verified).toMatchObject({ type: 'user.deactivated', data: { user_id: alice.id } });

    await row.getByRole('button', { name: /^Delivery log of/ }).click();
    const entry = row.getByTestId('webhook-delivery').first();
    // The log is read when opened; Refresh reads it again until the worker's answer is recorded.
    await expect
      .poll(
        async () => {
          const status = await entry.getAttribute('data-status').catch(() => null);
          if (status !== 'delivered') await row.getByRole('button', { name: 'Refresh' }).click();
          return status;
        },
        { timeout: 60_000 },
      )
      .toBe('delivered');
    await entry.getByText('Delivered').waitFor();
    await entry.getByText('user.deactivated', { exact: true }).waitFor();
    await entry.getByText('200', { exact: true }).waitFor();
    await entry.getByText(/^Payload/).click();
    await entry.getByLabel('Payload').getByText(alice.id, { exact: false }).waitFor();

    expect(await axeProblems(page, 'integrations with log @1440')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByText('Delivery log', { exact: true }).first().waitFor();
    expect(await axeProblems(page, 'integrations with log @375')).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('Resend delivers the event again with the same webhook-id; a test event arrives too', async () => {
    const row = page.getByTestId('webhook-row').filter({ hasText: '127.0.0.1' });
    const before = receiver.received.length;
    const firstId = receiver.received[0].id;
    await row.getByRole('button', { name: /^Resend user\.deactivated/ }).click();
    await expectToast(page, 'Delivery queued again');
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(before + 1);
    expect(receiver.received.at(-1)).toMatchObject({ id: firstId, verified: { type: 'user.deactivated' } });

    await row.getByRole('button', { name: /^Send test event to/ }).click();
    await expectToast(page, 'Test event queued');
    await expect
      .poll(() => receiver.received.some((r) => r.verified?.type === 'webhook.test'), { timeout: 60_000 })
      .toBe(true);
  });

  it('rotate after step-up: the new secret is shown once and both secrets sign during the overlap', async () => {
    const row = page.getByTestId('webhook-row').filter({ hasText: '127.0.0.1' });
    const old = receiver.secrets[0];
    // A sign-in 11 minutes ago: the route wants a recent one, the shell asks for it, then rotates.
    await e2e.hub.hub.db
      .update(authSessions)
      .set({ authTime: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSessions.userId, admin.id));
    await row.getByRole('button', { name: /^Rotate secret of/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate secret' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByLabel('Password').fill(FIXTURE_PASSWORD);
    await stepUp.getByLabel('Authentication code').fill(await totpCodeAt(e2e.hub.hub));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    const dialog = page.getByRole('dialog');
    const fresh = (await dialog.getByTestId('webhook-secret').textContent())!;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(/Previous secret signs until/).waitFor();
    // The receiver switches to the new secret; the next delivery verifies with it.
    receiver.secrets.splice(0, receiver.secrets.length, fresh);
    const before = receiver.received.length;
    await row.getByRole('button', { name: /^Send test event to/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(before + 1);
    expect(receiver.received.at(-1)).toMatchObject({ verified: { type: 'webhook.test' }, verifiedWith: [fresh] });
    expect(receiver.received.at(-1)!.signatures).toHaveLength(2);
  });

  it('issue 46: two endpoints on one host are named by their full URL; an answer 500 shows the retrying state and its body', async () => {
    const ordersUrl = `${receiver.url}/orders`;
    const created = await page.request.post('/api/admin/webhooks', {
      headers: CSRF,
      data: { url: ordersUrl, events: ['user.created'] },
    });
    expect(created.status()).toBe(201);
    const orders = (await created.json()) as { webhook: { id: string }; secret: string };
    receiver.secrets.push(orders.secret);
    receiver.failing = true;
    receiver.answerBody = () => 'Internal error: the orders database is unavailable';
    try {
      const test = await page.request.post(`/api/admin/webhooks/${orders.webhook.id}/test`, { headers: CSRF });
      expect(test.status()).toBe(202);
      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/api/admin/webhooks/${orders.webhook.id}/deliveries`);
            return ((await res.json()) as { deliveries: { attempts: number }[] }).deliveries[0]?.attempts ?? 0;
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      await page.reload();
      await settle(page);
      const rows = page.getByTestId('webhook-row');
      await rows.filter({ hasText: ordersUrl }).waitFor();
      // Each row, and each button's accessible name, says which endpoint: the path tells them apart.
      await rows.getByText(receiver.url, { exact: true }).waitFor();
      await rows.getByText(ordersUrl, { exact: true }).waitFor();
      await page.getByRole('button', { name: `Delivery log of ${ordersUrl}` }).click();
      const entry = page.getByTestId('webhook-delivery').first();
      await entry.getByText(/^Retrying \(attempt \d of 8\)$/).waitFor();
      expect(await entry.getAttribute('data-status')).toBe('retrying');
      await entry.getByText('500', { exact: true }).waitFor();
      await entry.getByText('Internal error: the orders database is unavailable').waitFor();
      // The warning colour, not the grey of "Pending".
      const badge = entry.getByText(/^Retrying/);
      expect(await badge.evaluate((el) => el.className)).toContain('bg-warning');
      expect(await axeProblems(page, 'retrying delivery @1440')).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-retrying-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 900 });
      await entry.scrollIntoViewIfNeeded();
      expect(await scrollsSideways(page)).toBe(false);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-retrying-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      // The delete confirmation names it by the full URL too.
      await page.getByRole('button', { name: `Delete ${ordersUrl}` }).click();
      await page.getByRole('alertdialog').getByText(ordersUrl, { exact: false }).first().waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    } finally {
      receiver.failing = false;
      receiver.answerBody = null;
      await page.request.delete(`/api/admin/webhooks/${orders.webhook.id}`, { headers: CSRF });
      await page.reload();
      await settle(page);
    }
  });

  it('disable and delete: the endpoint says so, then is gone after the confirmation', async () => {
    const row = page.getByTestId('webhook-row').filter({ hasText: '127.0.0.1' });
    await row.getByRole('button', { name: /^Disable / }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('alertdialog');
    // Issue 46: the deliveries still owed (the server's count); the endpoint's URL typed to confirm.
    await confirm.getByText(/still owed to it|No deliveries are still owed/).waitFor();
    await confirm.getByLabel(`Type ${receiver.url} to confirm`).fill(receiver.url);
    expect(await axeProblems(page, 'delete confirmation', '[role="alertdialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-webhook-delete-1440.png` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No webhooks yet').waitFor();
  });

  it('adds an audit sink after step-up: its checkpoint key is shown once, then the sink is listed and deleted', async () => {
    await page.getByText('No audit sinks yet').waitFor();
    await e2e.hub.hub.db
      .update(authSessions)
      .set({ authTime: new Date(Date.now() - 11 * 60_000) })
      .where(eq(authSessions.userId, admin.id));
    await page.getByRole('button', { name: 'Add sink' }).click();
    const form = page.getByRole('dialog', { name: 'Add audit sink' });
    await form.getByLabel('Target').fill(receiver.url);
    // Issue 46: types come from the audit catalogue; a misspelling finds nothing to tick.
    const filter = form.getByLabel('Filter event types');
    await filter.fill('user_deactivatd');
    await form.getByText('No event type matches.').waitFor();
    await filter.fill('user_deactivated');
    await form.getByRole('checkbox', { name: 'user_deactivated' }).check();
    await filter.fill('');
    await form.getByRole('button', { name: /^Show all/ }).click();
    expect(await axeProblems(page, 'add sink dialog @1440', '[role="dialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sink-checklist-1440.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await axeProblems(page, 'add sink dialog @375', '[role="dialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sink-checklist-375.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await form.getByRole('button', { name: 'Show the chosen only' }).click();
    await form.getByRole('button', { name: 'Add sink' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await stepUp.getByLabel('Password').fill(FIXTURE_PASSWORD);
    // The next step's code: the rotation above spent this step's.
    await stepUp.getByLabel('Authentication code').fill(await totpCodeAt(e2e.hub.hub, undefined, 1));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();

    const dialog = page.getByRole('dialog', { name: 'Audit sink created' });
    const key = (await dialog.getByTestId('checkpoint-key').textContent())!;
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect(await axeProblems(page, 'checkpoint key step @1440', '[role="dialog"]')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-sink-key.png` });
    await dialog.getByRole('button', { name: 'Copy Checkpoint key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'I have stored it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(key);
    expect(await (await page.request.get('/api/admin/audit-sinks')).text()).not.toContain(key);
    // Now signed in recently: the API refuses unknown types by name, whatever a program sends.
    const refused = await page.request.post('/api/admin/audit-sinks', {
      headers: CSRF,
      data: { kind: 'https', target: receiver.url, event_types: ['user_deactivatd', 'totally_made_up'] },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('user_deactivatd, totally_made_up');

    const row = page.getByTestId('audit-sink-row').filter({ hasText: '127.0.0.1' });
    await row.getByText('user_deactivated', { exact: false }).waitFor();
    expect(await axeProblems(page, 'integrations with a sink @1440')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-sinks-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await axeProblems(page, 'integrations with a sink @375')).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-sinks-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The checkpoint key rotates from the row: the new key is shown once, and differs.
    await row.getByRole('button', { name: /^Rotate the checkpoint key of/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
    const rotated = page.getByRole('dialog', { name: 'New checkpoint key' });
    const fresh = (await rotated.getByTestId('checkpoint-key').textContent())!;
    expect(fresh.length).toBeGreaterThanOrEqual(40);
    expect(fresh).not.toBe(key);
    await rotated.getByRole('button', { name: 'I have stored it' }).click();
    await rotated.waitFor({ state: 'detached' });
    expect(await (await page.request.get('/api/admin/audit-sinks')).text()).not.toContain(fresh);

    await row.getByRole('button', { name: /^Delete audit sink/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No audit sinks yet').waitFor();
  });
});
