import { AUDIT_EVENT_TYPES } from '@shared/audit-events';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditSinkView } from '@shared/api/siem';
import IntegrationsTab from '@/features/integrations/integrations-tab';
import {
  EMPTY_AUDIT_SINK_FORM,
  createSinkBodyOf,
  firstSinkProblem,
  sinkHostOf,
} from '@/features/integrations/audit-sinks.utils';
import { mockWebApi, ok, refusal, reply, type Routes } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';

const KEY = 'Y2hlY2twb2ludC1rZXktc2hvd24tb25jZS1vbmx5LWZvci10aGUtdGVzdA';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTest\n-----END CERTIFICATE-----';
const HTTPS_SINK: AuditSinkView = {
  id: '7d3f1c2a-0b1e-4c5d-9e8f-1a2b3c4d5e6f',
  name: '',
  kind: 'https',
  target: 'https://siem.example/ingest/abc?token=t0k',
  has_ca: false,
  has_auth_header: true,
  event_types: ['permission_denied', 'user_deactivated'],
  min_severity: 'medium',
  enabled: true,
  last_audit_id: 40,
  lag_rows: 12,
  last_delivered_at: '2026-11-26T12:00:00.000Z',
  last_error: null,
  last_error_at: null,
  failure_streak: 0,
  created_at: '2026-11-26T11:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
};
const SYSLOG_SINK: AuditSinkView = {
  ...HTTPS_SINK,
  id: '1e2d3c4b-5a69-4877-8695-a4b3c2d1e0f9',
  kind: 'syslog-tls',
  target: 'collector.example:6514',
  has_auth_header: false,
  event_types: [],
  min_severity: 'info',
  enabled: false,
  lag_rows: 0,
  last_delivered_at: null,
  last_error: 'TLS handshake failed: certificate has expired',
  last_error_at: '2026-11-26T12:05:00.000Z',
  failure_streak: 4,
};

/** No webhooks, the two sinks; anything else the test answers itself. */
const STANDARD: Routes = {
  'GET /api/admin/webhooks': ok({ webhooks: [] }),
  'GET /api/admin/audit-sinks': ok({ sinks: [HTTPS_SINK, SYSLOG_SINK] }),
};

const renderTab = () => renderWithQuery(<IntegrationsTab />);

async function openAddSink() {
  await screen.findAllByTestId('audit-sink-row');
  fireEvent.click(screen.getByRole('button', { name: 'Add sink' }));
  return screen.findByRole('dialog');
}

beforeEach(stubResizeObserver);

