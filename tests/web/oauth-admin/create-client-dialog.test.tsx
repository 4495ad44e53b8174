import { createIntl } from 'react-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ClientCard } from '@/features/oauth-admin/client-card';
import { CreateClientDialog } from '@/features/oauth-admin/create-client-dialog';
import { firstUrlError } from '@/features/oauth-admin/oauth-admin.utils';
import { mockWebApi, reply } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';
import { CLIENT_VIEW } from './client-view';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Radix's checkbox measures itself; jsdom has no layout.
beforeEach(stubResizeObserver);

describe('Create OAuth Client: the OpenID Connect fields (issue 12)', () => {
  it('refuses a back-channel logout URI with a fragment, then saves scopes, post-logout and back-channel URIs', async () => {
    const hub = mockWebApi({
      'POST /api/admin/oauth-clients': reply(201, { client: CLIENT_VIEW, client_secret: 'hubsec_the-whole-secret' }),
    });
    const bodies = () => hub.calls.map((c) => c.body);
    renderWithQuery(<CreateClientDialog open onOpenChange={() => {}} />);
    fill('Application Name *', 'Sister App');
    fill('Application URL *', 'https://sister.example');
    fill('Redirect URIs * (one per line)', 'https://sister.example/callback');
    fireEvent.click(screen.getByLabelText('openid'));
    fireEvent.click(screen.getByLabelText('offline_access'));
    fill('Post-logout Redirect URIs (one per line)', '\nhttps://sister.example/signed-out\n');
    fill('Back-channel Logout URI', 'https://sister.example/backchannel-logout#x');
    fireEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect((await screen.findByText(/^Back-channel logout URI "/)).closest('p')?.id).toBe('client-backchannel-error');
    expect(screen.getByText(/^Back-channel logout URI "/).textContent).toBe(
      'Back-channel logout URI "https://sister.example/backchannel-logout#x" must be an absolute http(s) URL without a fragment.',
    );
    expect(bodies()).toEqual([]);

    fill('Back-channel Logout URI', ' https://sister.example/backchannel-logout ');
    expect(document.getElementById('client-backchannel-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await screen.findByText('Client created');
    expect(bodies()).toEqual([
      expect.objectContaining({
        redirect_uris: ['https://sister.example/callback'],
        scopes: ['read:profile', 'read:organization', 'openid', 'offline_access'],
        post_logout_redirect_uris: ['https://sister.example/signed-out'],
        backchannel_logout_uri: 'https://sister.example/backchannel-logout',
      }),
    ]);
  });

  it('sends no back-channel logout URI when the field is empty', async () => {
    const hub = mockWebApi({
      'POST /api/admin/oauth-clients': reply(201, { client: CLIENT_VIEW, client_secret: 'hubsec_x' }),
    });
    const bodies = () => hub.calls.map((c) => c.body);
    renderWithQuery(<CreateClientDialog open onOpenChange={() => {}} />);
    fill('Application Name *', 'Plain App');
    fill('Application URL *', 'https://plain.example');
    fill('Redirect URIs * (one per line)', 'https://plain.example/cb');
    fireEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(bodies()).toHaveLength(1));
    expect(bodies()[0]).toMatchObject({
      scopes: ['read:profile', 'read:organization'],
      post_logout_redirect_uris: [],
      backchannel_logout_uri: null,
    });
  });

  it("shows the client's post-logout and back-channel logout URIs on its card", () => {
    renderWithQuery(<ClientCard client={CLIENT_VIEW} />);
    expect(screen.getByText('Back-channel Logout URI').nextElementSibling?.textContent).toBe(
      'https://sister.example/backchannel-logout',
    );
    expect(screen.getByText('Post-logout Redirect URIs').nextElementSibling?.textContent).toBe(
      'https://sister.example/signed-out',
    );
    renderWithQuery(<ClientCard client={{ ...CLIENT_VIEW, id: 'c2', backchannel_logout_uri: null }} />);
    expect(screen.getAllByText('Back-channel Logout URI')).toHaveLength(1);
  });

  it('names the first bad URL field', () => {
    expect(firstUrlError([['Redirect URI', ['https://a.example/cb']]])).toBeNull();
    const error = firstUrlError([
      ['Redirect URI', ['https://a.example/cb']],
      ['Post-logout redirect URI', ['ftp://a.example/bye']],
      ['Back-channel logout URI', ['not a url']],
    ]);
    expect(error && createIntl({ locale: 'en' }).formatMessage(error.message, error.values)).toBe(
      'Post-logout redirect URI "ftp://a.example/bye" must be an absolute http(s) URL without a fragment.',
    );
  });
});
