import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { IdentityProviderView } from '@shared/api/federation';
import { ProviderFormDialog } from '@/features/identity-providers/provider-form-dialog';
import {
  EMPTY_PROVIDER_FORM,
  applyPreset,
  createBodyOf,
  providerProblems,
  issuerPlaceholder,
} from '@/features/identity-providers/provider-form.utils';
import { mockWebApi, ok, refusal, reply } from '../../helpers/web-api-mock';
import { renderWithQuery, stubResizeObserver } from '../../helpers/web-render';

const REDIRECT_URI = 'http://127.0.0.1:3000/auth/sso/acme/callback';
const VIEW: IdentityProviderView = {
  id: 'p1',
  slug: 'acme',
  display_name: 'Acme SSO',
  protocol: 'oidc',
  enabled: true,
  issuer: 'https://idp.acme.example',
  client_id: 'hub-at-acme',
  has_client_secret: true,
  scopes: ['openid', 'email', 'profile'],
  email_domains: ['acme.example'],
  trusts_email_verified: true,
  trusts_mfa: false,
  attribute_mapping: { email: 'email', name: 'name' },
  may_create_accounts: false,
  redirect_uri: REDIRECT_URI,
  acs_url: null,
  entity_id: null,
  metadata_url: null,
  saml: null,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
  last_ok_at: null,
  last_error: null,
  last_error_at: null,
};

const SAML_BASE = 'http://127.0.0.1:3000/auth/sso/corp';
const SAML_VIEW: IdentityProviderView = {
  ...VIEW,
  id: 'p2',
  slug: 'corp',
  display_name: 'Corp SSO',
  protocol: 'saml',
  issuer: 'https://idp.corp.example/saml',
  client_id: null,
  has_client_secret: false,
  scopes: [],
  redirect_uri: null,
  acs_url: `${SAML_BASE}/acs`,
  entity_id: `${SAML_BASE}/metadata`,
  metadata_url: `${SAML_BASE}/metadata`,
  saml: { sso_url: 'https://idp.corp.example/sso', certificates: 1 },
};

/** The list answer the form reads the hub's public URL from (its registration URLs are shown live). */
const LIST = {
  'GET /api/admin/identity-providers': ok({ providers: [], public_url: 'http://127.0.0.1:3000' }),
} as const;

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(stubResizeObserver);

