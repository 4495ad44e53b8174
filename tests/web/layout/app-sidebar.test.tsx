import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthProvider } from '@/auth/auth-provider';
import SignedInLayout from '@/layout/shell/signed-in-layout';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

/**
 * Issue 32, "A plain user's navigation": the sidebar of a signed-in screen offers the internal
 * module screens only to the administrators spec §1 aims them at; a plain user's navigation
 * holds what is theirs.
 */
const MODULES = [
  'Core Marketplace',
  'Role Builder',
  'Quick Role Check',
  'Data Pipeline',
  'Job Marketplace',
  'Talent Admin',
  'IP Filters',
  'Data Mining',
  'System Health',
  'Settings',
];
const OWN = ['Account', 'Sessions', 'Connected apps'];
const ADMIN = ['Admin', 'OAuth Admin', 'Audit Log'];

function signIn(isEcosystemAdmin: boolean) {
  mockWebApi({
    'GET /api/auth/session': ok({
      user: {
        id: 'u1',
        email: 'casey@example.test',
        full_name: 'Casey Candidate',
        organization: null,
        department: null,
        email_verified: true,
        created_at: '2026-11-01T00:00:00.000Z',
        last_login_at: null,
        locale: null,
      },
      session: { id: 's1', expires_at: '2027-01-01T00:00:00.000Z' },
      is_ecosystem_admin: isEcosystemAdmin,
    }),
  });
  renderWithQuery(
    <AuthProvider>
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route element={<SignedInLayout />}>
            <Route path="/account" element={<p>Account screen</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

/** The link names of the sidebar, once the session has loaded (the user's name is shown). */
async function sidebarLinks(): Promise<string[]> {
  const sidebar = screen.getByTestId('app-sidebar');
  await within(sidebar).findByText('Casey Candidate');
  return within(sidebar)
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('sidebar of a signed-in screen', () => {
  it("holds only a plain user's own screens: no internal modules, no admin screens", async () => {
    signIn(false);
    const links = await sidebarLinks();
    expect(links).toEqual(OWN);
    expect(screen.queryByRole('navigation', { name: 'Modules' })).toBeNull();
    const account = within(screen.getByRole('navigation', { name: 'Hub' })).getByRole('link', { name: 'Account' });
    expect(account.getAttribute('aria-current')).toBe('page');
  });

  it('offers an ecosystem administrator the admin screens, their own, and every internal module', async () => {
    signIn(true);
    const links = await sidebarLinks();
    expect(links).toEqual([...ADMIN, ...OWN, ...MODULES]);
    const modules = within(screen.getByRole('navigation', { name: 'Modules' })).getAllByRole('link');
    expect(modules.map((a) => a.getAttribute('href'))).toEqual([
      '/fulfils',
      '/role-builder',
      '/qrc',
      '/sortstak',
      '/talentmls',
      '/talentspark',
      '/ip-filters',
      '/data-mining',
      '/health',
      '/settings',
    ]);
  });
});
