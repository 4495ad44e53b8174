import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { ValidationIssue } from '@shared/api/errors';
import { AuthProvider } from '@/auth/auth-provider';
import { UserEditDialog } from '@/features/admin/user-edit-dialog';
import { ProviderFormDialog } from '@/features/identity-providers/provider-form-dialog';
import { AuditSinkFormDialog } from '@/features/integrations/audit-sink-form-dialog';
import { WebhookFormDialog } from '@/features/integrations/webhook-form-dialog';
import { BrandDialog } from '@/features/oauth-admin/client-display-fields';
import { CreateClientDialog } from '@/features/oauth-admin/create-client-dialog';
import { DomainsCard } from '@/features/orgs/domains-card';
import { InviteForm } from '@/features/orgs/invite-form';
import { MemberRolesDialog } from '@/features/orgs/member-roles-dialog';
import { OrgCreateForm } from '@/features/orgs/org-create-form';
import { OrgRolesCard } from '@/features/orgs/org-roles-card';
import type { AdminUser } from '@/data/admin/users-query';
import { mockWebApi, ok, reply, type Routes } from '../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../helpers/web-render';
import { CLIENT_VIEW } from './oauth-admin/client-view';

/**
 * Issue 46: no form shows a person an API field path. Every admin form is sent input the server
 * refuses, answered as the hub answers (400 invalid_request, its first problem as `path: words`,
 * every issue with its path and zod code; a service's refusal as `field: words`), and the page must
 * then show each problem under its field in plain words, with no `app_url:`, `email_domains.0:`,
 * `slug:` anywhere. Forms with required fields are first sent empty: every field's words at once.
 */
