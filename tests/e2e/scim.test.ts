import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../../src/server/db/schema/index';
import { axeProblems, scrollsSideways, settle } from './a11y';
import { signInAs } from './admin-helpers';
import { startE2E, type E2E } from './harness';

/**
 * Issue 41 on the organization page: an owner creates a SCIM token (shown once), a directory
 * provisions a person with it, and the page shows the call in its provisioning log. Swept by axe
 * at 1440 and 375 px; screenshots in SCIM_SCREENSHOTS when set.
 */
describe('the organization page’s SCIM section in a real browser', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('creates a token shown once, and shows what the directory did with it', async () => {
    const { page, hub } = e2e;
    const owner = await signInAs(e2e, page, ['user']);
    const [org] = await hub.hub.db.insert(organizations).values({ name: 'Acme Hiring', slug: 'acme-scim' }).returning();
    await hub.hub.db
      .insert(organizationMembers)
      .values({ orgId: org.id, userId: owner.id, roles: ['owner'], joinedVia: 'created' });
    await page.goto(`/orgs/${org.id}`);
    const section = page.getByRole('heading', { name: 'Directory provisioning (SCIM)' });
    await section.waitFor();
    expect(await page.getByTestId('scim-base-url').textContent()).toBe(`${e2e.baseUrl}/scim/v2/orgs/${org.id}`);
    await page.getByLabel('Token name').fill('Okta production');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('scim-token').textContent())!;
    expect(token).toMatch(/^hubscim_/);

    const res = await fetch(`${e2e.baseUrl}/scim/v2/orgs/${org.id}/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ userName: 'new.hire@example.test', emails: [{ value: 'new.hire@example.test' }] }),
    });
    expect(res.status).toBe(201);
    const again = await fetch(`${e2e.baseUrl}/scim/v2/orgs/${org.id}/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ userName: 'new.hire@example.test' }),
    });
    expect(again.status).toBe(409);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await page.getByTestId('scim-log').getByText('409 uniqueness').waitFor();
    expect(await page.getByTestId('scim-token').count()).toBe(0);
    await page.getByText('Okta production').waitFor();

    const problems: string[] = [];
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      problems.push(...(await axeProblems(page, `org page SCIM @${width}`)));
      if (await scrollsSideways(page)) problems.push(`org page SCIM @${width}: scrolls sideways`);
      if (process.env.SCIM_SCREENSHOTS) {
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SCIM_SCREENSHOTS}/scim-${width}.png`, fullPage: true });
      }
    }
    expect(problems).toEqual([]);

    await page.getByRole('button', { name: 'Revoke Okta production' }).click();
    await page.getByText('Revoked').waitFor();
    const refused = await fetch(`${e2e.baseUrl}/scim/v2/orgs/${org.id}/Users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);
  });
});
