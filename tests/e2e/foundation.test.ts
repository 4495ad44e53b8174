import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';

describe('foundation pages in a real browser', () => {
  const e2e = useE2E();

  it('landing page shows hero, ecosystem cards, features, demo and sign-in links, and no setup section', async () => {
    const { page } = e2e;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Sign in once');
    expect(await page.getByTestId('ecosystem-card').count()).toBe(5);
    expect(await page.getByRole('heading', { name: 'What the hub does' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /View the demo/ }).getAttribute('href')).toBe('/demo');
    expect(await page.getByRole('link', { name: /^Sign in/ }).getAttribute('href')).toBe('/auth');
    expect(await page.getByText('System setup').count()).toBe(0);
    // Banner: home plus the four external sister sites.
    const banner = page.getByRole('navigation', { name: 'Ecosystem' });
    expect(await banner.getByRole('link').count()).toBe(5);
    // The CSP allows everything the page needs: nothing was refused.
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  });

  it('shows the setup section only with ?setup=true', async () => {
    const { page } = e2e;
    await page.goto('/?setup=true');
    await page.getByText('System setup').waitFor();
    expect(await page.getByRole('button', { name: /Create system administrators/ }).count()).toBe(1);
    await page.goto('/?setup=false');
    await page.getByTestId('ecosystem-card').first().waitFor();
    expect(await page.getByText('System setup').count()).toBe(0);
  });

  it('serves the 404 page for unknown routes, with a link home', async () => {
    const { page } = e2e;
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(e2e.baseUrl + '/');
    await page.getByTestId('ecosystem-card').first().waitFor();
    expect(await page.getByTestId('ecosystem-card').count()).toBe(5);
  });

  it('loads only the landing code on the landing page (routes are lazy)', async () => {
    const page = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/');
    await page.getByTestId('ecosystem-card').first().waitFor();
    // The landing page is part of the entry (no extra round trip for its chunk): what renders it
    // is exactly what index.html names, the entry and its modulepreloads.
    const html = await (await fetch(e2e.baseUrl + '/')).text();
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(scripts.slice(0, named.length).sort()).toEqual([...new Set(named)].sort());
    expect(scripts.some((s) => /admin-page|oauth-admin|final-todo|data-mining/.test(s))).toBe(false);
  });
});
