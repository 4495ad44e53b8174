import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider } from '@node-saml/node-saml';
import { UpstreamSignInError } from './oidc';

/**
 * Upstream SAML 2.0 through @node-saml/node-saml: no protocol code of our own. The library
 * builds the AuthnRequest (HTTP-Redirect binding), verifies the Response's assertion signature
 * against the IdP's certificates (signed assertions required, one assertion only, only the signed
 * bytes read), its Conditions and SubjectConfirmation times, the audience and InResponseTo. What
 * it leaves to its caller is checked here, on the signed assertion it hands back: the issuer is
 * the IdP of the metadata, the bearer confirmation's Recipient (and the Response's Destination,
 * when given) is this provider's ACS, and the assertion carries an ID and an expiry, so that
 * sign-in.ts can accept each assertion once (federation_assertion_ids).
 *
 * InResponseTo is not kept in node-saml's per-process cache: the request ID travels in the
 * browser's sealed state cookie (state-cookie.ts), so whichever node receives the response can
 * check it; `requestCache` below is node-saml's cache interface over that one ID.
 */

/** Seconds of clock difference with the IdP that NotBefore / NotOnOrAfter tolerate (kept small). */
export const SAML_CLOCK_SKEW_MS = 30_000;
/** How long the AuthnRequest's ID is answerable (the state cookie's lifetime bounds it too). */
const REQUEST_ID_MS = 10 * 60_000;

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** What the hub needs of an IdP's metadata. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Signing certificates, PEM. */
  certificates: string[];
}

/** The hub's side of one SAML provider and the IdP's. */
export interface SamlSettings {
  /** The hub's SP entity ID for this provider (the audience its assertions must name). */
  spEntityId: string;
  acsUrl: string;
  idp: IdpMetadata;
}

/** A verified assertion: who, what it says, and what makes it single-use. */
export interface SamlIdentity {
  subject: string;
  nameIdFormat: string | null;
  /** Every attribute by name, each with its string values. */
  attributes: Record<string, string[]>;
  authnContextClassRefs: string[];
  assertionId: string;
  /** The earliest NotOnOrAfter of the assertion (its Conditions, its bearer confirmation). */
  expiresAt: Date;
}

/** Metadata the hub cannot use; the message says what is missing, for the administrator. */
export class SamlMetadataError extends Error {}

function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function parseXml(xml: string, what: string) {
  // A DTD is never needed here and is how entity-expansion attacks arrive: refused before parsing.
  if (/<!DOCTYPE/i.test(xml)) throw new SamlMetadataError(`${what}: a DOCTYPE is not accepted.`);
  const fail = (message: string) => {
    throw new SamlMetadataError(`${what} is not well-formed XML (${String(message).split('\n')[0].slice(0, 200)}).`);
  };
  return new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(
    xml,
    'text/xml',
  );
}

function elements(
  parent: { getElementsByTagNameNS(ns: string, name: string): ArrayLike<Element> },
  ns: string,
  name: string,
) {
  return Array.from(parent.getElementsByTagNameNS(ns, name));
}

