import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { MyOrg } from '@/data/orgs/my-orgs-query';
import { authorizeReturnTo, OrgMfaNotice } from '@/features/account/org-mfa-notice';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const ACME: MyOrg = {
  id: '6f1c2a8e-0000-4000-8000-000000000001',
  name: 'Acme Hiring',
  slug: 'acme',
  logo_url: null,
  policies: { require_mfa: true, require_sso_provider_id: null },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  roles: ['member'],
  actions: { leave: { allowed: true, reason: null } },
};
const RETURN_TO = '/oauth/authorize?response_type=code&client_id=rb&organization_id=6f1c2a8e';

function renderNotice(props: Partial<Parameters<typeof OrgMfaNotice>[0]> = {}) {
  mockWebApi({ 'GET /api/me/orgs': ok({ organizations: [ACME] }) });
  renderWithQuery(
    <OrgMfaNotice orgSlug="acme" appName="Role Builder" returnTo={RETURN_TO} hasSecondFactor={false} {...props} />,
  );
}

describe('the Security tab’s notice for an organization requiring MFA (issue 29)', () => {
  it('names the organization (from the member’s own organizations) and the app, with no way on before enrolment', async () => {
    renderNotice();
    const alert = await screen.findByRole('alert');
    expect(await screen.findByText('Acme Hiring requires a second factor.')).toBeTruthy();
    expect(alert.textContent).toContain('continue to Role Builder');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers “Continue to <app>” to the exact authorization request once a factor is set up', async () => {
    renderNotice({ hasSecondFactor: true });
    const link = await screen.findByRole('link', { name: /Continue to Role Builder/ });
    expect(link.getAttribute('href')).toBe(RETURN_TO);
    expect(screen.getByRole('status').textContent).toContain('Your second factor is set up.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('continues only to the hub’s own authorization endpoint, and never shows a name the address invents', async () => {
    renderNotice({ hasSecondFactor: true, returnTo: 'https://evil.example/oauth/authorize?x=1', orgSlug: 'unknown' });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('unknown asks you');
    for (const bad of ['//evil.example/oauth/authorize?x', '/account', '/oauth/authorizex?', null])
      expect(authorizeReturnTo(bad)).toBeNull();
    expect(authorizeReturnTo(RETURN_TO)).toBe(RETURN_TO);
  });
});
