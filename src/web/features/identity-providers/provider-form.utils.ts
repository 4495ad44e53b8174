import type {
  CreateIdentityProviderBody,
  IdentityProviderView,
  UpdateIdentityProviderBody,
} from '@shared/api/federation';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { DEFAULT_OIDC_SCOPES, OIDC_PRESETS, type OidcPreset } from '@shared/federation-presets';

export type ProviderProtocol = 'oidc' | 'saml';

/** What the provider form edits: text as typed, lists as one string (scopes by spaces, domains by commas or lines). */
export type ProviderFormValues = {
  protocol: ProviderProtocol;
  preset: OidcPreset | 'custom';
  slug: string;
  display_name: string;
  issuer: string;
  client_id: string;
  /** Write-only: empty on edit means "keep the one that is set". */
  client_secret: string;
  scopes: string;
  /** SAML: the IdP's metadata XML, pasted or read from a file; empty on edit means "keep what it said". */
  metadata_xml: string;
  email_domains: string;
  enabled: boolean;
  trusts_email_verified: boolean;
  trusts_mfa: boolean;
  may_create_accounts: boolean;
};

export const EMPTY_PROVIDER_FORM: ProviderFormValues = {
  protocol: 'oidc',
  preset: 'custom',
  slug: '',
  display_name: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  scopes: DEFAULT_OIDC_SCOPES.join(' '),
  metadata_xml: '',
  email_domains: '',
  enabled: true,
  trusts_email_verified: false,
  trusts_mfa: false,
  may_create_accounts: true,
};

/**
 * A preset prefills what the API's preset would (issuer, scopes) plus a display name and slug the
 * administrator has not typed yet. Entra ID has one issuer per tenant: its issuer stays to fill in.
 */
export function applyPreset(values: ProviderFormValues, preset: OidcPreset | 'custom'): ProviderFormValues {
  if (preset === 'custom') return { ...values, preset };
  const p = OIDC_PRESETS[preset];
  return {
    ...values,
    preset,
    display_name: values.display_name || p.display_name,
    slug: values.slug || preset,
    issuer: p.issuer ?? '',
    scopes: p.scopes.join(' '),
  };
}

/** The example issuer shown in the empty issuer field (Entra ID's tenant issuer). */
export function issuerPlaceholder(preset: OidcPreset | 'custom'): string {
  if (preset === 'microsoft') return OIDC_PRESETS.microsoft.issuer_hint;
  return 'https://idp.example.com';
}