describe('Integrations tab: audit log streaming (SIEM sinks, issue 30)', () => {
  it('lists each sink by host with its kind, filters, state, lag, last delivery, last error and failure streak', async () => {
    mockWebApi(STANDARD);
    renderTab();
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    const rows = await screen.findAllByTestId('audit-sink-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => within(r));
    expect(first.getByText('siem.example')).toBeTruthy();
    // The path and query (a token some collectors put there) stay off the list.
    expect(rows[0].textContent).not.toContain('token=t0k');
    expect(first.getByText('HTTPS')).toBeTruthy();
    expect(first.getByText('Enabled')).toBeTruthy();
    expect(rows[0].textContent).toContain('permission_denied, user_deactivated · Medium and above');
    expect(rows[0].textContent).toContain('12 rows behind');
    expect(rows[0].textContent).toContain('Last delivered');

    expect(second.getByText('collector.example:6514')).toBeTruthy();
    expect(second.getByText('Syslog TLS')).toBeTruthy();
    expect(second.getByText('Disabled')).toBeTruthy();
    expect(second.getByText('4 failures in a row')).toBeTruthy();
    expect(rows[1].textContent).toContain('All event types · Info (everything)');
    expect(rows[1].textContent).toContain('Up to date');
    expect(rows[1].textContent).toContain('Nothing delivered yet');
    expect(rows[1].textContent).toContain('certificate has expired');
    expect(second.getByRole('button', { name: 'Enable audit sink collector.example:6514' })).toBeTruthy();
  });

  it('an empty list says so', async () => {
    mockWebApi({ ...STANDARD, 'GET /api/admin/audit-sinks': ok({ sinks: [] }) });
    renderTab();
    expect(await screen.findByText('No audit sinks yet')).toBeTruthy();
  });

  it('adds a sink and shows the checkpoint key once, with a copy button and a warning, and never again', async () => {
    const { calls } = mockWebApi({
      ...STANDARD,
      'POST /api/admin/audit-sinks': reply(201, { sink: HTTPS_SINK, checkpoint_key: KEY }),
    });
    renderTab();
    const dialog = await openAddSink();
    fireEvent.change(within(dialog).getByLabelText('Target'), { target: { value: ' https://siem.example/ingest ' } });
    fireEvent.change(within(dialog).getByLabelText('CA certificates (optional, PEM)'), { target: { value: PEM } });
    fireEvent.change(within(dialog).getByLabelText('Authorization header (optional)'), {
      target: { value: 'Authorization: Bearer s3cr3t' },
    });
    // Issue 46: types are chosen from the audit catalogue (found by the filter), never typed.
    const filter = within(dialog).getByLabelText('Filter event types');
    for (const type of ['user_deactivated', 'permission_denied']) {
      fireEvent.change(filter, { target: { value: type } });
      fireEvent.click(within(dialog).getByRole('checkbox', { name: type }));
    }
    fireEvent.change(filter, { target: { value: '' } });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add sink' }));

    expect(await screen.findByTestId('checkpoint-key')).toHaveProperty('textContent', KEY);
    expect(screen.getByRole('button', { name: 'Copy Checkpoint key' })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'https',
      target: 'https://siem.example/ingest',
      ca_pem: PEM,
      auth_header: 'Authorization: Bearer s3cr3t',
      // In the catalogue's order, whatever the clicking order.
      event_types: AUDIT_EVENT_TYPES.filter((t) => t === 'permission_denied' || t === 'user_deactivated'),
      min_severity: 'info',
    });

    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(KEY);
    const again = await openAddSink();
    expect(within(again).getByLabelText('Target')).toHaveProperty('value', '');
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('shows the server’s refusal on the target field, and checks the form before sending', async () => {
    const { calls } = mockWebApi({
      ...STANDARD,
      'POST /api/admin/audit-sinks': refusal(
        400,
        'invalid_request',
        'target: the address is private (HUB_WEBHOOKS_ALLOW_PRIVATE=true lifts this).',
        { field: 'target' },
      ),
    });
    renderTab();
    const dialog = await openAddSink();
    const target = within(dialog).getByLabelText('Target');
    fireEvent.change(target, { target: { value: 'https://127.0.0.1/ingest' } });
    // A type the catalogue does not hold cannot be chosen at all.
    fireEvent.change(within(dialog).getByLabelText('Filter event types'), { target: { value: 'user_deactivatd' } });
    expect(within(dialog).getByText('No event type matches.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add sink' }));
    // The server's words under the field, without the API's path.
    const words = await within(dialog).findByText(/^The address is private/);
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(target.getAttribute('aria-describedby')).toContain(words.closest('p')!.id);
    expect(dialog.textContent).not.toContain('target:');
    await waitFor(() => expect(document.activeElement).toBe(target));
    expect(screen.queryByTestId('checkpoint-key')).toBeNull();
  });

  it('edit sends the filters, disable and delete call their routes', async () => {
    const base = `/api/admin/audit-sinks/${HTTPS_SINK.id}`;
    const { calls } = mockWebApi({
      ...STANDARD,
      [`PATCH ${base}`]: ok({ sink: { ...HTTPS_SINK, enabled: false } }),
      [`DELETE ${base}`]: ok({ deleted: true }),
    });
    renderTab();
    await screen.findAllByTestId('audit-sink-row');

    fireEvent.click(screen.getByRole('button', { name: 'Edit audit sink siem.example' }));
    const dialog = await screen.findByRole('dialog');
    // The target, its trust and its credentials are fixed at creation: only the filters are edited.
    expect(within(dialog).queryByLabelText('Target')).toBeNull();
    const chosen = within(dialog).getAllByRole('checkbox');
    expect(chosen.map((c) => c.getAttribute('aria-checked'))).toEqual(['true', 'true']);
    for (const c of chosen) fireEvent.click(c);
    fireEvent.change(within(dialog).getByLabelText('Filter event types'), { target: { value: 'mfa_reset' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'mfa_reset' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        event_types: ['mfa_reset'],
        min_severity: 'medium',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Disable audit sink siem.example' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toContainEqual({ enabled: false }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete audit sink siem.example' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === base)).toBe(true));
    // The list is fetched again after each change.
    expect(calls.filter((c) => c.url === '/api/admin/audit-sinks').length).toBeGreaterThanOrEqual(2);
  });

  it('utils: the form’s own checks and body, the host of a target', () => {
    expect(firstSinkProblem(EMPTY_AUDIT_SINK_FORM)?.[0]).toBe('target');
    expect(firstSinkProblem({ ...EMPTY_AUDIT_SINK_FORM, kind: 'syslog-tls', target: 'https://x.example/' })?.[0]).toBe(
      'target',
    );
    expect(firstSinkProblem({ ...EMPTY_AUDIT_SINK_FORM, kind: 'syslog-tls', target: 'siem.example:6514' })).toBeNull();
    expect(firstSinkProblem({ ...EMPTY_AUDIT_SINK_FORM, target: 'https://x.example/', ca_pem: 'not a pem' })?.[0]).toBe(
      'ca_pem',
    );
    expect(
      firstSinkProblem({ ...EMPTY_AUDIT_SINK_FORM, target: 'https://x.example/', auth_header: 'no colon' })?.[0],
    ).toBe('auth_header');
    // A syslog sink sends no auth header, whatever was typed before switching kind.
    expect(
      createSinkBodyOf({ ...EMPTY_AUDIT_SINK_FORM, kind: 'syslog-tls', target: 'h.example:6514', auth_header: 'A: b' }),
    ).toEqual({ kind: 'syslog-tls', target: 'h.example:6514', event_types: [], min_severity: 'info' });
    expect(sinkHostOf({ kind: 'https', target: 'https://x.example:8443/a?b=c' })).toBe('x.example:8443');
    expect(sinkHostOf({ kind: 'syslog-tls', target: '[::1]:6514' })).toBe('[::1]:6514');
  });
});
