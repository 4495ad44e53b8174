import type { Hub } from '../hub';
import { HubError } from '../errors';
import type { NewIdentityProvider } from '../db/schema/index';
import {
  DEFAULT_ATTRIBUTE_MAPPING,
  DEFAULT_OIDC_SCOPES,
  OIDC_PRESETS,
  type CreateIdentityProviderBody,
  type CreateOidcProviderBody,
  type CreateSamlProviderBody,
  type UpdateIdentityProviderBody,
} from '../../shared/api/federation';
import { SamlMetadataError, parseIdpMetadata, type IdpMetadata } from './providers/saml/metadata';

/**
 * What an administrator's body becomes in identity_providers: a new provider's columns by protocol
 * (a preset's issuer and scopes, OIDC's sealed secret, SAML's metadata read), a change's columns,
 * and the check that a change fits the provider's protocol. Rules and SQL are provider-service.ts's.
 */

/** The sealing context of a provider's client secret: a sealed value copied to another column does not open. */
export const PROVIDER_SECRET_CONTEXT = 'identity_providers.client_secret';

/** The metadata an administrator gave, read; a 400 naming what it lacks otherwise. */
function readMetadata(xml: string): IdpMetadata {
  try {
    return parseIdpMetadata(xml);
  } catch (e) {
    if (e instanceof SamlMetadataError) {
      throw new HubError('invalid_request', `metadata_xml: ${e.message}`, { field: 'metadata_xml' });
    }
    throw e;
  }
}

/** The issuer and scopes a preset prefills; what the body gives wins. */
function withPreset(input: CreateOidcProviderBody): { issuer: string; scopes: string[]; displayName: string } {
  const preset = input.preset ? OIDC_PRESETS[input.preset] : null;
  const issuer = input.issuer ?? preset?.issuer ?? null;
  if (!issuer) {
    const hint = preset && 'issuer_hint' in preset ? ` (${preset.issuer_hint})` : '';
    throw new HubError('invalid_request', `issuer: give the provider's issuer${hint}.`, { field: 'issuer' });
  }
  const displayName = input.display_name ?? preset?.display_name;
  if (!displayName) throw new HubError('invalid_request', 'display_name: is required.', { field: 'display_name' });
  return { issuer, scopes: input.scopes ?? [...(preset?.scopes ?? DEFAULT_OIDC_SCOPES)], displayName };
}

/** The columns of a new provider, by protocol: OIDC's issuer and sealed secret, or SAML's metadata. */
export function createColumnsOf(hub: Hub, input: CreateIdentityProviderBody) {
  if (input.protocol === 'saml') return samlColumns(input);
  const { issuer, scopes, displayName } = withPreset(input);
  return {
    displayName,
    issuer,
    clientId: input.client_id,
    clientSecretEnc: hub.secrets.seal(input.client_secret, PROVIDER_SECRET_CONTEXT),
    scopes: [...new Set(scopes)],
  };
}

function samlColumns(input: CreateSamlProviderBody) {
  const idp = readMetadata(input.metadata_xml);
  return {
    displayName: input.display_name,
    issuer: idp.entityId,
    samlSsoUrl: idp.ssoUrl,
    samlCertificates: idp.certificates,
  };
}

/** The columns a change sets (only the fields given); a new client secret is sealed at once. */
export function updateColumnsOf(hub: Hub, input: UpdateIdentityProviderBody): Partial<NewIdentityProvider> {
  const values: Partial<NewIdentityProvider> = { updatedAt: hub.clock() };
  if (input.metadata_xml !== undefined) {
    const idp = readMetadata(input.metadata_xml);
    Object.assign(values, { issuer: idp.entityId, samlSsoUrl: idp.ssoUrl, samlCertificates: idp.certificates });
  }
  if (input.display_name !== undefined) values.displayName = input.display_name;
  if (input.enabled !== undefined) values.enabled = input.enabled;
  if (input.issuer !== undefined) values.issuer = input.issuer;
  if (input.client_id !== undefined) values.clientId = input.client_id;
  if (input.client_secret !== undefined)
    values.clientSecretEnc = hub.secrets.seal(input.client_secret, PROVIDER_SECRET_CONTEXT);
  if (input.scopes !== undefined) values.scopes = [...new Set(input.scopes)];
  if (input.email_domains !== undefined) values.emailDomains = [...new Set(input.email_domains)];
  if (input.trusts_email_verified !== undefined) values.trustsEmailVerified = input.trusts_email_verified;
  if (input.trusts_mfa !== undefined) values.trustsMfa = input.trusts_mfa;
  if (input.attribute_mapping !== undefined)
    values.attributeMapping = { ...DEFAULT_ATTRIBUTE_MAPPING, ...input.attribute_mapping };
  if (input.may_create_accounts !== undefined) values.mayCreateAccounts = input.may_create_accounts;
  return values;
}

const OIDC_ONLY = ['issuer', 'client_id', 'client_secret', 'scopes'] as const;

/** A change must fit the provider's protocol: no client secret for SAML, no metadata for OpenID Connect. */
export function assertFieldsOfProtocol(protocol: string, input: UpdateIdentityProviderBody): void {
  const foreign =
    protocol === 'saml'
      ? OIDC_ONLY.filter((f) => input[f] !== undefined)
      : input.metadata_xml !== undefined
        ? ['metadata_xml']
        : [];
  if (foreign.length) {
    const name = protocol === 'saml' ? 'SAML' : 'OpenID Connect';
    throw new HubError('invalid_request', `${foreign[0]}: is not a field of a ${name} provider.`, {
      field: foreign[0],
    });
  }
}
