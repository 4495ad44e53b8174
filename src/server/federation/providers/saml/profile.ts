import type { SamlIdentity } from './response';
import { NAMEID_EMAIL } from './metadata';

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
