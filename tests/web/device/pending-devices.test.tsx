import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PendingDevices } from '@/features/device/pending-devices';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const PENDING = {
  client_id: 'hub_tv',
  app_name: 'Interview Room TV',
  scopes: ['openid', 'profile'],
  created_at: '2026-11-28T12:00:00.000Z',
  expires_at: '2026-11-28T12:10:00.000Z',
  last_polled_at: null,
};

describe('pending device sign-ins on the admin sessions tab (issue 42)', () => {
  it('lists each pending request with its client, scopes and whether the device polled', async () => {
    mockWebApi({ 'GET /api/admin/device-authorizations': ok({ device_authorizations: [PENDING] }) });
    renderWithQuery(<PendingDevices />);
    expect(await screen.findByText('Pending device sign-ins (1)')).toBeTruthy();
    expect(screen.getByText('Interview Room TV')).toBeTruthy();
    expect(screen.getByText('profile')).toBeTruthy();
    expect(screen.getByText('Not polled yet')).toBeTruthy();
  });

  it('shows nothing when no device is waiting', async () => {
    const api = mockWebApi({ 'GET /api/admin/device-authorizations': ok({ device_authorizations: [] }) });
    const { container } = renderWithQuery(<PendingDevices />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
