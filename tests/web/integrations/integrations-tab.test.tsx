import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDeliveryView, WebhookView } from '@shared/api/events';
import IntegrationsTab from '@/features/integrations/integrations-tab';
import {
  createBodyOf,
  EMPTY_WEBHOOK_FORM,
  endpointNameOf,
  webhookProblems,
} from '@/features/integrations/integrations.utils';
import { mockWebApi, ok, refusal, reply, type Routes } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';

const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seS1mb3ItdGhlLXRlc3Q=';
const HOOK: WebhookView = {
  id: '0b9c8a36-5b55-4f0e-9a0f-0c6f5e3b1a11',
  url: 'https://mining.example/hooks/hub?token=t0k',
  description: 'Mining platform',
  events: ['user.deactivated', 'user.roles_changed'],
  client_id: null,
  enabled: true,
  disabled_reason: null,
  failure_streak: 0,
  previous_secret_valid_until: null,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
};
const DISABLED: WebhookView = {
  ...HOOK,
  id: '5f0b7c0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  url: 'https://shop.example/webhooks',
  description: '',
  client_id: 'shop-client',
  enabled: false,
  disabled_reason: 'The endpoint answered 410 Gone.',
  failure_streak: 3,
};
const DELIVERY: WebhookDeliveryView = {
  id: 7,
  event_id: 'msg_2f1c',
  event_type: 'user.deactivated',
  status: 'failed',
  attempts: 4,
  next_attempt_at: null,
  last_status_code: 500,
  last_latency_ms: 12,
  last_error: 'HTTP 500',
  last_response_excerpt: 'Internal error',
  max_attempts: 8,
  payload: { type: 'user.deactivated', data: { user_id: 'u-1', sessions_revoked: 2 } },
  created_at: '2026-11-26T12:01:00.000Z',
  delivered_at: null,
};

/** The list, the clients of the client filter, and the SIEM section's (its own tests: audit-sinks.test.tsx). */
const STANDARD: Routes = {
  'GET /api/admin/webhooks': ok({ webhooks: [HOOK, DISABLED] }),
  'GET /api/admin/oauth-clients': ok({ clients: [] }),
  'GET /api/admin/audit-sinks': ok({ sinks: [] }),
};

const renderTab = () => renderWithQuery(<IntegrationsTab />);

beforeEach(stubResizeObserver);