const PATH =
  /(?:^|[\s"“(])(?:[a-z]+_[a-z0-9_]+|[a-z_]+\.\d+[a-z0-9_.]*|slug|url|email|roles?|target|issuer|name|domain):\s/;

/** The body the hub's error handler (plugins/errors.ts) sends for a request that failed its schema. */
function invalid(...issues: ValidationIssue[]) {
  const [first] = issues;
  return reply(400, {
    error: { code: 'invalid_request', message: `${first!.field}: ${first!.message}`, field: first!.field, issues },
  });
}
/** A service's refusal naming one field, worded the way src/server/net/outbound-target.ts words it. */
const refused = (field: string, words: string) =>
  reply(400, { error: { code: 'invalid_request', message: `${field}: ${words}`, field } });

const ORG_ID = '6f1c2a8e-0000-4000-8000-0000000000a1';
const USER: AdminUser = {
  id: '6f1c2a8e-0000-4000-8000-0000000000c1',
  email: 'rita@acme.test',
  full_name: 'Rita',
  organization: null,
  department: null,
  is_active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  last_login_at: null,
  roles: ['user'],
} as unknown as AdminUser;
const ROLES = ok({
  roles: [
    ...['owner', 'admin', 'member'].map((name) => ({ name, description: null, built_in: true })),
    { name: 'recruiter', description: null, built_in: false },
  ],
});
const SESSION = ok({
  user: { id: 'me', email: 'olga@acme.test', full_name: 'Olga', organization: null, department: null },
  session: { id: 's1', expires_at: '2026-12-20T10:00:00.000Z' },
  is_ecosystem_admin: true,
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

interface Case {
  name: string;
  ui: ReactNode;
  routes: Routes;
  submit: string;
  /** The controls the browser marks when the form is sent empty (none: it has no required field). */
  emptyMarks?: string[];
  fill: () => unknown;
  /** The controls the server's refusal marks, in page order (the first gets focus). */
  serverMarks: string[];
}

const CASES: Case[] = [
  {
    name: 'Create OAuth client',
    ui: <CreateClientDialog open onOpenChange={() => {}} />,
    routes: {
      'POST /api/admin/oauth-clients': invalid(
        { field: 'app_url', code: 'invalid_format', format: 'url', message: 'Invalid URL' },
        { field: 'redirect_uris.0', code: 'invalid_format', format: 'url', message: 'Invalid URL' },
        { field: 'app_name', code: 'too_big', maximum: 100, origin: 'string', message: 'Too big' },
      ),
    },
    submit: 'Create Client',
    emptyMarks: ['client-name', 'client-url', 'client-redirects'],
    fill: () => {
      type('Application Name *', 'x'.repeat(101));
      type('Application URL *', 'https://ok.example');
      type('Redirect URIs * (one per line)', 'https://ok.example/cb');
    },
    serverMarks: ['client-name', 'client-url', 'client-redirects'],
  },
  {
    name: 'Add identity provider',
    ui: <ProviderFormDialog open onOpenChange={() => {}} />,
    routes: {
      'GET /api/admin/identity-providers': ok({ providers: [] }),
      'POST /api/admin/identity-providers': invalid(
        { field: 'slug', code: 'invalid_format', format: 'regex', message: 'must be 1-48 lower-case letters' },
        { field: 'issuer', code: 'custom', message: 'must be an https URL' },
        { field: 'email_domains.0', code: 'custom', message: 'must be a domain name' },
      ),
    },
    submit: 'Add provider',
    emptyMarks: ['idp-display-name', 'idp-slug', 'idp-issuer', 'idp-client-id', 'idp-client-secret'],
    fill: () => {
      type('Display name *', 'Acme SSO');
      type('Slug *', 'acme-');
      type('Issuer *', 'http://idp.acme.example');
      type('Client ID *', 'hub');
      type('Client secret *', 's3cret');
      type(/^Email domains/, 'not a domain');
    },
    serverMarks: ['idp-slug', 'idp-issuer', 'idp-domains'],
  },
  {
    name: 'Add webhook',
    ui: <WebhookFormDialog open onOpenChange={() => {}} />,
    routes: {
      'GET /api/admin/oauth-clients': ok({ clients: [] }),
      'POST /api/admin/webhooks': refused(
        'url',
        'the address is private (set HUB_WEBHOOKS_ALLOW_PRIVATE to allow it).',
      ),
    },
    submit: 'Create webhook',
    emptyMarks: ['webhook-url', 'webhook-events'],
    fill: () => {
      type('Endpoint URL', 'https://127.0.0.1/hook');
      fireEvent.click(screen.getByRole('checkbox', { name: /user\.created/ }));
    },
    serverMarks: ['webhook-url'],
  },
  {
    name: 'Add audit sink',
    ui: <AuditSinkFormDialog open onOpenChange={() => {}} />,
    routes: {
      'POST /api/admin/audit-sinks': invalid(
        { field: 'target', code: 'invalid_format', format: 'url', message: 'Invalid URL' },
        { field: 'event_types.0', code: 'invalid_value', message: 'Invalid option' },
      ),
    },
    submit: 'Add sink',
    fill: () => {
      type('Target', 'https://siem.example/ingest');
      type('Filter event types', 'sign_in_success');
      fireEvent.click(screen.getByRole('checkbox', { name: /sign_in_success/ }));
    },
    serverMarks: ['audit-sink-target', 'audit-sink-events'],
  },
  {
    name: 'Edit user',
    ui: <UserEditDialog user={USER} onClose={() => {}} />,
    routes: {
      [`PATCH /api/admin/users/${USER.id}`]: invalid(
        { field: 'email', code: 'invalid_format', format: 'email', message: 'Invalid email address' },
        { field: 'full_name', code: 'too_big', maximum: 200, origin: 'string', message: 'Too big' },
      ),
    },
    submit: 'Save Changes',
    fill: () => type('Email', 'rita@'),
    serverMarks: ['edit-email', 'edit-full-name'],
  },
  {
    name: 'Create organization',
    ui: <OrgCreateForm />,
    routes: {
      'POST /api/orgs': invalid({ field: 'slug', code: 'invalid_format', format: 'regex', message: 'Invalid string' }),
    },
    submit: 'Create organization',
    emptyMarks: ['org-name'],
    fill: () => {
      type('Name', 'Acme');
      type('Slug', '-acme-');
    },
    serverMarks: ['org-slug'],
  },
  {
    name: 'Invite someone',
    ui: <InviteForm mode="admin" orgId={ORG_ID} myRoles={[]} />,
    routes: {
      [`POST /api/admin/orgs/${ORG_ID}/invitations`]: invalid(
        { field: 'email', code: 'invalid_format', format: 'email', message: 'Invalid email address' },
        { field: 'role', code: 'invalid_value', message: 'Invalid option' },
      ),
    },
    submit: 'Send invitation',
    emptyMarks: ['invite-email'],
    fill: () => type('Email address', 'rita@acme.test'),
    serverMarks: ['invite-email', 'invite-role'],
  },
  {
    name: 'Change roles',
    ui: (
      <MemberRolesDialog
        mode="admin"
        orgId={ORG_ID}
        member={{
          user_id: USER.id,
          email: USER.email,
          full_name: null,
          roles: ['member'],
          joined_via: 'admin',
          joined_at: '2026-11-20T10:00:00.000Z',
          actions: { change_roles: { allowed: true, reason: null }, remove: { allowed: true, reason: null } },
        }}
        myRoles={[]}
        onClose={() => {}}
      />
    ),
    routes: {
      [`PATCH /api/admin/orgs/${ORG_ID}/members/${USER.id}`]: invalid({
        field: 'roles.1',
        code: 'invalid_format',
        format: 'regex',
        message: 'Invalid string',
      }),
    },
    submit: 'Save roles',
    fill: () => undefined,
    serverMarks: ['member-role'],
  },
  {
    name: 'Define an organization role',
    ui: <OrgRolesCard />,
    routes: {
      'GET /api/admin/org-roles': ROLES,
      'POST /api/admin/org-roles': invalid({
        field: 'name',
        code: 'invalid_format',
        format: 'regex',
        message: 'must be 2-40 lower-case letters',
      }),
    },
    submit: 'Add role',
    emptyMarks: ['org-role-name'],
    fill: () => type('Role name', 'Hiring Manager'),
    serverMarks: ['org-role-name'],
  },
  {
    name: 'Claim a domain',
    ui: <DomainsCard mode="admin" orgId={ORG_ID} />,
    routes: {
      [`GET /api/admin/orgs/${ORG_ID}/domains`]: ok({ domains: [] }),
      [`POST /api/admin/orgs/${ORG_ID}/domains`]: invalid({
        field: 'domain',
        code: 'invalid_format',
        format: 'regex',
        message: 'must be a domain name',
      }),
    },
    submit: 'Claim domain',
    emptyMarks: ['domain-name'],
    fill: () => type('Domain', 'acme'),
    serverMarks: ['domain-name'],
  },
  {
    name: 'Brand of a client',
    ui: <BrandDialog client={CLIENT_VIEW} open onOpenChange={() => {}} />,
    routes: {
      [`PATCH /api/admin/oauth-clients/${CLIENT_VIEW.id}`]: invalid(
        { field: 'logo_uri', code: 'invalid_format', format: 'url', message: 'Invalid URL' },
        { field: 'tos_uri', code: 'invalid_format', format: 'url', message: 'Invalid URL' },
      ),
    },
    submit: 'Save',
    fill: () => undefined,
    serverMarks: ['client-logo-uri', 'client-tos-uri'],
  },
];

/** The marked controls: aria-invalid, or a group of choices marked data-invalid (a group takes no aria-invalid). */
const invalidIds = () =>
  [...document.querySelectorAll('[aria-invalid="true"], fieldset[data-invalid="true"]')].map((el) => el.id);
/** Each piece of text on the page on its own (textContent would glue a label to the words after it). */
function pagesTexts(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  return texts;
}

beforeEach(stubResizeObserver);

describe('every admin form words its problems under its fields, never with an API field path (issue 46)', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    mockWebApi({
      'GET /api/auth/session': SESSION,
      [`GET /api/admin/orgs/${ORG_ID}/roles`]: ROLES,
      ...c.routes,
    });
    renderWithQuery(
      <MemoryRouter>
        <AuthProvider>{c.ui}</AuthProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: c.submit });
    if (c.emptyMarks) {
      click(c.submit);
      // Every required field at once, each with its words, focus on the first.
      await waitFor(() => expect(invalidIds()).toEqual(c.emptyMarks));
      expect(document.getElementById(c.emptyMarks[0]!)?.contains(document.activeElement)).toBe(true);
      expect(document.querySelectorAll('[data-slot="field-error"]').length).toBeGreaterThanOrEqual(1);
    }
    await c.fill();
    click(c.submit);
    await waitFor(() => expect(invalidIds()).toEqual(c.serverMarks));
    // Focus on the first marked control (a role picker: its first choice).
    await waitFor(() =>
      expect(document.getElementById(c.serverMarks[0]!)?.contains(document.activeElement)).toBe(true),
    );
    const words = [...document.querySelectorAll('[data-slot="field-error"]')].map((el) => el.textContent ?? '');
    expect(words.length).toBeGreaterThanOrEqual(1);
    for (const text of words) expect(text).not.toMatch(PATH);
    expect(pagesTexts().filter((text) => PATH.test(text))).toEqual([]);
  });
});
