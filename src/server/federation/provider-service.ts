import type { Hub } from '../hub';
import type { Actor } from '../actor';
import { HubError } from '../errors';
import type { IdentityProvider } from '../db/schema/index';
import {
  DEFAULT_ATTRIBUTE_MAPPING,
  type CreateIdentityProviderBody,
  type IdentityProviderView,
  type UpdateIdentityProviderBody,
} from '../../shared/api/federation';
import type { DbOrTx } from '../db/client';
import {
  countProviderDeletionImpact,
  deleteProvider,
  findDomainOwner,
  findProviderById,
  insertProvider,
  listProviders,
  updateProvider,
  findProviderBySlug,
} from './queries';
import { ssoRegistrationUrls } from '../../shared/sso-urls';
import { changesIssuer, unlinkIdentitiesOfProvider } from './issuer-change';
import { assertFieldsOfProtocol, createColumnsOf, updateColumnsOf } from './provider-columns';
import { serviceProviderMetadata, type IdpMetadata } from './providers/saml/metadata';

/** What the administrator registers at an OpenID Connect provider. */
export function redirectUriOf(hub: Hub, slug: string): string {
  return ssoRegistrationUrls(hub.config.publicUrl, slug, 'oidc').redirect_uri!;
}

/** SAML: where the IdP POSTs its answers. */
export function acsUrlOf(hub: Hub, slug: string): string {
  return ssoRegistrationUrls(hub.config.publicUrl, slug, 'saml').acs_url!;
}

/**
 * SAML: the hub's SP entity ID for one provider, which is also where its SP metadata is served.
 * One per provider, so an assertion one IdP issued for its registration of the hub names an
 * audience no other provider's registration accepts.
 */
export function samlEntityIdOf(hub: Hub, slug: string): string {
  return ssoRegistrationUrls(hub.config.publicUrl, slug, 'saml').entity_id!;
}

/** What the create and read answers say to register at the provider, by protocol. */
export function registrationOf(hub: Hub, p: { slug: string; protocol: string }) {
  return ssoRegistrationUrls(hub.config.publicUrl, p.slug, p.protocol === 'saml' ? 'saml' : 'oidc');
}

/**
 * GET /auth/sso/:slug/metadata: the hub's SP metadata for a SAML provider, served whether or not
 * the provider is enabled yet (the IdP's administrator imports it before the first sign-in).
 */
export async function samlMetadataOf(hub: Hub, slug: string): Promise<string> {
  const provider = await findProviderBySlug(hub.db, slug);
  if (!provider || provider.protocol !== 'saml') throw new HubError('not_found', 'No SAML provider has this slug.');
  return serviceProviderMetadata({ spEntityId: samlEntityIdOf(hub, slug), acsUrl: acsUrlOf(hub, slug) });
}

/** The IdP half of a SAML provider, as stored from its metadata. */
export function idpMetadataOf(p: IdentityProvider): IdpMetadata | null {
  if (p.protocol !== 'saml' || !p.issuer || !p.samlSsoUrl || !p.samlCertificates.length) return null;
  return { entityId: p.issuer, ssoUrl: p.samlSsoUrl, certificates: p.samlCertificates };
}