describe('identity provider form (issue 27)', () => {
  it('presets prefill the issuer and scopes as the API does; Entra ID leaves its tenant issuer to fill in', () => {
    const google = applyPreset(EMPTY_PROVIDER_FORM, 'google');
    expect(google).toMatchObject({
      issuer: 'https://accounts.google.com',
      scopes: 'openid email profile',
      display_name: 'Google',
      slug: 'google',
    });
    const microsoft = applyPreset({ ...google, display_name: 'Staff', slug: 'staff' }, 'microsoft');
    expect(microsoft).toMatchObject({ issuer: '', display_name: 'Staff', slug: 'staff' });
    expect(issuerPlaceholder('microsoft')).toBe('https://login.microsoftonline.com/<tenant id>/v2.0');
    expect(applyPreset(EMPTY_PROVIDER_FORM, 'gitlab').issuer).toBe('https://gitlab.com');
  });

  it('shows the redirect URI to register live as the slug is typed, before anything is saved (issue 46)', async () => {
    const { calls } = mockWebApi({ ...LIST });
    renderWithQuery(<ProviderFormDialog open onOpenChange={() => {}} />);
    expect(await screen.findByText(/Type a slug to see the redirect URI to register/)).toBeTruthy();
    fill('Slug *', 'acme');
    expect(await screen.findByText(REDIRECT_URI)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Redirect URI' })).toBeTruthy();
    fill('Slug *', 'acme-staff');
    expect(await screen.findByText('http://127.0.0.1:3000/auth/sso/acme-staff/callback')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('edit of an OpenID Connect provider shows its redirect URI too', async () => {
    mockWebApi({ ...LIST });
    renderWithQuery(<ProviderFormDialog provider={VIEW} open onOpenChange={() => {}} />);
    expect(await screen.findByText(REDIRECT_URI)).toBeTruthy();
  });

  it('creates an OIDC provider, then shows the redirect URI to register, never the secret', async () => {
    const { calls } = mockWebApi({
      ...LIST,
      'POST /api/admin/identity-providers': reply(201, { provider: VIEW, redirect_uri: REDIRECT_URI }),
    });
    renderWithQuery(<ProviderFormDialog open onOpenChange={() => {}} />);
    fill('Display name *', 'Acme SSO');
    fill('Slug *', 'acme');
    fill('Issuer *', 'https://idp.acme.example');
    fill('Client ID *', 'hub-at-acme');
    fill('Client secret *', 'shh-very-secret');
    fill('Email domains', 'acme.example, Acme.Example.org');
    fireEvent.click(screen.getByRole('switch', { name: 'May create accounts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));

    await screen.findByText(REDIRECT_URI);
    expect(screen.getByRole('button', { name: 'Copy Redirect URI' })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/admin/identity-providers',
      body: {
        protocol: 'oidc',
        slug: 'acme',
        display_name: 'Acme SSO',
        issuer: 'https://idp.acme.example',
        client_id: 'hub-at-acme',
        client_secret: 'shh-very-secret',
        scopes: ['openid', 'email', 'profile'],
        email_domains: ['acme.example', 'acme.example.org'],
        enabled: true,
        may_create_accounts: false,
      },
    });
    expect(document.body.innerHTML).not.toContain('shh-very-secret');
  });

  it('edit: the secret is write-only ("set"), an empty field keeps it, a new one is sent', async () => {
    const { calls } = mockWebApi({
      ...LIST,
      'PATCH /api/admin/identity-providers/p1': ok({ provider: VIEW, redirect_uri: REDIRECT_URI }),
    });
    const { unmount } = renderWithQuery(<ProviderFormDialog provider={VIEW} open onOpenChange={() => {}} />);
    const secret = screen.getByLabelText('Client secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.type).toBe('password');
    expect(screen.getByText('Currently set. Leave empty to keep it.')).toBeTruthy();
    fill('Display name *', 'Acme Staff');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/admin/identity-providers/p1');
    expect(patch.body).toMatchObject({ display_name: 'Acme Staff', issuer: 'https://idp.acme.example' });
    expect(patch.body).not.toHaveProperty('client_secret');
    unmount();

    renderWithQuery(
      <ProviderFormDialog provider={{ ...VIEW, has_client_secret: false }} open onOpenChange={() => {}} />,
    );
    expect(screen.getByText('Currently not set. Leave empty to keep it.')).toBeTruthy();
    fill('Client secret', 'rotated');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1].body).toMatchObject({ client_secret: 'rotated' });
  });

  it('the server refusing a field marks that control invalid and describes it with the error', async () => {
    mockWebApi({
      ...LIST,
      'POST /api/admin/identity-providers': refusal(400, 'validation_failed', 'issuer: must be an https URL', {
        field: 'issuer',
      }),
    });
    renderWithQuery(<ProviderFormDialog open onOpenChange={() => {}} />);
    fill('Display name *', 'Acme');
    fill('Slug *', 'acme');
    fill('Issuer *', 'http://idp.acme.example');
    fill('Client ID *', 'x');
    fill('Client secret *', 'y');
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(screen.getByLabelText('Issuer *').getAttribute('aria-invalid')).toBe('true'));
    const describedBy = screen.getByLabelText('Issuer *').getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
  });

  it('test on save: a refused save shows the failed step and offers to save the provider disabled (issue 46)', async () => {
    const steps = [
      { name: 'discovery', ok: true, detail: 'Read the discovery document of https://idp.acme.example.' },
      { name: 'keys', ok: false, detail: 'The key set at https://idp.acme.example/jwks answered HTTP 500.' },
    ];
    const { calls } = mockWebApi({
      ...LIST,
      'POST /api/admin/identity-providers': [
        refusal(400, 'connection_test_failed', 'The connection test failed at the keys step.', {
          failed_step: 'keys',
          steps,
        }),
        reply(201, { provider: { ...VIEW, enabled: false }, redirect_uri: REDIRECT_URI }),
      ],
    });
    renderWithQuery(<ProviderFormDialog open onOpenChange={() => {}} />);
    fill('Display name *', 'Acme SSO');
    fill('Slug *', 'acme');
    fill('Issuer *', 'https://idp.acme.example');
    fill('Client ID *', 'hub-at-acme');
    fill('Client secret *', 'shh');
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
    const refused = await screen.findByTestId('idp-save-refused');
    expect(refused.textContent).toContain('Not saved: the connection test failed');
    expect(refused.textContent).toContain(
      'Signing keys failed: The key set at https://idp.acme.example/jwks answered HTTP 500.',
    );
    expect(refused.textContent).toContain('Discovery document passed');
    fireEvent.click(screen.getByRole('button', { name: 'Save disabled' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(first.body).not.toHaveProperty('enabled', false);
    expect(second.body).toMatchObject({ slug: 'acme', enabled: false });
    expect(await screen.findByText(REDIRECT_URI)).toBeTruthy();
  });

  it('SAML: the body carries the metadata and none of OpenID Connect\u2019s fields; the metadata is required to create', () => {
    const values = { ...EMPTY_PROVIDER_FORM, protocol: 'saml' as const, slug: 'corp', display_name: 'Corp SSO' };
    expect(providerProblems(values, true)).toEqual({
      metadata_xml: expect.objectContaining({ defaultMessage: expect.stringContaining('metadata XML') }),
    });
    const body = createBodyOf({ ...values, metadata_xml: '  <EntityDescriptor/>  ', email_domains: 'corp.example' });
    expect(body).toEqual({
      protocol: 'saml',
      slug: 'corp',
      display_name: 'Corp SSO',
      metadata_xml: '<EntityDescriptor/>',
      email_domains: ['corp.example'],
      enabled: true,
      trusts_email_verified: false,
      trusts_mfa: false,
      may_create_accounts: true,
    });
  });

  it('SAML edit: shows what to register, an uploaded file fills the metadata, an empty field keeps it', async () => {
    const { calls } = mockWebApi({
      ...LIST,
      'PATCH /api/admin/identity-providers/p2': ok({ provider: SAML_VIEW, acs_url: SAML_VIEW.acs_url }),
    });
    renderWithQuery(<ProviderFormDialog provider={SAML_VIEW} open onOpenChange={() => {}} />);
    expect(screen.queryByLabelText('Client secret')).toBeNull();
    expect(await screen.findByText(`${SAML_BASE}/acs`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy ACS URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Entity ID' })).toBeTruthy();
    const metadata = screen.getByLabelText('Metadata XML') as HTMLTextAreaElement;
    expect(metadata.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const first = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(first).not.toHaveProperty('metadata_xml');
    for (const field of ['issuer', 'client_id', 'client_secret', 'scopes']) expect(first).not.toHaveProperty(field);

    const xml = '<md:EntityDescriptor entityID="https://idp.corp.example/saml"/>';
    const file = new File([xml], 'metadata.xml', { type: 'application/xml' });
    fireEvent.change(screen.getByLabelText('Or upload the metadata file'), { target: { files: [file] } });
    await waitFor(() => expect((screen.getByLabelText('Metadata XML') as HTMLTextAreaElement).value).toBe(xml));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1].body).toMatchObject({ metadata_xml: xml });
  });
});