export function splitScopes(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

/** A registered provider in the form: every field but the secret, which is never sent back. */
export function formValuesOf(provider: IdentityProviderView): ProviderFormValues {
  return {
    protocol: provider.protocol,
    preset: 'custom',
    slug: provider.slug,
    display_name: provider.display_name,
    issuer: provider.issuer ?? '',
    client_id: provider.client_id ?? '',
    client_secret: '',
    scopes: provider.scopes.join(' '),
    metadata_xml: '',
    email_domains: provider.email_domains.join(', '),
    enabled: provider.enabled,
    trusts_email_verified: provider.trusts_email_verified,
    trusts_mfa: provider.trusts_mfa,
    may_create_accounts: provider.may_create_accounts,
  };
}

/** The fields both protocols have. */
function commonFields(v: ProviderFormValues) {
  return {
    display_name: v.display_name.trim(),
    email_domains: splitDomains(v.email_domains),
    enabled: v.enabled,
    trusts_email_verified: v.trusts_email_verified,
    trusts_mfa: v.trusts_mfa,
    may_create_accounts: v.may_create_accounts,
  };
}

function oidcFields(v: ProviderFormValues) {
  return { issuer: v.issuer.trim(), client_id: v.client_id.trim(), scopes: splitScopes(v.scopes) };
}

export function createBodyOf(v: ProviderFormValues): CreateIdentityProviderBody {
  if (v.protocol === 'saml') {
    return { protocol: 'saml', slug: v.slug.trim(), metadata_xml: v.metadata_xml.trim(), ...commonFields(v) };
  }
  return {
    protocol: 'oidc',
    slug: v.slug.trim(),
    client_secret: v.client_secret,
    ...commonFields(v),
    ...oidcFields(v),
  };
}

/** An empty secret (or metadata) keeps the one that is set: the form never knows the secret. */
export function updateBodyOf(v: ProviderFormValues): UpdateIdentityProviderBody {
  if (v.protocol === 'saml') {
    return { ...commonFields(v), ...(v.metadata_xml.trim() ? { metadata_xml: v.metadata_xml.trim() } : {}) };
  }
  return { ...commonFields(v), ...oidcFields(v), ...(v.client_secret ? { client_secret: v.client_secret } : {}) };
}

const problems = defineMessages({
  slug: {
    id: 'idp.form.problem.slug',
    defaultMessage: 'Give the provider a slug (it is part of the URLs registered at it).',
  },
  displayName: { id: 'idp.form.problem.displayName', defaultMessage: 'Give the provider a display name.' },
  metadata: {
    id: 'idp.form.problem.metadata',
    defaultMessage: 'Paste or upload the identity provider’s metadata XML.',
  },
  issuer: { id: 'idp.form.problem.issuer', defaultMessage: 'Give the issuer URL of the provider.' },
  clientId: { id: 'idp.form.problem.clientId', defaultMessage: 'Give the client ID the provider issued.' },
  clientSecret: { id: 'idp.form.problem.clientSecret', defaultMessage: 'Give the client secret the provider issued.' },
  scopes: { id: 'idp.form.problem.scopes', defaultMessage: 'The scopes must include openid.' },
});

/** What the browser checks before sending, every problem at once; the server's zod contract and metadata reader have the last word. */
export function providerProblems(
  v: ProviderFormValues,
  isCreate: boolean,
): Partial<Record<keyof ProviderFormValues, MessageDescriptor>> {
  const out: Partial<Record<keyof ProviderFormValues, MessageDescriptor>> = {};
  if (!v.display_name.trim()) out.display_name = problems.displayName;
  if (isCreate && !v.slug.trim()) out.slug = problems.slug;
  if (v.protocol === 'saml') {
    if (isCreate && !v.metadata_xml.trim()) out.metadata_xml = problems.metadata;
    return out;
  }
  if (!v.issuer.trim()) out.issuer = problems.issuer;
  if (!v.client_id.trim()) out.client_id = problems.clientId;
  if (isCreate && !v.client_secret) out.client_secret = problems.clientSecret;
  if (!splitScopes(v.scopes).includes('openid')) out.scopes = problems.scopes;
  return out;
}

/** The form's words for what the API's patterns refuse (a person never reads `slug: must be 1-48…`). */
export const PROVIDER_FIELD_WORDS = defineMessages({
  slug: {
    id: 'idp.form.words.slug',
    defaultMessage: 'Use 1 to 48 lower-case letters, digits or dashes, starting and ending with a letter or digit.',
  },
  email_domains: {
    id: 'idp.form.words.emailDomains',
    defaultMessage: 'Each domain must look like example.com: no @, no spaces, no https://.',
  },
  issuer: {
    id: 'idp.form.words.issuer',
    defaultMessage: 'Enter the issuer’s https address, without ? or #, such as https://accounts.example.com.',
  },
});

const registrationLabels = defineMessages({
  redirectUri: { id: 'idp.registration.redirectUri', defaultMessage: 'Redirect URI' },
  acsUrl: { id: 'idp.registration.acsUrl', defaultMessage: 'ACS URL' },
  entityId: { id: 'idp.registration.entityId', defaultMessage: 'Entity ID' },
  metadataUrl: { id: 'idp.registration.metadataUrl', defaultMessage: 'Metadata URL' },
});

/** One value the provider's administrator registers: `key` names it in element ids, whatever the language. */
export type RegistrationItem = { key: string; label: MessageDescriptor; value: string };

/** What the provider's administrator registers for the hub, by protocol (from a create or read answer). */
export function registrationItems(r: {
  redirect_uri?: string | null;
  acs_url?: string | null;
  entity_id?: string | null;
  metadata_url?: string | null;
}): RegistrationItem[] {
  const items: RegistrationItem[] = [];
  if (r.redirect_uri) items.push({ key: 'redirect-uri', label: registrationLabels.redirectUri, value: r.redirect_uri });
  if (r.acs_url) items.push({ key: 'acs-url', label: registrationLabels.acsUrl, value: r.acs_url });
  if (r.entity_id) items.push({ key: 'entity-id', label: registrationLabels.entityId, value: r.entity_id });
  if (r.metadata_url) items.push({ key: 'metadata-url', label: registrationLabels.metadataUrl, value: r.metadata_url });
  return items;
}