/** A certificate from metadata (base64 DER, any whitespace) as PEM, or null when it is not an X.509 certificate. */
function certificatePem(text: string): string | null {
  const b64 = text.replace(/\s+/g, '');
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  try {
    new X509Certificate(Buffer.from(b64, 'base64'));
  } catch {
    return null;
  }
  return `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
}

/**
 * Reads an IdP's metadata XML (as Okta, Entra ID, Google Workspace, ADFS and Shibboleth export
 * it): exactly one IdP entity, its entityID, its HTTP-Redirect SingleSignOnService (https, or
 * http on this machine's loopback) and its signing certificates (KeyDescriptor use="signing" or
 * without a use). Anything missing is a SamlMetadataError naming it.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  // Files saved on Windows (AD FS, Entra ID downloads) may start with a byte-order mark.
  const doc = parseXml(xml.replace(/^\uFEFF/, '').trim(), 'The metadata');
  const idps = elements(doc, MD, 'IDPSSODescriptor');
  if (idps.length === 0)
    throw new SamlMetadataError('The metadata describes no identity provider (no IDPSSODescriptor).');
  if (idps.length > 1) throw new SamlMetadataError('The metadata describes more than one identity provider; give one.');
  const idp = idps[0];
  const entity = idp.parentNode as Element | null;
  const entityId = entity?.localName === 'EntityDescriptor' ? entity.getAttribute('entityID')?.trim() : '';
  if (!entityId || entityId.length > 1000) throw new SamlMetadataError('The metadata has no entityID.');
  const sso = elements(idp, MD, 'SingleSignOnService').find((e) => e.getAttribute('Binding') === REDIRECT_BINDING);
  const location = sso?.getAttribute('Location')?.trim() ?? '';
  if (!location) throw new SamlMetadataError('The metadata has no SingleSignOnService with the HTTP-Redirect binding.');
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new SamlMetadataError('The SingleSignOnService location is not a URL.');
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) || url.hash) {
    throw new SamlMetadataError('The SingleSignOnService location must be an https URL.');
  }
  const certificates: string[] = [];
  for (const key of elements(idp, MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of elements(key, DS, 'X509Certificate')) {
      const pem = certificatePem(cert.textContent ?? '');
      if (!pem) throw new SamlMetadataError('A signing certificate of the metadata is not a valid X.509 certificate.');
      if (!certificates.includes(pem)) certificates.push(pem);
    }
  }
  if (!certificates.length)
    throw new SamlMetadataError('The metadata has no signing certificate (KeyDescriptor use="signing").');
  if (certificates.length > 10) throw new SamlMetadataError('The metadata has more than 10 signing certificates.');
  return { entityId, ssoUrl: url.href, certificates };
}

/** node-saml's InResponseTo cache over the one request ID this browser started (from its state cookie). */
function requestCache(known: { id: string; createdAt: string } | null, onSave?: (id: string) => void): CacheProvider {
  return {
    saveAsync: (key, value) => {
      onSave?.(key);
      return Promise.resolve({ value, createdAt: Date.now() });
    },
    getAsync: (key) => Promise.resolve(known && key === known.id ? known.createdAt : null),
    // Single use is the state cookie's (spent by the ACS) and the assertion ID's (federation_assertion_ids).
    removeAsync: () => Promise.resolve(null),
  };
}

function samlOf(settings: SamlSettings, cache: CacheProvider): SAML {
  return new SAML({
    issuer: settings.spEntityId,
    audience: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    entryPoint: settings.idp.ssoUrl,
    idpCert: settings.idp.certificates,
    wantAssertionsSigned: true,
    // The assertion's signature is what counts; many IdPs (Entra ID by default) do not sign the Response too.
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_ID_MS,
    cacheProvider: cache,
    // The IdP's configured NameID format is used; asking for one makes some IdPs refuse or change it.
    identifierFormat: null,
    // Asking for PasswordProtectedTransport "exact" makes Entra ID refuse MFA and passwordless sign-ins.
    disableRequestedAuthnContext: true,
  });
}

/** The IdP's URL for a new sign-in (HTTP-Redirect binding) and the AuthnRequest's ID the response must answer. */
export async function buildSamlSignInUrl(
  settings: SamlSettings,
): Promise<{ url: string; requestId: string; createdAt: string }> {
  let requestId = '';
  try {
    const url = await samlOf(
      settings,
      requestCache(null, (id) => (requestId = id)),
    ).getAuthorizeUrlAsync('', undefined, {});
    return { url, requestId, createdAt: new Date().toISOString() };
  } catch (e) {
    throw new UpstreamSignInError(
      'request_failed',
      e instanceof Error ? e.message : 'The sign-in request could not be built.',
    );
  }
}

/** The SP metadata the IdP's administrator imports (entityID, ACS URL, NameID format, signed assertions wanted). */
export function serviceProviderMetadata(settings: { spEntityId: string; acsUrl: string }): string {
  return generateServiceProviderMetadata({
    issuer: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true,
  });
}

type XmlJs = Record<string, unknown>;

function first(value: unknown): XmlJs | undefined {
  return Array.isArray(value) && value[0] && typeof value[0] === 'object' ? (value[0] as XmlJs) : undefined;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as XmlJs)._ === 'string') return (value as XmlJs)._ as string;
  return null;
}

function attrOf(node: XmlJs | undefined, name: string): string | undefined {
  const attrs = node?.$ as Record<string, string> | undefined;
  return attrs?.[name];
}

/** node-saml's refusal as ours: the reason names the check that failed (audited, never shown). */
function refusal(e: unknown): UpstreamSignInError {
  if (e instanceof UpstreamSignInError) return e;
  const message = e instanceof Error ? e.message : String(e);
  const detail = /signature/i.test(message)
    ? 'invalid_signature'
    : /audience/i.test(message)
      ? 'wrong_audience'
      : /expired|not yet valid|subject confirmation/i.test(message)
        ? 'expired'
        : /InResponseTo/i.test(message)
          ? 'in_response_to'
          : /status|error:/i.test(message)
            ? 'upstream_error'
            : 'invalid_response';
  return new UpstreamSignInError(
    `response_refused:${detail}`,
    'The answer of the identity provider could not be verified.',
  );
}

function refuse(detail: string): UpstreamSignInError {
  return new UpstreamSignInError(
    `response_refused:${detail}`,
    'The answer of the identity provider could not be verified.',
  );
}

/**
 * The ACS: node-saml verifies the POSTed SAMLResponse (see the top of this file); the checks it
 * leaves are made on the signed assertion it returns. The Response's Destination is outside the
 * signed assertion, so it is only compared (a mismatch refuses), never trusted.
 */
export async function finishSamlSignIn(
  settings: SamlSettings,
  input: { samlResponse: string; request: { id: string; createdAt: string } },
): Promise<SamlIdentity> {
  // No SAML message needs a DTD; refused before any parser sees one (entity expansion).
  if (/<!DOCTYPE/i.test(Buffer.from(input.samlResponse, 'base64').toString('utf8'))) throw refuse('doctype');
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await samlOf(settings, requestCache(input.request)).validatePostResponseAsync({
      SAMLResponse: input.samlResponse,
    }));
  } catch (e) {
    throw refusal(e);
  }
  if (!profile?.getAssertion || !profile.getSamlResponseXml) throw refuse('no_assertion');
  const assertion = (profile.getAssertion() as XmlJs).Assertion as XmlJs;
  if (profile.issuer !== settings.idp.entityId) throw refuse('wrong_issuer');

  let destination: string | null | undefined;
  try {
    destination = parseXml(profile.getSamlResponseXml(), 'The response').documentElement?.getAttribute('Destination');
  } catch {
    throw refuse('invalid_response');
  }
  if (destination && destination !== settings.acsUrl) throw refuse('wrong_destination');

  const subject = first(assertion.Subject);
  const confirmations = ((subject?.SubjectConfirmation as XmlJs[] | undefined) ?? []).filter(
    (c) => attrOf(c, 'Method') === 'urn:oasis:names:tc:SAML:2.0:cm:bearer',
  );
  const confirmData = confirmations.map((c) => first(c.SubjectConfirmationData)).filter((d): d is XmlJs => Boolean(d));
  // SAML profiles §4.1.4.2: the bearer confirmation names the ACS it was issued for.
  if (!confirmData.length || confirmData.some((d) => attrOf(d, 'Recipient') !== settings.acsUrl)) {
    throw refuse('wrong_recipient');
  }

  const assertionId = attrOf(assertion, 'ID');
  if (!assertionId || assertionId.length > 200) throw refuse('no_assertion_id');
  const ends = [
    attrOf(first(assertion.Conditions), 'NotOnOrAfter'),
    ...confirmData.map((d) => attrOf(d, 'NotOnOrAfter')),
  ]
    .filter((v): v is string => Boolean(v))
    .map((v) => Date.parse(v))
    .filter((v) => Number.isFinite(v));
  // An assertion without an end could be replayed once its row is pruned: refused.
  if (!ends.length) throw refuse('no_expiry');

  if (!profile.nameID || profile.nameID.length > 500) throw refuse('no_subject');

  const attributes: Record<string, string[]> = {};
  for (const statement of (assertion.AttributeStatement as XmlJs[] | undefined) ?? []) {
    for (const attribute of (statement.Attribute as XmlJs[] | undefined) ?? []) {
      const name = attrOf(attribute, 'Name');
      if (!name) continue;
      const values = ((attribute.AttributeValue as unknown[] | undefined) ?? [])
        .map(textOf)
        .filter((v): v is string => v !== null);
      attributes[name] = [...(attributes[name] ?? []), ...values];
    }
  }
  const authnContextClassRefs: string[] = [];
  for (const statement of (assertion.AuthnStatement as XmlJs[] | undefined) ?? []) {
    for (const context of (statement.AuthnContext as XmlJs[] | undefined) ?? []) {
      for (const ref of (context.AuthnContextClassRef as unknown[] | undefined) ?? []) {
        const value = textOf(ref);
        if (value) authnContextClassRefs.push(value.trim());
      }
    }
  }
  return {
    subject: profile.nameID,
    nameIdFormat: profile.nameIDFormat ?? null,
    attributes,
    authnContextClassRefs,
    assertionId,
    expiresAt: new Date(Math.min(...ends) + SAML_CLOCK_SKEW_MS),
  };
}

/** Where IdPs put the email when the NameID is not one (Entra ID's and AD FS's claim URIs, LDAP's mail). */
const EMAIL_ATTRIBUTES = [
  'email',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'name',
  'displayName',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  'urn:oid:2.16.840.1.113730.3.1.241',
];
/** AuthnContextClassRef values (and Entra ID's authnmethodsreferences) that say a second factor was used. */
const MFA_CONTEXTS = new Set([
  'http://schemas.microsoft.com/claims/multipleauthn',
  'https://refeds.org/profile/mfa',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
]);
const AUTHN_METHODS_ATTRIBUTE = 'http://schemas.microsoft.com/claims/authnmethodsreferences';

/**
 * What a verified assertion says about the person, by the provider's attribute mapping: a mapped
 * attribute other than the default is read alone; with the defaults, the email is the NameID when
 * its format is emailAddress, else the first of the usual email attributes, and the name the first
 * of the usual name attributes. `mfa` is whether the assertion says a second factor was used.
 */
export function samlProfileOf(
  identity: SamlIdentity,
  mapping: { email: string; name: string },
  defaults: { email: string; name: string },
): { email: string | null; name: string | null; mfa: boolean } {
  const value = (names: string[]) => names.map((n) => identity.attributes[n]?.[0]).find((v) => v !== undefined) ?? null;
  const nameIdEmail = identity.nameIdFormat === NAMEID_EMAIL ? identity.subject : null;
  const email = mapping.email !== defaults.email ? value([mapping.email]) : (nameIdEmail ?? value(EMAIL_ATTRIBUTES));
  const name = mapping.name !== defaults.name ? value([mapping.name]) : value(NAME_ATTRIBUTES);
  const methods = [...identity.authnContextClassRefs, ...(identity.attributes[AUTHN_METHODS_ATTRIBUTE] ?? [])];
  const mfa = methods.some((m) => MFA_CONTEXTS.has(m) || /multi-?factor|two-?factor/i.test(m));
  return { email, name, mfa };
}
