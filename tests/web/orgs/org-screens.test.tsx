import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { InvitationView, OrgMemberView } from '@shared/api/orgs';
import { AuthProvider } from '@/auth/auth-provider';
import OrgsTab from '@/features/account/orgs-tab';
import { InviteForm } from '@/features/orgs/invite-form';
import { MemberRolesDialog } from '@/features/orgs/member-roles-dialog';
import { MembersCard } from '@/features/orgs/members-card';
import { mockWebApi, ok, refusal, reply, type Routes } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const ORG_ID = '6f1c2a8e-0000-4000-8000-0000000000a1';
const ME = '6f1c2a8e-0000-4000-8000-0000000000b1';
const LAST_OWNER = 'An organization keeps at least one owner: make someone else an owner first.';

const RITA: OrgMemberView = {
  user_id: '6f1c2a8e-0000-4000-8000-0000000000c1',
  email: 'rita@acme.test',
  full_name: 'Rita Recruiter',
  roles: ['member', 'recruiter'],
  joined_via: 'invitation',
  joined_at: '2026-11-20T10:00:00.000Z',
  actions: { change_roles: { allowed: true, reason: null }, remove: { allowed: true, reason: null } },
};
const ORG = {
  id: ORG_ID,
  name: 'Acme Hiring',
  slug: 'acme-hiring',
  logo_url: null,
  policies: { require_mfa: false, require_sso_provider_id: null },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The roles the server lists for the role picker: the built-in ones and two custom ones. */
const DEFINED_ROLES = [
  ...['owner', 'admin', 'member'].map((name) => ({ name, description: null, built_in: true })),
  { name: 'recruiter', description: 'Screens candidates.', built_in: false },
  { name: 'hiring_manager', description: null, built_in: false },
];

/** The hub: the routes a test adds, then the session and the caller's organizations. */
function mockHub(routes: Routes = {}) {
  return mockWebApi({
    'GET /api/auth/session': ok({
      user: {
        id: ME,
        email: 'olga@acme.test',
        full_name: 'Olga Owner',
        organization: null,
        department: null,
        email_verified: true,
      },
      session: { id: 's1', expires_at: '2026-12-20T10:00:00.000Z' },
      is_ecosystem_admin: false,
    }),
    'GET /api/me/orgs': ok({
      organizations: [{ ...ORG, roles: ['owner'], actions: { leave: { allowed: true, reason: null } } }],
    }),
    [`GET /api/orgs/${ORG_ID}/roles`]: ok({ roles: DEFINED_ROLES }),
    [`GET /api/admin/orgs/${ORG_ID}/roles`]: ok({ roles: DEFINED_ROLES }),
    ...routes,
  }).calls;
}

function renderWith(node: ReactNode) {
  renderWithQuery(
    <MemoryRouter>
      <AuthProvider>{node}</AuthProvider>
    </MemoryRouter>,
  );
}

describe('changing a member’s roles', () => {
  it('the one role picker: the defined roles, the built-in one first, then the custom ones chosen; closes', async () => {
    const calls = mockHub({
      [`PATCH /api/orgs/${ORG_ID}/members/${RITA.user_id}`]: [ok({ member: { ...RITA, roles: ['admin'] } })],
    });
    const onClose = vi.fn();
    renderWith(<MemberRolesDialog mode="member" orgId={ORG_ID} member={RITA} myRoles={['owner']} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    // Owners may hand out owner; the member's current role is chosen and their custom role kept.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['owner', 'admin', 'member']);
    expect((within(dialog).getByRole('radio', { name: /^Member/ }) as HTMLInputElement).checked).toBe(true);
    // The custom roles the server lists, with their descriptions: the owner sees which exist.
    const recruiter = (await within(dialog).findByRole('checkbox', { name: /^Recruiter/ })) as HTMLInputElement;
    expect(recruiter.checked).toBe(true);
    within(dialog).getByText('Screens candidates.');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Admin/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Hiring manager/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: `/api/orgs/${ORG_ID}/members/${RITA.user_id}`,
      body: { roles: ['admin', 'recruiter', 'hiring_manager'] },
    });
  });

  it('an admin is not offered owner; the last owner’s 409 stays in the dialog in the server’s words', async () => {
    const owner: OrgMemberView = { ...RITA, roles: ['owner'] };
    mockHub({
      [`PATCH /api/admin/orgs/${ORG_ID}/members/${RITA.user_id}`]: [refusal(409, 'conflict', LAST_OWNER)],
    });
    const onClose = vi.fn();
    renderWith(<MemberRolesDialog mode="admin" orgId={ORG_ID} member={owner} myRoles={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change roles' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Member/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect((await within(dialog).findByText(LAST_OWNER, { exact: false })).textContent).toContain(LAST_OWNER);
    expect(onClose).not.toHaveBeenCalled();
    // Choosing again clears the old reason: it never describes a choice it was not given.
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Admin/ }));
    expect(within(dialog).queryByText(LAST_OWNER, { exact: false })).toBeNull();
    cleanup();

    mockHub();
    renderWith(<MemberRolesDialog mode="member" orgId={ORG_ID} member={RITA} myRoles={['admin']} onClose={onClose} />);
    const asAdmin = await screen.findByRole('dialog', { name: 'Change roles' });
    expect(within(asAdmin).queryByRole('radio', { name: /^Owner/ })).toBeNull();
  });
});