export function toProviderView(hub: Hub, p: IdentityProvider): IdentityProviderView {
  const saml = p.protocol === 'saml';
  return {
    id: p.id,
    slug: p.slug,
    display_name: p.displayName,
    protocol: p.protocol as IdentityProviderView['protocol'],
    enabled: p.enabled,
    issuer: p.issuer,
    client_id: p.clientId,
    has_client_secret: Boolean(p.clientSecretEnc),
    scopes: p.scopes,
    email_domains: p.emailDomains,
    trusts_email_verified: p.trustsEmailVerified,
    trusts_mfa: p.trustsMfa,
    attribute_mapping: { ...DEFAULT_ATTRIBUTE_MAPPING, ...p.attributeMapping },
    may_create_accounts: p.mayCreateAccounts,
    redirect_uri: saml ? null : redirectUriOf(hub, p.slug),
    acs_url: saml ? acsUrlOf(hub, p.slug) : null,
    entity_id: saml ? samlEntityIdOf(hub, p.slug) : null,
    metadata_url: saml ? samlEntityIdOf(hub, p.slug) : null,
    saml: saml && p.samlSsoUrl ? { sso_url: p.samlSsoUrl, certificates: p.samlCertificates.length } : null,
    last_ok_at: p.lastOkAt?.toISOString() ?? null,
    last_error: p.lastError,
    last_error_at: p.lastErrorAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function listProviderViews(hub: Hub): Promise<IdentityProviderView[]> {
  return (await listProviders(hub.db)).map((p) => toProviderView(hub, p));
}

export async function getProviderView(hub: Hub, id: string): Promise<IdentityProviderView> {
  const provider = await findProviderById(hub.db, id);
  if (!provider) throw new HubError('not_found', 'No such identity provider.');
  return toProviderView(hub, provider);
}

/** Two providers owning one domain would make discovery ambiguous: the second is refused. */
async function assertDomainsFree(db: DbOrTx, domains: string[], exceptId: string | null): Promise<void> {
  const owner = await findDomainOwner(db, domains, exceptId);
  if (owner) {
    const taken = domains.filter((d) => owner.emailDomains.includes(d));
    throw new HubError('conflict', `The identity provider "${owner.slug}" already owns ${taken.join(', ')}.`, {
      field: 'email_domains',
    });
  }
}

/**
 * Issue 46, test on save: what a save runs on the provider as it would be stored, before anything
 * is written (federation/connection-test.ts assertConnectionWorks, passed in by the routes: the
 * test reads this module's URLs). It throws to refuse the save.
 */
export type ConnectionCheck = (candidate: IdentityProvider) => Promise<unknown>;

/** The fields whose change the connection test must see again: where the provider is and how the hub is known there. */
const CONNECTION_FIELDS = ['issuer', 'client_id', 'client_secret', 'scopes', 'metadata_xml'] as const;

/** Whether a save must pass the test: the provider ends enabled and is switched on or reconnected. */
function needsConnectionTest(current: IdentityProvider | null, input: UpdateIdentityProviderBody): boolean {
  const enabled = input.enabled ?? current?.enabled ?? true;
  if (!enabled) return false;
  if (!current || !current.enabled) return true;
  return CONNECTION_FIELDS.some((f) => input[f] !== undefined);
}

function slugTaken(slug: string): HubError {
  return new HubError('conflict', `An identity provider with the slug "${slug}" exists.`, { field: 'slug' });
}

/**
 * Registers a provider: OpenID Connect (its client secret is sealed at once and never answered)
 * or SAML (its metadata read into entityID, SSO location and signing certificates).
 */
export async function createProvider(
  hub: Hub,
  input: CreateIdentityProviderBody,
  actor: Actor,
  check?: ConnectionCheck,
): Promise<IdentityProvider> {
  const domains = [...new Set(input.email_domains ?? [])];
  const now = hub.clock();
  const values = {
    slug: input.slug,
    protocol: input.protocol,
    enabled: input.enabled ?? true,
    clientId: null,
    clientSecretEnc: null,
    scopes: [],
    samlSsoUrl: null,
    samlCertificates: [],
    ...createColumnsOf(hub, input),
    emailDomains: domains,
    trustsEmailVerified: input.trusts_email_verified ?? false,
    trustsMfa: input.trusts_mfa ?? false,
    attributeMapping: { ...DEFAULT_ATTRIBUTE_MAPPING, ...input.attribute_mapping },
    mayCreateAccounts: input.may_create_accounts ?? false,
    createdAt: now,
    updatedAt: now,
  };
  const tested = check && needsConnectionTest(null, input);
  if (tested) {
    // What needs no network first: a clash is told at once, not after the test's requests.
    if (await findProviderBySlug(hub.db, input.slug)) throw slugTaken(input.slug);
    await assertDomainsFree(hub.db, domains, null);
    await check({ ...values, id: '', lastOkAt: null, lastError: null, lastErrorAt: null });
  }
  return hub.db.transaction(async (tx) => {
    await assertDomainsFree(tx, domains, null);
    const provider = await insertProvider(tx, { ...values, lastOkAt: tested ? now : null });
    if (!provider) throw slugTaken(input.slug);
    await hub.audit.record(
      {
        type: 'identity_provider_created',
        ...actor.audit,
        details: {
          provider_id: provider.id,
          provider: provider.slug,
          protocol: provider.protocol,
          issuer: provider.issuer,
        },
      },
      tx,
    );
    return provider;
  });
}

/** Changes the fields given; a new client secret replaces the sealed one. The audit row names fields, never values of secrets. */
export async function changeProvider(
  hub: Hub,
  id: string,
  input: UpdateIdentityProviderBody,
  actor: Actor,
  check?: ConnectionCheck,
): Promise<IdentityProvider> {
  const values = updateColumnsOf(hub, input);
  const before = check ? await findProviderById(hub.db, id) : null;
  if (before && check && needsConnectionTest(before, input)) {
    assertFieldsOfProtocol(before.protocol, input);
    await check({ ...before, ...values });
    values.lastOkAt = values.updatedAt;
  }
  return hub.db.transaction(async (tx) => {
    const current = await findProviderById(tx, id);
    if (!current) throw new HubError('not_found', 'No such identity provider.');
    assertFieldsOfProtocol(current.protocol, input);
    if (values.emailDomains) await assertDomainsFree(tx, values.emailDomains, id);
    // Another issuer's subjects are other people: what was linked through the old one goes (issuer-change.ts).
    const unlinked = changesIssuer(current, values) ? await unlinkIdentitiesOfProvider(hub, tx, current, actor) : 0;
    const provider = await updateProvider(tx, id, values);
    if (!provider) throw new HubError('not_found', 'No such identity provider.');
    const fields = Object.keys(input).sort();
    await hub.audit.record(
      {
        type: 'identity_provider_updated',
        ...actor.audit,
        details: {
          provider_id: provider.id,
          provider: provider.slug,
          fields,
          ...(unlinked ? { identities_unlinked: unlinked } : {}),
        },
      },
      tx,
    );
    return provider;
  });
}

/** What deleting a provider would end (the confirmation's counts); 404 for an unknown id. */
export async function providerDeletionImpact(hub: Hub, id: string) {
  if (!(await findProviderById(hub.db, id))) throw new HubError('not_found', 'No such identity provider.');
  return countProviderDeletionImpact(hub.db, id);
}

/** Deletes a provider; the identities linked through it go with it (their accounts stay). */
export async function removeProvider(hub: Hub, id: string, actor: Actor): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const removed = await deleteProvider(tx, id);
    if (!removed) throw new HubError('not_found', 'No such identity provider.');
    await hub.audit.record(
      {
        type: 'identity_provider_deleted',
        ...actor.audit,
        details: { provider_id: id, provider: removed.provider.slug, identities_removed: removed.identities },
      },
      tx,
    );
  });
}
