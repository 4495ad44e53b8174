import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PendingApprovals } from '@/features/admin/pending-approvals';
import type { CredentialRequest } from '@/data/admin/credential-requests-query';
import { mockWebApi, ok } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

/**
 * Issue 32, "Two-person rule holes": the approval queue offers only what the server's rule
 * allows this administrator (`can_decide`: deny; `can_approve`: approve too), never a button
 * the server would answer with 403.
 */
const request = (id: string, justification: string, over: Partial<CredentialRequest>): CredentialRequest => ({
  id,
  action_type: 'credential_access',
  app_id: 'app-1',
  app_name: 'TalentMLS',
  credential_type: 'api_key',
  justification,
  time_limit_minutes: 30,
  status: 'pending',
  requesting_user_id: 'u-pat',
  requester_email: 'pat@hub.test',
  decided_by: null,
  decided_at: null,
  expires_at: null,
  created_at: '2026-11-26T12:00:00.000Z',
  can_decide: true,
  can_approve: true,
  ...over,
});

const QUEUE = [
  request('r-own', 'My own request', { can_decide: false, can_approve: false }),
  request('r-dependent', 'Granted my role', { can_decide: true, can_approve: false }),
  request('r-independent', 'Independent of me', { can_decide: true, can_approve: true }),
];

beforeEach(() => {
  mockWebApi({ 'GET /api/admin/credential-requests?scope=pending': ok({ requests: QUEUE }) });
});

async function entryOf(justification: string) {
  const text = await screen.findByText(justification);
  return within(text.closest('[data-testid="pending-request"]') as HTMLElement);
}

describe('Pending approvals', () => {
  it('shows each administrator only the decisions the rule allows them', async () => {
    renderWithQuery(<PendingApprovals />);

    const own = await entryOf('My own request');
    expect(own.queryByRole('button')).toBeNull();
    expect(own.getByText(/another administrator must decide it/)).toBeTruthy();

    const dependent = await entryOf('Granted my role');
    expect(dependent.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(dependent.getByRole('button', { name: 'Deny' })).toBeTruthy();
    expect(dependent.getByText(/You cannot approve this request/)).toBeTruthy();

    const independent = await entryOf('Independent of me');
    expect(independent.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(independent.getByRole('button', { name: 'Deny' })).toBeTruthy();
    expect(independent.queryByText(/You cannot approve this request/)).toBeNull();
  });
});