describe('leaving an organization from /account', () => {
  it('the last owner is refused: the 409 message shows on the organization’s card', async () => {
    const calls = mockHub({
      [`DELETE /api/orgs/${ORG_ID}/members/${ME}`]: [refusal(409, 'conflict', LAST_OWNER)],
    });
    renderWith(<OrgsTab />);
    const card = await screen.findByTestId('my-org');
    expect(within(card).getByRole('link', { name: 'Open Acme Hiring' }).getAttribute('href')).toBe(`/orgs/${ORG_ID}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Leave Acme Hiring' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(LAST_OWNER);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/orgs/${ORG_ID}/members/${ME}`]);
  });
});

describe('the invitation form', () => {
  const sent: InvitationView = {
    id: '6f1c2a8e-0000-4000-8000-0000000000d1',
    email: 'rita@acme.test',
    role: 'recruiter',
    status: 'pending',
    invited_by: ME,
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-27T10:00:00.000Z',
  };

  it('checks the address in the browser, shows the server’s refusal, then confirms what was sent', async () => {
    const calls = mockHub({
      [`POST /api/orgs/${ORG_ID}/invitations`]: [
        refusal(400, 'invalid_request', 'role: no organization role named sourcer.', { field: 'role' }),
        reply(201, { invitation: sent }),
      ],
      [`GET /api/orgs/${ORG_ID}/invitations`]: [ok({ invitations: [sent] })],
    });
    renderWith(<InviteForm mode="member" orgId={ORG_ID} myRoles={['admin']} />);
    const send = screen.getByRole('button', { name: 'Send invitation' });
    fireEvent.click(send);
    expect((await screen.findByText('Enter the email address to invite.')).closest('p')?.id).toBe('invite-email-error');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'rita@' } });
    fireEvent.click(send);
    await screen.findByText('Enter a valid email address.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'rita@acme.test' } });
    // The role from the picker: an admin is not offered owner; the defined custom roles are.
    expect(screen.queryByRole('radio', { name: /^Owner/ })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: /^Hiring manager/ }));
    fireEvent.click(send);
    expect((await screen.findByText(/^No organization role named sourcer/)).closest('p')?.id).toBe('invite-role-error');
    // The server named the field: the role picker is the one marked invalid, and its first choice focused.
    expect(screen.getByRole('group', { name: 'Role' }).getAttribute('data-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /^Admin/ })));

    fireEvent.click(screen.getByRole('radio', { name: /^Recruiter/ }));
    fireEvent.click(send);
    expect((await screen.findByRole('status')).textContent).toBe('Invitation sent to rita@acme.test.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'rita@acme.test', role: 'hiring_manager' },
      { email: 'rita@acme.test', role: 'recruiter' },
    ]);
  });
});

describe('the members card', () => {
  const OLGA: OrgMemberView = {
    ...RITA,
    user_id: ME,
    email: 'olga@acme.test',
    full_name: 'Olga Owner',
    roles: ['owner'],
    joined_via: 'created',
    // As the server answers an admin about the last owner, who is the caller: Leave refused by the rule.
    actions: { change_roles: { allowed: false, reason: 'role' }, remove: { allowed: false, reason: 'last_owner' } },
  };

  it('pages by the API cursor; the refused actions are disabled with the reason, and one’s own Remove is Leave', async () => {
    const calls = mockHub({
      [`GET /api/orgs/${ORG_ID}/members?limit=50`]: [ok({ members: [OLGA], next_cursor: 'c2' })],
      [`GET /api/orgs/${ORG_ID}/members?limit=50&cursor=c2`]: [ok({ members: [RITA], next_cursor: null })],
    });
    renderWith(<MembersCard mode="member" orgId={ORG_ID} myRoles={['admin']} />);
    await screen.findByText('Olga Owner');
    expect(screen.getByRole('button', { name: 'Change roles of olga@acme.test' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Leave this organization' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove olga@acme.test' })).toBeNull();
    expect(screen.getByTestId('member-action-reason').textContent).toBe(
      'You are the last owner: make someone else an owner first.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load more members' }));
    await screen.findByRole('button', { name: 'Change roles of rita@acme.test' });
    expect(screen.getByRole('button', { name: 'Remove rita@acme.test' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more members' })).toBeNull();
    expect(screen.getAllByTestId('org-member').map((row) => row.textContent)).toEqual([
      expect.stringContaining('created the organization'),
      expect.stringContaining('joined by invitation'),
    ]);
    expect(calls.filter((c) => c.url.includes('/members')).map((c) => c.url)).toEqual([
      `/api/orgs/${ORG_ID}/members?limit=50`,
      `/api/orgs/${ORG_ID}/members?limit=50&cursor=c2`,
    ]);
  });

  it('a plain member reads the list and is offered only their own Leave', async () => {
    const me: OrgMemberView = {
      ...OLGA,
      roles: ['member'],
      actions: { change_roles: { allowed: false, reason: 'role' }, remove: { allowed: true, reason: null } },
    };
    mockHub({
      [`GET /api/orgs/${ORG_ID}/members?limit=50`]: [ok({ members: [me, RITA], next_cursor: null })],
    });
    renderWith(<MembersCard mode="member" orgId={ORG_ID} myRoles={['member']} />);
    await screen.findByText('Rita Recruiter');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Leave this organization']);
    expect(screen.queryByTestId('member-action-reason')).toBeNull();
  });
});
