import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';

/** /api/docs renders the OpenAPI document in a real browser, under the hub's own CSP. */
describe('API reference at /api/docs', () => {
  const e2e = useE2E();

  it('renders the document and the sign-in operation with its declared answers, nothing blocked by the CSP', async () => {
    const { page } = e2e;
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').waitFor();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Ecosystem Hub');
    const signIn = page.locator('.opblock-summary-path', { hasText: /^\/api\/auth\/sign-in$/ }).first();
    await signIn.waitFor();
    await signIn.click();
    // The expanded operation shows its declared answers, from the same zod contract the route uses.
    await page.locator('.opblock.is-open .responses-table').first().waitFor();
    const codes = await page.locator('.opblock.is-open .responses-table .response-col_status').allTextContents();
    expect(codes.map((c) => c.trim())).toEqual(expect.arrayContaining(['200', '400', '503']));
    expect(blocked).toEqual([]);
  });
});
