import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { MyIdentity } from '@shared/api/federation';
import { handleRefusal } from '@/lib/api';
import { LinkedIdentitiesCard } from '@/features/account/linked-identities-card';
import { mockWebApi, ok, refusal, type Routes } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const REAUTH = refusal(403, 'reauthentication_required', 'Confirm it is you.');

const ACME: MyIdentity = {
  id: '6f1c2a8e-0000-4000-8000-000000000001',
  provider: 'acme',
  display_name: 'Acme SSO',
  protocol: 'oidc',
  subject: 'dana-at-acme',
  email_at_link: 'dana@acme.example',
  linked_at: '2026-11-20T10:00:00.000Z',
  last_used_at: null,
};
const PROVIDERS = [
  { slug: 'acme', display_name: 'Acme SSO', protocol: 'oidc' },
  { slug: 'beta', display_name: 'Beta Login', protocol: 'oidc' },
];

/** The hub: the account's identities and the enabled providers, and the routes a test adds. */
const mockHub = (identities: MyIdentity[], routes: Routes = {}) =>
  mockWebApi({
    'GET /api/me/identities': ok({ identities }),
    'GET /api/auth/providers': ok({ providers: PROVIDERS }),
    ...routes,
  }).calls;

function renderCard(onLeave = vi.fn()) {
  renderWithQuery(
    <MemoryRouter initialEntries={['/account?tab=security']}>
      <LinkedIdentitiesCard onLeave={onLeave} />
    </MemoryRouter>,
  );
  return onLeave;
}

describe('/account: linked sign-in methods (issue 27)', () => {
  it('lists the linked identities, and offers "Link …" only for enabled providers not linked yet', async () => {
    mockHub([ACME]);
    renderCard();
    const list = await screen.findByRole('list', { name: 'Linked sign-in methods' });
    const row = within(list).getByTestId('linked-identity');
    expect(row.textContent).toContain('Acme SSO');
    expect(row.textContent).toContain('dana@acme.example');
    expect(row.textContent).toContain('Linked ');
    await screen.findByRole('button', { name: 'Link Beta Login' });
    expect(screen.queryByRole('button', { name: 'Link Acme SSO' })).toBeNull();
  });

  it('nothing linked: an empty state and a button for every enabled provider', async () => {
    mockHub([]);
    renderCard();
    await screen.findByText('No sign-in methods linked');
    await screen.findByRole('button', { name: 'Link Acme SSO' });
    expect(screen.getByRole('button', { name: 'Link Beta Login' })).toBeTruthy();
  });

  it('"Unlink" runs step-up when the server asks for it, then deletes that identity', async () => {
    const calls = mockHub([ACME], {
      [`DELETE /api/me/identities/${ACME.id}`]: [REAUTH, ok({ deleted: true })],
    });
    const stepUp = vi.fn(async () => true);
    const off = handleRefusal('reauthentication_required', stepUp);
    try {
      renderCard();
      fireEvent.click(await screen.findByRole('button', { name: 'Unlink Acme SSO' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2));
      expect(stepUp).toHaveBeenCalledTimes(1);
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
        `/api/me/identities/${ACME.id}`,
        `/api/me/identities/${ACME.id}`,
      ]);
      // The list is read again afterwards.
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/me/identities')).toHaveLength(2));
    } finally {
      off();
    }
  });

  it('the last way in cannot be unlinked: the server’s 409 says what to do first', async () => {
    mockHub([ACME], {
      [`DELETE /api/me/identities/${ACME.id}`]: [
        refusal(409, 'conflict', 'This is the only way into your account. Set a password or add a passkey first.'),
      ],
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Acme SSO' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This is the only way into your account. Set a password or add a passkey first.',
    );
    expect(screen.getByTestId('linked-identity')).toBeTruthy();
  });

  it('"Link …" asks the server where to go (step-up first when needed) and leaves for it', async () => {
    const location = '/auth/sso/beta?link=1&return_to=%2Faccount%3Ftab%3Dsecurity%26linked%3Dbeta';
    const calls = mockHub([ACME], { 'POST /api/me/identities/link': [REAUTH, ok({ location })] });
    const stepUp = vi.fn(async () => true);
    const off = handleRefusal('reauthentication_required', stepUp);
    try {
      const onLeave = renderCard();
      fireEvent.click(await screen.findByRole('button', { name: 'Link Beta Login' }));
      await waitFor(() => expect(onLeave).toHaveBeenCalledWith(location));
      expect(stepUp).toHaveBeenCalledTimes(1);
      expect(calls.filter((c) => c.url === '/api/me/identities/link').map((c) => c.body)).toEqual([
        { provider: 'beta' },
        { provider: 'beta' },
      ]);
    } finally {
      off();
    }
  });

  it('a cancelled step-up or a provider switched off meanwhile stays on the page with the reason', async () => {
    mockHub([], {
      'POST /api/me/identities/link': [refusal(404, 'not_found', 'This way to sign in is not available.')],
    });
    const onLeave = renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Link Acme SSO' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This way to sign in is not available.');
    expect(onLeave).not.toHaveBeenCalled();
  });
});
