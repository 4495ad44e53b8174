import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportJWK, generateKeyPair } from 'jose';
import { eq } from 'drizzle-orm';
import { oauthClients, oauthConsents } from '../../src/server/db/schema/index';
import { createUser } from '../helpers/fixtures';
import { startE2E, type E2E } from './harness';
import { expectToast, signInAs } from './admin-helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** Issue 31: an administrator registers a FAPI 2.0 client and changes another's profile, by keyboard. */
describe('/oauth-admin security profile in a real browser', () => {
  let e2e: E2E;
  let page: Page;
  let jwks: string;
  beforeAll(async () => {
    e2e = await startE2E();
    page = e2e.page;
    await signInAs(e2e, page, ['user', 'super_admin'], { email: 'fapi.root@hub.test' });
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'sister-1' }] });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('registers a FAPI 2.0 client with its public keys; the card names the profile', async () => {
    await page.goto('/oauth-admin');
    await page.getByRole('button', { name: 'Create Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Application Name *').fill('Sister FAPI');
    await dialog.getByLabel('Application URL *').fill('https://fapi.example');
    await dialog.getByLabel('Redirect URIs * (one per line)').fill('https://fapi.example/cb');
    // The checkbox by keyboard: focus, Space.
    await dialog.getByLabel('FAPI 2.0 profile').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByLabel('Require DPoP-bound tokens').isDisabled()).toBe(true);
    await dialog.getByLabel('Public JWK Set (JSON)').fill(jwks);
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await dialog.getByTestId('new-client-id').waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByTestId('oauth-client-card').filter({ hasText: 'Sister FAPI' });
    for (const badge of ['FAPI 2.0', 'PAR required', 'DPoP required', 'private_key_jwt'])
      await card.getByText(badge, { exact: true }).waitFor();
    await card.getByText('No secret (private_key_jwt)').waitFor();
  });

  it('turns on DPoP and private_key_jwt for a live client after a confirmation naming the impact; deactivation asks too', async () => {
    await page.getByRole('button', { name: 'Create Client' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Application Name *').fill('Sister Plain');
    await dialog.getByLabel('Application URL *').fill('https://plain.example');
    await dialog.getByLabel('Redirect URIs * (one per line)').fill('https://plain.example/cb');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await dialog.getByTestId('new-client-id').waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByTestId('oauth-client-card').filter({ hasText: 'Sister Plain' });
    await card.getByRole('button', { name: 'Security profile…' }).click();
    const profile = page.getByRole('dialog');
    await profile.getByLabel('Require DPoP-bound tokens').check();
    await profile.getByLabel('Authenticate with private_key_jwt').check();
    await profile.getByLabel('Public JWK Set (JSON)').fill(jwks);
    await profile.getByRole('button', { name: 'Save' }).click();
    // Issue 46: the change breaks the live client; the confirmation says how, in its name.
    const confirm = page.getByRole('alertdialog', { name: 'This change breaks Sister Plain until it is updated' });
    await confirm
      .getByText(
        'Sister Plain authenticates with a client secret (HTTP Basic); after this change its token requests fail ' +
          'until it sends a signed key assertion (private_key_jwt).',
      )
      .waitFor();
    await confirm.getByText('Sister Plain’s token requests fail until each one carries a DPoP proof.').waitFor();
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/client-change-confirm-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await confirm.getByRole('button', { name: 'Apply the change' }).click();
    await expectToast(page, 'Security profile updated');
    await card.getByText('DPoP required', { exact: true }).waitFor();

    // Two people consented to it (their consent is kept through a deactivation): the dialog counts them.
    const db = e2e.hub.hub.db;
    const [{ clientId }] = await db.select().from(oauthClients).where(eq(oauthClients.appName, 'Sister Plain'));
    const people = [await createUser(e2e.hub.hub), await createUser(e2e.hub.hub)];
    await db.insert(oauthConsents).values(people.map((p) => ({ userId: p.id, clientId, scopes: ['openid'] })));
    await card.getByRole('button', { name: 'Deactivate' }).click();
    const deactivate = page.getByRole('alertdialog', { name: 'This change breaks Sister Plain until it is updated' });
    await deactivate
      .getByText('Sister Plain can no longer sign anyone in or get tokens until it is activated again.')
      .waitFor();
    // Who is signed in to it now: the server's count (nobody has used this new client).
    await deactivate.getByText('Nobody is signed in to it now.').waitFor();
    await deactivate
      .getByText(
        '2 people have allowed it to use their account; their consents are kept for when it is activated again.',
      )
      .waitFor();
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/client-deactivate-confirm-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await deactivate.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Deactivate' }).waitFor();
  });
});
