import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider, useAuth } from '@/auth/auth-provider';
import RequireAuth from '@/features/auth/require-auth';
import { destinationAfterAuth } from '@/features/auth/auth.utils';
import { signInErrorMessage } from '@/features/auth/sign-in-form';
import { ApiError } from '@/lib/api';
import { mockWebApi, ok, refusal } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const SIGNED_IN = {
  user: {
    id: 'u1',
    email: 'a@example.test',
    full_name: 'A',
    organization: null,
    department: null,
    email_verified: false,
    created_at: '2026-01-01T00:00:00Z',
    last_login_at: null,
    locale: null,
  },
  session: { id: 's1', expires_at: '2027-01-01T00:00:00Z' },
  is_ecosystem_admin: true,
};
const SIGNED_OUT = { user: null, session: null, is_ecosystem_admin: false };

/** The hub's session: `body` until the app signs out. */
function mockSession(body: unknown) {
  let current = body;
  return mockWebApi({
    'GET /api/auth/session': () => ok(current),
    'POST /api/auth/sign-out': () => {
      current = SIGNED_OUT;
      return ok({ signed_out: true });
    },
  }).calls;
}

function Probe() {
  const auth = useAuth();
  const location = useLocation();
  return (
    <div>
      <output data-testid="state">
        {auth.loading ? 'loading' : `${auth.user?.email ?? 'none'}|${auth.isEcosystemAdmin}`}
      </output>
      <output data-testid="where">{location.pathname + location.search}</output>
      <button onClick={() => void auth.signOut()}>out</button>
      <button onClick={async () => ((window as unknown as { token: unknown }).token = await auth.createAppToken('c1'))}>
        token
      </button>
    </div>
  );
}

function renderAt(path: string) {
  return renderWithQuery(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<Probe />} />
          <Route element={<RequireAuth />}>
            <Route path="/admin" element={<Probe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

describe('auth state and guard', () => {
  it('a session check that fails logs the spec message and leaves the admin flag false', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockWebApi({ 'GET /api/auth/session': refusal(503, 'database_unavailable', 'down') });
    renderAt('/auth');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('none|false'));
    await waitFor(() => expect(errors.mock.calls.some((c) => c[0] === 'Error checking admin status')).toBe(true));
    errors.mockRestore();
  });

  it('useAuth outside its provider throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow(/useAuth must be used within an AuthProvider/);
    spy.mockRestore();
  });

  it('the guard shows Loading... while checking, then the page for a signed-in user; signOut clears user and admin flag', async () => {
    mockSession(SIGNED_IN);
    renderAt('/admin');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('a@example.test|true'));
    fireEvent.click(screen.getByText('out'));
    // Signed out: the guard sends the user to /auth, keeping where they were going.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/auth?next=%2Fadmin'));
    expect(screen.getByTestId('state').textContent).toBe('none|false');
  });

  it('without a user the guard redirects to /auth and the app calls return null', async () => {
    const calls = mockSession(SIGNED_OUT);
    renderAt('/admin?tab=users');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/auth?next=%2Fadmin%3Ftab%3Dusers'));
    fireEvent.click(screen.getByText('token'));
    await waitFor(() => expect((window as unknown as { token: unknown }).token).toBeNull());
    expect(calls.filter((c) => c.url.includes('/token'))).toEqual([]);
  });
});

describe('auth page helpers', () => {
  it('sends to /auth-redirect with the app parameters, to a safe next path, or home (/admin for admins, /account for others)', () => {
    expect(
      destinationAfterAuth(new URLSearchParams('app_id=a1&redirect_url=https%3A%2F%2Fx.test%2Fcb&app_name=X')),
    ).toBe('/auth-redirect?app_id=a1&redirect_url=https%3A%2F%2Fx.test%2Fcb&app_name=X');
    expect(destinationAfterAuth(new URLSearchParams('next=%2Ffulfils'))).toBe('/fulfils');
    expect(destinationAfterAuth(new URLSearchParams('next=%2F%2Fevil.example'), true)).toBe('/admin');
    expect(destinationAfterAuth(new URLSearchParams('next=https%3A%2F%2Fevil.example'))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams('app_id=a1'), true)).toBe('/admin');
    expect(destinationAfterAuth(new URLSearchParams(''))).toBe('/account');
    // An admin screen as `next` only for an admin: a plain user never lands on Access Denied.
    expect(destinationAfterAuth(new URLSearchParams('next=%2Fadmin%3Ftab%3Dusers'))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams('next=%2Foauth-admin'))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams('next=%2Fadmin%3Ftab%3Dusers'), true)).toBe('/admin?tab=users');
    expect(destinationAfterAuth(new URLSearchParams('next=%2Fadministrators'))).toBe('/administrators');
  });

  it('turns API errors into the spec §8 sign-in messages', () => {
    expect(signInErrorMessage(new ApiError(401, 'invalid_credentials', 'x', { attempts_remaining: 3 }))).toBe(
      'Invalid email or password. 3 attempts remaining.',
    );
    expect(signInErrorMessage(new ApiError(429, 'too_many_attempts', 'x', {}, 601))).toBe(
      'Too many failed attempts. Please try again in 11 minutes.',
    );
    expect(signInErrorMessage(new ApiError(500, 'internal_error', 'x'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
