import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { isHttpsOrLoopback } from '../../../../shared/loopback';

/**
 * SAML metadata, both ways: the IdP's, as an administrator pastes it (read once into what the hub
 * keeps: entityID, SSO location, signing certificates), and the hub's own SP metadata the IdP's
 * administrator imports. Also the one XML parser of these files (no DTD, errors named).
 */

/**
 * node-saml, loaded on first use (issue 44): ~15 MB of a process's memory (its code and
 * xml-crypto's) that a hub without a SAML provider never needs. Import it only through this.
 */
export const nodeSaml = () => import('@node-saml/node-saml');

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

/** Metadata the hub cannot use; the message says what is missing, for the administrator. */
export class SamlMetadataError extends Error {}

export function parseXml(xml: string, what: string) {
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
  if (!isHttpsOrLoopback(url) || url.hash) {
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

/** The SP metadata the IdP's administrator imports (entityID, ACS URL, NameID format, signed assertions wanted). */
export async function serviceProviderMetadata(settings: { spEntityId: string; acsUrl: string }): Promise<string> {
  const { generateServiceProviderMetadata } = await nodeSaml();
  return generateServiceProviderMetadata({
    issuer: settings.spEntityId,
    callbackUrl: settings.acsUrl,
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true,
  });
}
