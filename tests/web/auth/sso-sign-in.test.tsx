import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SignInForm } from '@/features/auth/sign-in-form';
import { ssoStartHref } from '@/features/auth/auth.utils';
import { mockWebApi, ok, refusal } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const ACME = { slug: 'acme', display_name: 'Acme SSO' };

/**
 * The hub's answers: the enabled providers, discovery by the email's domain only, a refused
 * password. Returns the requests sent, as "METHOD url".
 */
function mockHub(providers: unknown[]) {
  const { calls } = mockWebApi({
    'GET /api/auth/providers': ok({ providers }),
    'GET /api/auth/email-sign-in': ok({ code: false, link: false }),
    'POST /api/auth/discover': ({ body }) =>
      ok({ sso: (body as { email: string }).email.endsWith('@acme.example') ? ACME : null }),
    'POST /api/auth/sign-in': refusal(401, 'invalid_credentials', 'no', { attempts_remaining: 4 }),
  });
  return () => calls.map((c) => `${c.method} ${c.url}`);
}

function renderAt(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <SignInForm onSignedIn={() => {}} onMfaRequired={() => {}} />
    </MemoryRouter>,
  );
}

const AUTHORIZE = '/oauth/authorize?client_id=sister&response_type=code&state=s1';

describe('/auth: identity providers and home-realm discovery (issue 27)', () => {
  it('offers each enabled provider as "Continue with …", carrying the pending authorization request', async () => {
    mockHub([{ ...ACME, protocol: 'oidc' }]);
    renderAt(`/auth?${new URLSearchParams({ return_to: AUTHORIZE, next: AUTHORIZE })}`);
    const link = await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(link.getAttribute('href')).toBe(`/auth/sso/acme?${new URLSearchParams({ return_to: AUTHORIZE })}`);
  });

  it('no provider enabled: no button', async () => {
    const calls = mockHub([]);
    renderAt('/auth');
    await waitFor(() => expect(calls()).toContain('GET /api/auth/providers'));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Other ways to sign in' })).toBeNull();
  });

  it('an email at a provider-owned domain, once the field is left, offers that provider first; the password stays', async () => {
    const calls = mockHub([]);
    renderAt('/auth');
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'dana@example.org' } });
    fireEvent.blur(email);
    await waitFor(() => expect(calls()).toContain('POST /api/auth/discover'));
    expect(screen.queryByRole('status')).toBeNull();

    fireEvent.change(email, { target: { value: 'dana@acme.example' } });
    fireEvent.blur(email);
    const offer = await screen.findByRole('status');
    expect(offer.textContent).toContain('Your organization signs in with Acme SSO.');
    expect(screen.getByRole('link', { name: 'Continue with Acme SSO' }).getAttribute('href')).toBe('/auth/sso/acme');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    // The provider is the primary action; the password's Sign In steps back.
    expect(screen.getByRole('button', { name: 'Sign In' }).getAttribute('class')).toContain('bg-card');

    // Another address at the same domain asks nothing more; another domain withdraws the offer.
    const discoveries = calls().filter((c) => c === 'POST /api/auth/discover').length;
    fireEvent.change(email, { target: { value: 'lee@acme.example' } });
    fireEvent.blur(email);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(calls().filter((c) => c === 'POST /api/auth/discover')).toHaveLength(discoveries);
    fireEvent.change(email, { target: { value: 'lee@other.example' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Sign In with an email and no password asks discovery first, and offers the provider instead of an error', async () => {
    const calls = mockHub([]);
    renderAt('/auth');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(calls()).not.toContain('POST /api/auth/sign-in');
    expect(screen.queryByText('Please fill in all fields')).toBeNull();
  });

  it('the detour returns to where the sign-in was headed, and only to the hub itself', () => {
    const at = (q: Record<string, string>) => ssoStartHref('acme', new URLSearchParams(q));
    expect(at({})).toBe('/auth/sso/acme');
    expect(at({ next: '/account?tab=sessions' })).toBe('/auth/sso/acme?return_to=%2Faccount%3Ftab%3Dsessions');
    expect(at({ next: 'https://evil.example/' })).toBe('/auth/sso/acme');
    expect(at({ next: '//evil.example/' })).toBe('/auth/sso/acme');
    expect(at({ app_id: 'a1', redirect_url: 'https://app.example/cb' })).toBe(
      `/auth/sso/acme?${new URLSearchParams({ return_to: '/auth-redirect?app_id=a1&redirect_url=https%3A%2F%2Fapp.example%2Fcb' })}`,
    );
  });
});
