import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AuthProvider } from '@/auth/auth-provider';
import AuditLogTab from '@/features/audit-log/audit-log-tab';
import { filtersFromParams, isoToLocalInput, localInputToIso, withFilter } from '@/features/audit-log/audit-log.utils';
import { mockWebApi, ok, type ApiCall } from '../helpers/web-api-mock';
import { renderWithQuery } from '../helpers/web-render';

const entry = (id: number, type = 'sign_in_success') => ({
  id,
  occurred_at: new Date(Date.UTC(2026, 10, 21, 12, 0, id)).toISOString(),
  event_type: type,
  severity: 'low',
  user_id: null,
  user_email: `u${id}@example.test`,
  session_id: null,
  ip_address: '10.0.0.1',
  user_agent: 'UA',
  source: 'server',
  details: { seq: id },
  prev_hash: 'p',
  hash: `h${id}`,
});

let calls: ApiCall[] = [];
/** The URLs the tab asked for, in order. */
const requests = () => calls.map((c) => c.url);

function mockApi() {
  ({ calls } = mockWebApi({
    'GET /api/auth/session': ok({
      user: { id: 'u1', email: 'a@example.test' },
      session: { id: '0000-1111-2222-abcdef12', expires_at: '2027-01-01T00:00:00Z' },
      is_ecosystem_admin: true,
    }),
    // Two pages: the newest three, then (cursor=48) the last two.
    'GET /api/admin/audit': ({ url }) =>
      new URL(url, 'http://hub.test').searchParams.get('cursor') === '48'
        ? ok({ events: [entry(47), entry(46)], next_cursor: null })
        : ok({ events: [entry(50), entry(49), entry(48)], next_cursor: '48' }),
  }));
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderTab(url = '/admin?tab=audit') {
  return renderWithQuery(
    <AuthProvider>
      <MemoryRouter initialEntries={[url]}>
        <AuditLogTab />
        <LocationProbe />
      </MemoryRouter>
    </AuthProvider>,
  );
}

beforeEach(mockApi);

describe('Audit Log tab', () => {
  it('reads its filters from the URL and asks the API for them', async () => {
    renderTab('/admin?tab=audit&type=sign_in_failure&severity=high&user=a%40example.test&source=client');
    await screen.findByText('u50@example.test');
    const call = requests().find((r) => r.startsWith('/api/admin/audit?'))!;
    const params = new URL(call, 'http://hub.test').searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      type: 'sign_in_failure',
      severity: 'high',
      user_id: 'a@example.test',
      source: 'client',
      limit: '50',
    });
    // The export links carry the same filters.
    expect(screen.getByRole('link', { name: /CSV/ }).getAttribute('href')).toBe(
      '/api/admin/audit/export?type=sign_in_failure&severity=high&user_id=a%40example.test&source=client&format=csv',
    );
  });

  it('lists newest first and loads older pages with the cursor', async () => {
    renderTab();
    await screen.findByText('u50@example.test');
    const ids = () => screen.getAllByTestId('audit-row').map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(ids()).toEqual(['u50@example.test', 'u49@example.test', 'u48@example.test']);
    fireEvent.click(screen.getByRole('button', { name: 'Load older events' }));
    await screen.findByText('u46@example.test');
    expect(ids()).toEqual([
      'u50@example.test',
      'u49@example.test',
      'u48@example.test',
      'u47@example.test',
      'u46@example.test',
    ]);
    expect(requests().some((r) => r.includes('cursor=48'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull();
  });

  it('opens a details drawer with the raw JSON of the row', async () => {
    renderTab();
    await screen.findByText('u49@example.test');
    fireEvent.click(screen.getByText('u49@example.test'));
    const raw = await screen.findByTestId('audit-raw-json');
    expect(JSON.parse(raw.textContent!)).toEqual(entry(49));
  });

  it('writes a filter change to the URL and keeps the other parameters', async () => {
    renderTab();
    await screen.findByText('u50@example.test');
    const input = screen.getByLabelText('Event type');
    fireEvent.change(input, { target: { value: 'permission_denied' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?tab=audit&type=permission_denied'));
    await waitFor(() => expect(requests().some((r) => r.includes('type=permission_denied'))).toBe(true));
  });
});

describe('Audit Log tab: browser events', () => {
  it('hides browser page-load events unless "Show browser events" is on, and asks the API accordingly', async () => {
    renderTab();
    await screen.findByText('u50@example.test');
    const first = requests().find((r) => r.startsWith('/api/admin/audit?'))!;
    expect(new URL(first, 'http://hub.test').searchParams.has('include_browser')).toBe(false);
    const toggle = screen.getByRole('switch', { name: 'Show browser events' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?tab=audit&include_browser=true'));
    await waitFor(() => expect(requests().some((r) => r.includes('include_browser=true'))).toBe(true));
    // The export follows the same choice.
    expect(screen.getByRole('link', { name: /CSV/ }).getAttribute('href')).toContain('include_browser=true');
  });

  it('labels where each event came from: Server or Browser', async () => {
    renderTab();
    await screen.findByText('u50@example.test');
    const source = within(screen.getAllByTestId('audit-row')[0]).getAllByRole('cell')[4];
    expect(source.textContent).toBe('Server');
  });
});

describe('audit-log.utils', () => {
  it('ignores filter values the API would refuse', () => {
    expect(filtersFromParams(new URLSearchParams('severity=urgent&source=both&from=yesterday&type=%20x_y%20'))).toEqual(
      {
        type: 'x_y',
        severity: undefined,
        user_id: undefined,
        source: undefined,
        from: undefined,
        to: undefined,
      },
    );
  });
  it('round-trips datetime-local values and removes empty filters', () => {
    const iso = localInputToIso('2026-11-21T13:45')!;
    expect(isoToLocalInput(iso)).toBe('2026-11-21T13:45');
    expect(localInputToIso('')).toBeNull();
    expect(withFilter(new URLSearchParams('tab=audit&type=x_y'), 'type', null).toString()).toBe('tab=audit');
  });
});
