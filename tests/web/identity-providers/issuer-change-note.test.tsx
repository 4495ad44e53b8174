import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { IdentityProviderView } from '@shared/api/federation';
import { ProviderFormDialog } from '@/features/identity-providers/provider-form-dialog';
import { I18nProvider } from '@/i18n/i18n-provider';

/**
 * Issue 38, finding 6: the edit dialog says what the server does when the issuer (SAML: the IdP)
 * changes — every identity linked through the provider is unlinked — before the administrator saves.
 * And finding 7: the email domains bound what its verified addresses count for.
 */
const OIDC: IdentityProviderView = {
  id: 'p1',
  slug: 'acme',
  display_name: 'Acme SSO',
  protocol: 'oidc',
  enabled: true,
  issuer: 'https://idp.acme.example',
  client_id: 'hub-at-acme',
  has_client_secret: true,
  scopes: ['openid', 'email'],
  email_domains: ['acme.example'],
  trusts_email_verified: true,
  trusts_mfa: false,
  attribute_mapping: { email: 'email', name: 'name' },
  may_create_accounts: false,
  redirect_uri: 'http://127.0.0.1:3000/auth/sso/acme/callback',
  acs_url: null,
  entity_id: null,
  metadata_url: null,
  saml: null,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
};
const SAML: IdentityProviderView = {
  ...OIDC,
  id: 'p2',
  slug: 'corp',
  protocol: 'saml',
  issuer: 'https://idp.corp.example/saml',
  client_id: null,
  has_client_secret: false,
  redirect_uri: null,
  acs_url: 'http://127.0.0.1:3000/auth/sso/corp/acs',
  entity_id: 'http://127.0.0.1:3000/auth/sso/corp/metadata',
  metadata_url: 'http://127.0.0.1:3000/auth/sso/corp/metadata',
  saml: { sso_url: 'https://idp.corp.example/sso', certificates: 1 },
};

function renderDialog(provider?: IdentityProviderView) {
  const client = new QueryClient();
  render(
    <I18nProvider locale="en">
      <QueryClientProvider client={client}>
        <ProviderFormDialog provider={provider} open onOpenChange={() => undefined} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const NOTE = /unlinks every sign-in linked through this provider/;

/** What a screen reader reads after the field's label: the elements its aria-describedby names. */
function descriptionOf(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

// Radix's switches measure themselves; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the identity provider dialog says what an issuer change does', () => {
  it('under the issuer of an OpenID Connect provider being edited', () => {
    renderDialog(OIDC);
    expect(descriptionOf('Issuer *')).toMatch(NOTE);
    expect(descriptionOf('Email domains')).toMatch(/at these domains only/);
  });

  it('under the metadata of a SAML provider being edited', () => {
    renderDialog(SAML);
    expect(descriptionOf('Metadata XML')).toMatch(NOTE);
  });

  it('not when a provider is created (nothing is linked yet)', () => {
    renderDialog();
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