describe('Integrations tab (issue 30)', () => {
  it('lists each endpoint by host with its events, client filter, state, reason and failure streak', async () => {
    mockWebApi(STANDARD);
    renderTab();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => within(r));
    // Issue 46: named by the full URL with its path; the query (a token some receivers put there) stays off the list.
    expect(first.getByText('https://mining.example/hooks/hub?…')).toBeTruthy();
    expect(second.getByText('https://shop.example/webhooks')).toBeTruthy();
    expect(rows[0].textContent).not.toContain('token=t0k');
    expect(first.getByText('Enabled')).toBeTruthy();
    expect(first.getByText('user.deactivated, user.roles_changed')).toBeTruthy();
    expect(first.getByText('All clients')).toBeTruthy();
    expect(second.getByText('Disabled')).toBeTruthy();
    expect(second.getByText('Disabled: The endpoint answered 410 Gone.')).toBeTruthy();
    expect(second.getByText('3 failures in a row')).toBeTruthy();
    expect(second.getByText('Only client shop-client')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Enable https://shop.example/webhooks' })).toBeTruthy();
  });

  it('creates an endpoint, shows the secret once with a copy button and a warning, and never again', async () => {
    const { calls } = mockWebApi({
      ...STANDARD,
      'POST /api/admin/webhooks': reply(201, { webhook: HOOK, secret: SECRET }),
    });
    renderTab();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Endpoint URL'), {
      target: { value: ' https://mining.example/hooks/hub ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /user\.deactivated/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /session\.revoked/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    expect(await screen.findByTestId('webhook-secret')).toHaveProperty('textContent', SECRET);
    expect(screen.getByRole('button', { name: 'Copy Signing secret' })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/admin/webhooks',
      // Catalogue order, not clicking order; no client_id: every client.
      body: { url: 'https://mining.example/hooks/hub', events: ['user.deactivated', 'session.revoked'] },
    });
    expect(calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('client_id');

    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByLabelText('Endpoint URL')).toHaveProperty('value', '');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows the server’s refusal on the URL field and checks the form before sending', async () => {
    const { calls } = mockWebApi({
      ...STANDARD,
      'POST /api/admin/webhooks': refusal(
        400,
        'invalid_request',
        'url: the address is private (set HUB_WEBHOOKS_ALLOW_PRIVATE to allow it).',
        { field: 'url' },
      ),
    });
    renderTab();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    const url = within(dialog).getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'https://127.0.0.1/hook' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    // No event chosen: the browser says so and sends nothing.
    expect((await within(dialog).findByText('Choose at least one event.')).closest('p')?.id).toBe(
      'webhook-events-error',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /user\.created/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    await within(dialog).findByText(/^The address is private/);
    expect(dialog.textContent).not.toContain('url:');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('a list that cannot be fetched says so with Retry', async () => {
    const down = refusal(503, 'database_unavailable', 'The database is unavailable.');
    mockWebApi({
      'GET /api/admin/webhooks': down,
      'GET /api/admin/oauth-clients': down,
      'GET /api/admin/audit-sinks': down,
    });
    renderTab();
    expect(await screen.findByText('Failed to fetch webhooks')).toBeTruthy();
    // One Retry per section: the webhooks' and the SIEM sinks'.
    expect(await screen.findByText('Failed to fetch audit sinks')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /retry/i })).toHaveLength(2);
  });

  it('the delivery log shows status, attempts, answer, latency and payload; Resend calls the API', async () => {
    const { calls } = mockWebApi({
      ...STANDARD,
      [`GET /api/admin/webhooks/${HOOK.id}/deliveries?limit=50`]: ok({ deliveries: [DELIVERY] }),
      [`POST /api/admin/webhooks/${HOOK.id}/deliveries/7/resend`]: ok({
        delivery: { ...DELIVERY, status: 'pending', attempts: 0 },
      }),
    });
    renderTab();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log of https://mining.example/hooks/hub?…' }));
    const entry = await screen.findByTestId('webhook-delivery');
    const e = within(entry);
    expect(e.getByText('Failed')).toBeTruthy();
    expect(e.getByText('4')).toBeTruthy();
    expect(e.getByText('500')).toBeTruthy();
    expect(e.getByText('12 ms')).toBeTruthy();
    expect(e.getByLabelText('Payload').textContent).toContain('"sessions_revoked": 2');
    expect(e.getByTestId('delivery-answer').textContent).toBe('Internal error');

    fireEvent.click(e.getByRole('button', { name: /^Resend user\.deactivated/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === `/api/admin/webhooks/${HOOK.id}/deliveries/7/resend`),
      ).toBe(true),
    );
    // The log is fetched again, so the resent delivery's new state shows.
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/deliveries?')).length).toBeGreaterThanOrEqual(2));
  });

  it('the log pages back 50 at a time with "Load older deliveries"', async () => {
    const newest = Array.from({ length: 50 }, (_, i) => ({ ...DELIVERY, id: 100 - i, status: 'delivered' as const }));
    const base = `/api/admin/webhooks/${HOOK.id}/deliveries`;
    const { calls } = mockWebApi({
      ...STANDARD,
      [`GET ${base}?limit=50`]: ok({ deliveries: newest }),
      [`GET ${base}?limit=50&before=51`]: ok({ deliveries: [{ ...DELIVERY, id: 3 }] }),
    });
    renderTab();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log of https://mining.example/hooks/hub?…' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Load older deliveries' }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(51));
    expect(calls.some((c) => c.url.endsWith('before=51'))).toBe(true);
    // A short page is the end of the log.
    expect(screen.queryByRole('button', { name: 'Load older deliveries' })).toBeNull();
  });

  it('disable, send a test event, rotate (new secret shown once) and delete call their routes', async () => {
    const base = `/api/admin/webhooks/${HOOK.id}`;
    const { calls } = mockWebApi({
      ...STANDARD,
      [`PATCH ${base}`]: ok({ webhook: { ...HOOK, enabled: false } }),
      [`POST ${base}/test`]: reply(202, { delivery: DELIVERY }),
      [`POST ${base}/rotate-secret`]: ok({ webhook: HOOK, secret: SECRET }),
      [`DELETE ${base}`]: ok({ deleted: true }),
      [`GET ${base}/deliveries`]: ok({ deliveries: [] }),
      [`GET ${base}/deletion-impact`]: ok({ pending_deliveries: 3 }),
    });
    renderTab();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByRole('button', { name: 'Disable https://mining.example/hooks/hub?…' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }));

    fireEvent.click(screen.getByRole('button', { name: 'Send test event to https://mining.example/hooks/hub?…' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/test'))).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret of https://mining.example/hooks/hub?…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveProperty('textContent', SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete https://mining.example/hooks/hub?…' }));
    // Issue 46: the server's count of what is lost, and the URL typed before Delete works.
    await screen.findByText('3 deliveries still owed to it are dropped');
    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(`Type ${HOOK.url} to confirm`), { target: { value: HOOK.url } });
    fireEvent.click(del);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(HOOK.id))).toBe(true));
  });

  it('utils: the form’s own checks and body, the host of a URL', () => {
    // Every problem at once: the URL and the events.
    expect(webhookProblems(EMPTY_WEBHOOK_FORM)).toEqual({
      url: expect.objectContaining({ defaultMessage: expect.stringContaining('https://') }),
      events: expect.objectContaining({ defaultMessage: expect.any(String) }),
    });
    expect(
      Object.keys(webhookProblems({ ...EMPTY_WEBHOOK_FORM, url: 'ftp://x.example/', events: ['user.created'] })),
    ).toEqual(['url']);
    expect(Object.keys(webhookProblems({ ...EMPTY_WEBHOOK_FORM, url: 'https://x.example/' }))).toEqual(['events']);
    expect(
      createBodyOf({ url: 'https://x.example/h', description: ' d ', events: ['user.created'], client: 'c1' }),
    ).toEqual({ url: 'https://x.example/h', description: 'd', events: ['user.created'], client_id: 'c1' });
    expect(endpointNameOf('https://x.example:8443/a?b=c')).toBe('https://x.example:8443/a?…');
    expect(endpointNameOf('https://x.example/hooks/orders')).toBe('https://x.example/hooks/orders');
  });
});
