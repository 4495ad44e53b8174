import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ClientCard } from '@/features/oauth-admin/client-card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { CreatedCredentials } from '@/features/oauth-admin/created-credentials';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';
import { CLIENT_VIEW } from './client-view';

beforeEach(stubResizeObserver);

describe('client secrets: what is true, and rotation (issue 46)', () => {
  it('rotates with a 24 h grace by default, shows the new secret once, and the card shows both until the grace ends', async () => {
    const until = '2026-11-29T12:00:00.000Z';
    const rotated = {
      ...CLIENT_VIEW,
      client_secret_preview: 'hubsec_NEWNEWNEWNEWN',
      previous_secret_preview: CLIENT_VIEW.client_secret_preview,
      previous_secret_expires_at: until,
    };
    const hub = mockWebApi({
      [`POST /api/admin/oauth-clients/${CLIENT_VIEW.id}/rotate-secret`]: ok({
        client: rotated,
        client_secret: 'hubsec_NEWNEWNEWNEWNthe-rest-of-it',
      }),
      'GET /api/admin/oauth-clients': ok({ clients: [rotated] }),
    });
    const { unmount } = renderWithQuery(<ClientCard client={CLIENT_VIEW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    expect((await dialog.findByTestId('rotated-client-secret')).textContent).toBe('hubsec_NEWNEWNEWNEWNthe-rest-of-it');
    expect(dialog.getByText(/The old secret keeps working until/)).toBeTruthy();
    await waitFor(() =>
      expect(hub.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ grace_hours: 24 }]),
    );
    unmount();

    renderWithQuery(<ClientCard client={rotated} />);
    expect(screen.getByTestId('previous-secret').textContent).toMatch(
      /^Previous secret hubsec_abcdefghijklm\.\.\. works until /,
    );
  });

  it('a client without a secret is offered no secret to copy, store or rotate', () => {
    renderWithQuery(
      <ClientCard
        client={{ ...CLIENT_VIEW, client_secret_preview: null, token_endpoint_auth_method: 'private_key_jwt' }}
      />,
    );
    expect(screen.getByText('No secret (private_key_jwt)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy Client Secret/ })).toBeNull();
    renderWithQuery(
      <Dialog open>
        <DialogContent>
          <CreatedCredentials clientId="hub_keys" secret={null} onDone={() => {}} />
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByText(/This client has no secret/)).toBeTruthy();
    expect(screen.queryByText(/Copy the secret now/)).toBeNull();
  });
});
