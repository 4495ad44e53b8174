import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DynamicClientView } from '@shared/api/dcr';
import { DynamicClientsTab } from '@/features/oauth-admin/dynamic-clients';
import { mockWebApi, ok, reply } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver, stubScrollIntoView } from '../../helpers/web-render';

const CLIENT: DynamicClientView = {
  id: 'd1',
  client_id: 'hub_agent',
  client_name: 'Agent Desktop',
  client_uri: 'https://agent.example',
  redirect_uris: ['http://127.0.0.1/callback'],
  scopes: ['openid', 'profile'],
  software_id: 'com.agent.desktop',
  software_version: '1.0',
  registered_via: 'initial_access_token',
  token_endpoint_auth_method: 'none',
  is_active: true,
  approved: false,
  created_at: '2026-11-01T10:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-12-01T10:00:00.000Z',
};
const POLICY = {
  mode: 'token',
  allowed_scopes: ['openid', 'profile'],
  client_id_metadata_documents: false,
  unused_expiry_days: 30,
};

beforeEach(() => {
  stubResizeObserver();
  stubScrollIntoView();
});

describe('the Dynamic registration tab (issue 40)', () => {
  it('shows the policy and the self-registered clients; saves the policy, approves, suspends, deletes', async () => {
    const { calls } = mockWebApi({
      'GET /api/admin/oauth-clients/dcr-policy': ok({ policy: POLICY, source: 'admin' }),
      'GET /api/admin/oauth-clients/dynamic': ok({ clients: [CLIENT] }),
      'PUT /api/admin/oauth-clients/dcr-policy': ok({ policy: { ...POLICY, mode: 'open' }, source: 'admin' }),
      'POST /api/admin/oauth-clients/dynamic/d1/approve': reply(204, null),
      'PATCH /api/admin/oauth-clients/d1': ok({ client: {} }),
      'DELETE /api/admin/oauth-clients/dynamic/d1': ok({ deleted: true }),
    });
    renderWithQuery(<DynamicClientsTab />);
    expect(await screen.findByText('Agent Desktop')).toBeTruthy();
    expect(screen.getByText('Not reviewed')).toBeTruthy();
    expect(screen.getByText('An initial access token')).toBeTruthy();
    expect(screen.getByText('com.agent.desktop')).toBeTruthy();
    // The console's Select (Radix): a combobox named by its label, showing the chosen mode; chosen by keyboard.
    const mode = await screen.findByRole('combobox', { name: 'Who may register' });
    expect(mode.textContent).toBe('With an initial access token an administrator issued');
    expect(screen.queryByLabelText('ssf.manage')).toBeNull();
    fireEvent.keyDown(mode, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Open: anyone may register' }));
    await waitFor(() => expect(mode.textContent).toBe('Open: anyone may register'));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...POLICY, mode: 'open' });

    fireEvent.click(screen.getByRole('button', { name: 'Approve as first-party' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approve'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ is_active: false });

    // Deleting asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete Agent Desktop?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
