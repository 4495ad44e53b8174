import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import IdentityProvidersTab from '@/features/identity-providers/identity-providers-tab';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const PROVIDER = {
  id: 'p1',
  slug: 'acme',
  display_name: 'Acme SSO',
  protocol: 'oidc',
  enabled: true,
  issuer: 'https://idp.acme.example',
  client_id: 'hub',
  has_client_secret: true,
  scopes: ['openid'],
  email_domains: [],
  trusts_email_verified: false,
  trusts_mfa: false,
  attribute_mapping: { email: 'email', name: 'name' },
  may_create_accounts: false,
  redirect_uri: 'http://127.0.0.1:3000/auth/sso/acme/callback',
  acs_url: null,
  entity_id: null,
  metadata_url: null,
  saml: null,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
  last_ok_at: '2026-11-27T09:00:00.000Z',
  last_error: null,
  last_error_at: null,
};

describe('a provider row: its redirect URI, its health and the connection test (issue 46)', () => {
  it('shows the redirect URI to register, then a failed test’s steps and the new last error', async () => {
    let tested = false;
    const { calls } = mockWebApi({
      'GET /api/admin/identity-providers': () =>
        ok({
          public_url: 'http://127.0.0.1:3000',
          providers: [
            tested
              ? {
                  ...PROVIDER,
                  last_error: 'discovery: The identity provider cannot be reached (discovery_failed:econnrefused).',
                  last_error_at: '2026-11-28T10:00:00.000Z',
                }
              : PROVIDER,
          ],
        }),
      'POST /api/admin/identity-providers/p1/test': () => {
        tested = true;
        return ok({
          ok: false,
          steps: [
            {
              name: 'discovery',
              ok: false,
              code: 'unreachable',
              detail: 'The identity provider cannot be reached (discovery_failed:econnrefused).',
            },
          ],
        });
      },
    });
    renderWithQuery(<IdentityProvidersTab />);
    const row = within(await screen.findByTestId('idp-health-acme'));
    expect(row.getByText(/Connection test passed/)).toBeTruthy();
    expect(screen.getByText(PROVIDER.redirect_uri)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Redirect URI' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Test the connection to Acme SSO' }));
    const steps = within(await screen.findByRole('list', { name: 'Connection test steps' }));
    expect(steps.getByText(/Discovery document/).closest('li')!.textContent).toContain(
      'failed: The identity provider cannot be reached',
    );
    await waitFor(() =>
      expect(row.getByRole('status').textContent).toMatch(/^Last error .*discovery_failed:econnrefused/),
    );
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/admin/identity-providers')).toHaveLength(2);
  });
});
