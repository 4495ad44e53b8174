import { render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import DataMiningPage from '@/modules/data-mining/data-mining-page';
import FulfilsPage from '@/modules/fulfils/fulfils-page';
import HealthPage from '@/modules/health/health-page';
import IpFiltersPage from '@/modules/ip-filters/ip-filters-page';
import QrcPage from '@/modules/qrc/qrc-page';
import RoleBuilderPage from '@/modules/role-builder/role-builder-page';
import SettingsPage from '@/modules/settings/settings-page';
import SortstakPage from '@/modules/sortstak/sortstak-page';
import TalentmlsPage from '@/modules/talentmls/talentmls-page';
import TalentsparkPage from '@/modules/talentspark/talentspark-page';
import DemoDashboard from '@/features/demo/demo-dashboard';
import { MODULE_SCREENS } from '../../e2e/routes-screens';
import { I18nProvider } from '@/i18n/i18n-provider';
import { mockWebApi, type ApiCall } from '../../helpers/web-api-mock';

/** The screens read their words from the active locale: English here, the source. */
const render = (ui: ReactNode) => rtlRender(<I18nProvider locale="en">{ui}</I18nProvider>);

const PAGES: [string, React.ComponentType][] = [
  ['fulfils', FulfilsPage],
  ['role-builder', RoleBuilderPage],
  ['qrc', QrcPage],
  ['sortstak', SortstakPage],
  ['talentmls', TalentmlsPage],
  ['talentspark', TalentsparkPage],
  ['ip-filters', IpFiltersPage],
  ['data-mining', DataMiningPage],
  ['health', HealthPage],
  ['settings', SettingsPage],
];

describe('module screens render from static data alone', () => {
  // A hub with no routes: any request at all fails the test.
  let calls: ApiCall[];
  beforeEach(() => {
    ({ calls } = mockWebApi());
  });

  it.each(PAGES)('%s: heading, tab names, and no fetch', (key, Page) => {
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MODULE_SCREENS[key].heading);
    const tabs = within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(MODULE_SCREENS[key].tabs);
    expect(screen.getAllByTestId('stat-card')).toHaveLength(4);
    expect(calls).toEqual([]);
  });

  it('speaks the chosen language: German tabs, stat cards and status words, Arabic plurals', async () => {
    const { unmount } = rtlRender(
      <I18nProvider locale="de">
        <RoleBuilderPage />
      </I18nProvider>,
    );
    const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Aktive Rollen',
      'Vorlagen',
      'Role-Builder-Kennzahlen',
      'Analysen',
    ]);
    expect(screen.getByText('Rollenvorlagen')).toBeTruthy();
    expect(screen.getAllByText('Aktiv').length).toBeGreaterThan(0);
    expect(screen.getByText('24 Zuweisungen')).toBeTruthy();
    unmount();
    rtlRender(
      <I18nProvider locale="ar">
        <RoleBuilderPage />
      </I18nProvider>,
    );
    expect(await screen.findByText('24 تعيينًا')).toBeTruthy();
    expect(screen.getByText('لا تعيينات')).toBeTruthy();
  });

  it('role builder shows the four stat cards the spec names', () => {
    render(<RoleBuilderPage />);
    const labels = screen.getAllByTestId('stat-card').map((c) => c.querySelector('p')?.textContent);
    expect(labels).toEqual(['Active Roles', 'Role Templates', 'Assignments Today', 'Avg Build Time']);
  });

  it('the demo dashboard shows 5 systems, 247 sessions and 1,234 events without fetching', () => {
    render(
      <MemoryRouter>
        <DemoDashboard />
      </MemoryRouter>,
    );
    const values = screen.getAllByTestId('stat-card').map((c) => c.textContent ?? '');
    expect(values.some((v) => v.includes('Connected Systems') && v.includes('5'))).toBe(true);
    expect(values.some((v) => v.includes('Active Sessions') && v.includes('247'))).toBe(true);
    expect(values.some((v) => v.includes('Events Today') && v.includes('1,234'))).toBe(true);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/demo/fulfils',
      '/demo/sortstak',
      '/demo/role-builder',
      '/demo/qrc',
      '/demo/talentmls',
    ]);
    expect(calls).toEqual([]);
  });
});
