import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/fixtures';
import { createClient, setClientGrants } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';
import { useE2E } from './harness';
import { signInOnHub } from './hub-sign-in';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/**
 * RFC 8628 end to end on a phone-sized screen (issue 42): a device (openid-client) asks for a
 * code, the person opens /device at 375 px, signs in, types the code as they read it (lower
 * case, no dash), sees the client and its scopes, allows it, and the device's poll gets tokens.
 */
describe('device sign-in on a phone', () => {
  const e2e = useE2E({ config: { devicePollIntervalS: 1 } });
  let config: oidc.Configuration;
  let user: { id: string; email: string };

  beforeAll(async () => {
    const hub = e2e.hub.hub;
    const created = await createClient(
      hub,
      {
        app_name: 'Interview Room TV',
        app_url: 'https://tv.example.test',
        redirect_uris: ['https://tv.example.test/cb'],
        scopes: ['openid', 'profile', 'read:profile'],
      },
      systemActor(),
    );
    await setClientGrants(hub, created.client.id, { device_code: true, token_exchange_targets: [] }, systemActor());
    config = await oidc.discovery(
      new URL(e2e.baseUrl),
      created.client.clientId,
      created.clientSecret!,
      oidc.ClientSecretBasic(created.clientSecret!),
      { execute: [oidc.allowInsecureRequests] },
    );
    user = await createUser(hub, { fullName: 'Device Person' });
  });

  it('goes from code entry to approval at 375 px, and the device gets its tokens', async () => {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile read:profile' });
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/device');
    await signInOnHub(page, user.email);
    await page.waitForURL((u) => u.pathname === '/device');
    await page.getByLabel('Code shown on your device').fill(started.user_code.replace('-', '').toLowerCase());
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/device-entry-375.png` });
    await page.getByRole('button', { name: 'Continue' }).click();
    const request = page.getByTestId('device-request');
    await request.getByText('Interview Room TV').waitFor();
    await request.getByText(started.user_code, { exact: true }).waitFor();
    expect(await page.getByTestId('device-scopes').locator('li').count()).toBe(3);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/device-request-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/device-request-1440.png` });
    }
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByTestId('device-done').getByText('Device connected').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/device-done-375.png` });
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
    expect(tokens.claims()?.sub).toBe(user.id);
  });
});
