import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookieFor } from '../helpers/fixtures';
import { createClient } from '../../src/server/oauth/clients/service';
import { systemActor } from '../../src/server/actor';
import { startE2E, type E2E } from './harness';
import { addSessionCookie, signInOnHub } from './hub-sign-in';

/**
 * The spec's cross-platform hand-off end to end: a sister app (a small server started here)
 * sends the user to /auth-redirect; the hub signs them in, creates a hand-off session and
 * form-POSTs it to the app, which validates the session token with the hub (introspection).
 */
describe('cross-platform hand-off into a sister app', () => {
  let e2e: E2E;
  let app: Server;
  let appUrl: string;
  let clientId: string;
  let email: string;
  let userId: string;
  const received: { fields: URLSearchParams; validation: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    let secret = '';
    app = createServer((req, res) => {
      if (req.method !== 'POST' || !req.url!.startsWith('/auth/callback')) return res.writeHead(404).end();
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', async () => {
        const fields = new URLSearchParams(body);
        // What a sister platform does: validate the token with the hub before trusting it.
        const check = await fetch(`${e2e.baseUrl}/oauth/introspect`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          },
          body: new URLSearchParams({ token: fields.get('session_token') ?? '' }),
        });
        const validation = (await check.json()) as Record<string, unknown>;
        received.push({ fields, validation });
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<h1>${validation.active ? `Welcome ${validation.sub}` : 'Rejected'}</h1>`);
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    const created = await createClient(
      e2e.hub.hub,
      {
        app_name: 'Quick Role Check',
        app_url: appUrl,
        redirect_uris: [`${appUrl}/auth/callback`],
        app_type: 'platform',
      },
      systemActor(),
    );
    clientId = created.client.clientId;
    secret = created.clientSecret!;
    const user = await createUser(e2e.hub.hub, { fullName: 'Hand Off' });
    email = user.email;
    userId = user.id;
  });
  afterAll(async () => {
    await e2e?.close();
    await new Promise((r) => app?.close(r));
  });

  it('signs in on /auth, hands off by form POST, and the app validates the session token', async () => {
    const { page } = e2e;
    const query = new URLSearchParams({
      app_id: clientId,
      redirect_url: `${appUrl}/auth/callback`,
      app_name: 'Quick Role Check',
    });
    const startedAt = Date.now();
    await page.goto(`/auth-redirect?${query}`);
    await page.waitForURL((u) => u.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('app_id')).toBe(clientId);
    await signInOnHub(page, email);
    await page.waitForURL((u) => u.toString().startsWith(`${appUrl}/auth/callback`));
    await page.getByRole('heading', { name: `Welcome ${userId}` }).waitFor();
    expect(received.length).toBe(1);
    const { fields, validation } = received[0];
    expect(fields.get('user_id')).toBe(userId);
    const ts = Number(fields.get('timestamp'));
    expect(ts).toBeGreaterThanOrEqual(startedAt);
    expect(ts).toBeLessThanOrEqual(Date.now());
    expect(validation).toMatchObject({ active: true, sub: userId, client_id: clientId });
  });

  it("shows 'Invalid Request' without parameters and an error with Return to Dashboard and Try Again for an unregistered URL", async () => {
    const page = await e2e.newPage();
    const user = await createUser(e2e.hub.hub);
    await addSessionCookie(e2e, page, await sessionCookieFor(e2e.hub.hub, user));
    await page.goto('/auth-redirect?app_id=x');
    await page.getByRole('heading', { name: 'Invalid Request' }).waitFor();
    expect(await page.getByText('Missing required parameters: app_id and redirect_url').count()).toBe(1);
    const before = received.length;
    await page.goto(`/auth-redirect?${new URLSearchParams({ app_id: clientId, redirect_url: `${appUrl}/elsewhere` })}`);
    await page.getByText('Failed to create session for the target app').waitFor();
    expect(await page.getByRole('link', { name: 'Return to Dashboard' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(1);
    expect(received.length).toBe(before);
    expect(new URL(page.url()).pathname).toBe('/auth-redirect');
  });
});
