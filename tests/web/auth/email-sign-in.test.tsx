import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SignInForm } from '@/features/auth/sign-in-form';
import { SessionNotices } from '@/features/auth/session-notices';
import SecurityTab from '@/features/account/security-tab';
import { useSessionQuery } from '@/data/auth/session-query';
import { mockWebApi, ok, refusal } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const SESSION = {
  user: {
    id: 'u1',
    email: 'casey@example.test',
    full_name: 'Casey',
    organization: null,
    department: null,
    email_verified: true,
    created_at: '2026-01-01T00:00:00.000Z',
    last_login_at: null,
    password_change: null,
  },
  session: { id: 's1', expires_at: '2026-12-01T00:00:00.000Z' },
  is_ecosystem_admin: false,
  impersonation: null,
};

/** Shares the session query with the screen under test: once it shows, the screen has the session too. */
function SessionLoaded() {
  return useSessionQuery().data ? <p data-testid="session-loaded" /> : null;
}

describe('sign-in by email and the session notices (issue 42)', () => {
  it('asks for a code by mail and signs in with it', async () => {
    const { calls } = mockWebApi({
      'GET /api/auth/providers': ok({ providers: [] }),
      'GET /api/auth/email-sign-in': ok({ code: true, link: false }),
      'POST /api/auth/email-sign-in': ok({ accepted: true }),
      'POST /api/auth/email-sign-in/verify': ok(SESSION),
    });
    const onSignedIn = vi.fn();
    renderWithQuery(
      <MemoryRouter>
        <SignInForm onSignedIn={onSignedIn} onMfaRequired={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText('Email for a sign-in mail'), {
      target: { value: 'casey@example.test' },
    });
    expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    fireEvent.change(await screen.findByLabelText('Code from the mail'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the code' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const verify = calls.find((c) => c.url === '/api/auth/email-sign-in/verify');
    expect(verify?.body).toEqual({ email: 'casey@example.test', code: '123456' });
  });

  it('shows nothing of it while it is off', async () => {
    const { calls } = mockWebApi({
      'GET /api/auth/providers': ok({ providers: [] }),
      'GET /api/auth/email-sign-in': ok({ code: false, link: false }),
    });
    renderWithQuery(
      <MemoryRouter>
        <SignInForm onSignedIn={() => {}} onMfaRequired={() => {}} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/auth/email-sign-in'));
    expect(screen.queryByTestId('email-sign-in')).toBeNull();
  });

  it('asks a person whose password is breached to change it', async () => {
    mockWebApi({ 'GET /api/auth/session': ok({ ...SESSION, user: { ...SESSION.user, password_change: 'asked' } }) });
    renderWithQuery(
      <MemoryRouter>
        <SessionNotices />
      </MemoryRouter>,
    );
    const notice = await screen.findByTestId('password-change-notice');
    expect(notice.textContent).toContain('Your password appears in a list of breached passwords. Please change it.');
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/account');
  });

  it('offers the way back to the app once a required change is done, only to the authorization endpoint', async () => {
    mockWebApi({
      'GET /api/auth/session': ok(SESSION),
      'GET /api/me': refusal(503, 'database_unavailable', 'Down.'),
    });
    const back = '/oauth/authorize?client_id=c1&state=s';
    const at = (returnTo: string) =>
      `/account?tab=security&password_change=required&app=Role+Builder&return_to=${encodeURIComponent(returnTo)}`;
    const first = renderWithQuery(
      <MemoryRouter initialEntries={[at(back)]}>
        <SecurityTab />
      </MemoryRouter>,
    );
    const link = await screen.findByTestId('password-change-continue');
    expect(link.getAttribute('href')).toBe(back);
    expect(link.textContent).toContain('Continue to Role Builder');
    first.unmount();
    renderWithQuery(
      <MemoryRouter initialEntries={[at('https://evil.example/oauth/authorize?x')]}>
        <SecurityTab />
        <SessionLoaded />
      </MemoryRouter>,
    );
    await screen.findByTestId('session-loaded');
    expect(screen.queryByTestId('password-change-continue')).toBeNull();
  });
});
