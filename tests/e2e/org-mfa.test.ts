import { describe, expect, it } from 'vitest';
import { systemActor } from '../../src/server/actor';
import { createClient } from '../../src/server/oauth/clients/service';
import { organizationMembers, organizations } from '../../src/server/db/schema/index';
import { enrolFixtureTotp } from '../helpers/fixtures';
import { axeProblems, calmMotion, scrollsSideways, settle } from './a11y';
import { signInAs } from './admin-helpers';
import { useE2E } from './harness';

/**
 * Issue 29 in a real browser: a member of an organization requiring MFA, without a second factor,
 * asks an app for an organization-scoped sign-in and lands on the Security tab, told why; once a
 * factor exists the tab offers "Continue to <app>", which goes back to the request, and the
 * request asks for a sign-in with the factor.
 */
describe('an organization requiring MFA sends its member to enrolment and back (issue 29)', () => {
  const e2e = useE2E();

  it('shows the notice, axe-clean at 1440 and 375 px, and continues to the authorization request once enrolled', async () => {
    const { hub } = e2e.hub;
    const created = await createClient(
      hub,
      {
        app_name: 'Role Builder',
        app_url: 'http://127.0.0.1:9/',
        redirect_uris: ['http://127.0.0.1:9/callback'],
        scopes: ['openid', 'organizations'],
        app_type: 'platform',
      },
      systemActor(),
    );
    const page = e2e.page;
    await calmMotion(page);
    const member = await signInAs(e2e, page, ['user'], { email: 'mia.member@strict.test' });
    const [org] = await hub.db
      .insert(organizations)
      .values({ name: 'Strict Hiring', slug: 'strict-hiring', requireMfa: true })
      .returning();
    await hub.db
      .insert(organizationMembers)
      .values({ orgId: org.id, userId: member.id, roles: ['member'], joinedVia: 'admin', joinedAt: hub.clock() });

    const request = new URLSearchParams({
      response_type: 'code',
      client_id: created.client.clientId,
      redirect_uri: 'http://127.0.0.1:9/callback',
      scope: 'openid',
      state: 'st',
      organization_id: org.id,
    });
    await page.goto(`/oauth/authorize?${request}`);
    await page.getByText('Strict Hiring requires a second factor.').waitFor();
    expect(new URL(page.url()).searchParams.get('org_mfa')).toBe('strict-hiring');
    /** axe and sideways scrolling at 1440 and 375 px (and a screenshot to look at, when asked). */
    const sweep = async (where: string) => {
      const problems: string[] = [];
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await settle(page);
        problems.push(...(await axeProblems(page, `security tab, ${where} @${width}`)));
        if (await scrollsSideways(page)) problems.push(`${where} @${width}: scrolls sideways`);
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/org-mfa-${where}-${width}.png` });
      }
      return problems;
    };
    expect(await sweep('notice')).toEqual([]);

    await enrolFixtureTotp(hub, member.id);
    await page.reload();
    const next = page.getByRole('link', { name: 'Continue to Role Builder' });
    await next.waitFor();
    expect(await sweep('ready')).toEqual([]);
    await next.focus();
    await page.keyboard.press('Enter');
    // The request asks for a sign-in with the new factor: /auth, marked as a re-authentication.
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('reauth') === '1');
    const back = new URL(page.url()).searchParams.get('return_to')!;
    expect(new URLSearchParams(back.split('?')[1]).get('organization_id')).toBe(org.id);
  });
});
