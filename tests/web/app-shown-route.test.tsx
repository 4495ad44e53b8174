import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { App } from '@/app';
import { mockWebApi, ok } from '../helpers/web-api-mock';

const SIGNED_OUT = { user: null, session: null, is_ecosystem_admin: false };
const shown = () => document.documentElement.dataset.shownRoute;

/**
 * `<html data-shown-route>` names the screen on show once it is committed: the browser sweeps
 * (tests/e2e/a11y.ts show) move through the app by its router and wait for it, so a value set
 * before the new screen (or left at the one before) would let them scan the wrong screen.
 */
describe('the address of the screen on show', () => {
  it('names each screen after it renders, and the address a redirect ends at', async () => {
    mockWebApi({
      'GET /api/auth/session': ok(SIGNED_OUT),
      // What the sign-in page asks for.
      'GET /api/auth/providers': ok({ providers: [] }),
      'GET /api/auth/email-sign-in': ok({ code: true, link: false }),
    });
    let navigate: NavigateFunction = () => {};
    function Mover() {
      navigate = useNavigate();
      return null;
    }
    delete document.documentElement.dataset.shownRoute;
    const { findByRole } = render(
      <MemoryRouter initialEntries={['/no-such-page?from=test']}>
        <App />
        <Mover />
      </MemoryRouter>,
    );
    await findByRole('heading', { level: 1 });
    expect(shown()).toBe('/no-such-page?from=test');

    // Signed out, /account redirects to the sign-in page: the address named is where it ends.
    await act(async () => navigate('/account?tab=sessions'));
    await expect.poll(shown).toBe(`/auth?${new URLSearchParams({ next: '/account?tab=sessions' })}`);
    expect(await findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
