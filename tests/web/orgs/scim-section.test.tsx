import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScimOverview } from '@shared/api/scim';
import { ScimSection } from '@/features/orgs/scim-section';
import { mockWebApi, ok, reply } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const ORG_ID = '6f1c2a8e-0000-4000-8000-0000000000a1';
const TOKEN_ID = '6f1c2a8e-0000-4000-8000-0000000000d1';
const BASE = `https://hub.example.test/scim/v2/orgs/${ORG_ID}`;
const TOKEN = {
  id: TOKEN_ID,
  name: 'Entra production',
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const OVERVIEW: ScimOverview = {
  base_url: BASE,
  tokens: [TOKEN],
  calls: [
    {
      at: '2026-11-21T09:00:00.000Z',
      method: 'POST',
      path: `/scim/v2/orgs/${ORG_ID}/Users`,
      status: 409,
      scim_type: 'uniqueness',
      detail: 'userName is already in use in this organization.',
      token_id: TOKEN_ID,
    },
  ],
};

describe('the organization page’s SCIM section', () => {
  it('shows the base URL, a new token once, the log with its errors, and revokes a token', async () => {
    const { calls } = mockWebApi({
      [`GET /api/orgs/${ORG_ID}/scim`]: ok(OVERVIEW),
      [`POST /api/orgs/${ORG_ID}/scim-tokens`]: [
        reply(201, { token: 'hubscim_secret-shown-once', base_url: BASE, scim_token: { ...TOKEN, name: 'Okta' } }),
      ],
      [`DELETE /api/orgs/${ORG_ID}/scim-tokens/${TOKEN_ID}`]: [ok({ deleted: true })],
    });
    renderWithQuery(<ScimSection mode="member" orgId={ORG_ID} />);
    expect((await screen.findByTestId('scim-base-url')).textContent).toBe(BASE);
    const log = screen.getByTestId('scim-log');
    expect(log.textContent).toContain('409 uniqueness');
    expect(log.textContent).toContain('userName is already in use');

    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token, e.g. Okta production.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: 'Okta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('scim-token')).textContent).toBe('hubscim_secret-shown-once');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { name: 'Okta' } });
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByTestId('scim-token')).toBeNull());

    const row = screen.getAllByTestId('scim-token-row')[0];
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Entra production' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
