import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';
import { selfSignedCertificate, type SelfSigned } from '../../helpers/self-signed-certificate';

/**
 * A real SAML 2.0 identity provider for the federation tests: samlify's IdentityProvider on
 * 127.0.0.1, with a throwaway RSA key and self-signed certificate. It serves its metadata at
 * /metadata, receives the hub's AuthnRequest by HTTP-Redirect at /sso (signing in the account named
 * in the query, as a login page would), and answers with the HTTP-POST binding's auto-submitting
 * form carrying a Response whose assertion it signed. What a test may change in the answer
 * (audience, recipient, times, InResponseTo, which signature, which key) travels in the query too,
 * so a refused answer is still one the IdP really produced.
 *
 * samlify validates the XML it parses against the SAML schema through a pluggable validator; this
 * test IdP only parses the hub's own AuthnRequest, so that validation is skipped here (the hub's
 * side, node-saml, verifies signatures and conditions itself).
 */
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

type RequestInfo = Parameters<samlify.IdentityProviderInstance['createLoginResponse']>[1];

export const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
export const NAMEID_PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
export const MFA_CONTEXT = 'http://schemas.microsoft.com/claims/multipleauthn';
const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

export interface SamlAccount {
  nameId: string;
  nameIdFormat?: string;
  /** Attribute name → value. */
  attributes?: Record<string, string>;
  authnContext?: string;
}

/** What a test changes in the IdP's answer; everything else is what a correct IdP sends. */
export interface ResponseOptions {
  audience?: string;
  recipient?: string;
  destination?: string;
  inResponseTo?: string;
  /** ISO time of both NotOnOrAfter (Conditions and SubjectConfirmationData). */
  notOnOrAfter?: string;
  /** Which signature the answer carries: the assertion's (default), only the Response's, or none. */
  sign?: 'assertion' | 'response' | 'none';
  /** Sign with a key the hub was never given. */
  otherKey?: boolean;
}

export interface SamlIdp {
  origin: string;
  entityId: string;
  metadataXml: string;
  certificatePem: string;
  accounts: Map<string, SamlAccount>;
  /** Tells the IdP which SP it answers (the hub's SP metadata for one provider). */
  trust(spMetadataXml: string): void;
  /** The browser at the IdP: from the hub's redirect to the form it posts back to the ACS. */
  signIn(
    authnRequestUrl: string,
    account: string,
    options?: ResponseOptions,
  ): Promise<{ acsUrl: string; samlResponse: string }>;
  close(): Promise<void>;
}

/** A throwaway RSA key and self-signed certificate: what a SAML IdP signs with. */
export const makeKeyPair = (commonName: string): SelfSigned => selfSignedCertificate({ commonName, keyType: 'rsa' });

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeHtml(value: string): string {
  return escapeXml(value).replace(/'/g, '&#39;');
}

/** The Response the IdP fills in: samlify's default, with an AuthnStatement and attributes. */
const RESPONSE_TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ' +
  'ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
  '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ' +
  'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer><saml:Subject><saml:NameID Format="{NameIDFormat}">{NameID}</saml:NameID>' +
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData ' +
  'NotOnOrAfter="{NotOnOrAfter}" Recipient="{Recipient}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation>' +
  '</saml:Subject><saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction>' +
  '<saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext>' +
  '<saml:AuthnContextClassRef>{AuthnContext}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '{AttributeStatement}</saml:Assertion></samlp:Response>';

function attributeStatement(attributes: Record<string, string>): string {
  const entries = Object.entries(attributes);
  if (!entries.length) return '';
  return (
    '<saml:AttributeStatement>' +
    entries
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">` +
          `<saml:AttributeValue xsi:type="xs:string">${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('') +
    '</saml:AttributeStatement>'
  );
}

let counter = 0;
function newId(): string {
  counter += 1;
  return `_${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 10)}`;
}

export async function startSamlIdp(): Promise<SamlIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const own = makeKeyPair('saml-test-idp');
  const stranger = makeKeyPair('someone-else');
  const settings = (pair: { key: string; cert: string }) => ({
    entityID: entityId,
    privateKey: pair.key,
    signingCert: pair.cert,
    wantAuthnRequestsSigned: false,
    nameIDFormat: [NAMEID_EMAIL, NAMEID_PERSISTENT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${origin}/sso` }],
    // Never used by the hub; samlify warns on stderr when an IdP has none.
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${origin}/slo` }],
    generateID: newId,
  });
  const idp = samlify.IdentityProvider(settings(own));
  const impostor = samlify.IdentityProvider(settings(stranger));
  const metadataXml = idp.getMetadata();
  const accounts = new Map<string, SamlAccount>();
  let sp: samlify.ServiceProviderInstance | null = null;
  let spWithoutAssertionSignature: samlify.ServiceProviderInstance | null = null;

  async function answer(query: URLSearchParams): Promise<{ acsUrl: string; samlResponse: string }> {
    if (!sp || !spWithoutAssertionSignature) throw new Error('the IdP trusts no SP yet');
    const request = await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(query) });
    const account = accounts.get(query.get('account') ?? '');
    if (!account) throw new Error(`no account ${query.get('account')}`);
    const options = JSON.parse(query.get('options') ?? '{}') as ResponseOptions;
    const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
    const now = new Date();
    const values: Record<string, string> = {
      ID: newId(),
      AssertionID: newId(),
      IssueInstant: now.toISOString(),
      NotBefore: now.toISOString(),
      NotOnOrAfter: options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000).toISOString(),
      Destination: options.destination ?? acsUrl,
      Recipient: options.recipient ?? acsUrl,
      Audience: options.audience ?? (sp.entityMeta.getEntityID() as string),
      InResponseTo: options.inResponseTo ?? (request.extract as { request: { id: string } }).request.id,
      Issuer: entityId,
      NameID: account.nameId,
      NameIDFormat: account.nameIdFormat ?? NAMEID_PERSISTENT,
      AuthnContext: account.authnContext ?? PASSWORD_CONTEXT,
    };
    const xml = Object.entries(values)
      .reduce((out, [k, v]) => out.replaceAll(`{${k}}`, escapeXml(v)), RESPONSE_TEMPLATE)
      .replace('{AttributeStatement}', attributeStatement(account.attributes ?? {}));
    if (options.sign === 'none') return { acsUrl, samlResponse: Buffer.from(xml).toString('base64') };
    const signer = options.otherKey ? impostor : idp;
    const target = options.sign === 'response' ? spWithoutAssertionSignature : sp;
    const { context } = await signer.createLoginResponse(target, request as unknown as RequestInfo, 'post', {}, () => ({
      id: values.ID,
      context: xml,
    }));
    return { acsUrl, samlResponse: context };
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml);
      return;
    }
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    if (!url.searchParams.has('account')) {
      // A browser arriving without the test's account: the IdP's login page, for a request it can read.
      const known = sp
        ? idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams) })
        : Promise.reject(new Error('the IdP trusts no SP yet'));
      known.then(
        () => res.writeHead(200, { 'content-type': 'text/html' }).end('<form method="post">Sign in</form>'),
        () => res.writeHead(400).end('unknown service provider'),
      );
      return;
    }
    answer(url.searchParams).then(
      ({ acsUrl, samlResponse }) =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<form method="post" action="${escapeHtml(acsUrl)}"><input type="hidden" name="SAMLResponse" ` +
              `value="${escapeHtml(samlResponse)}"/></form><script>document.forms[0].submit()</script>`,
          ),
      (e: unknown) => res.writeHead(400).end(e instanceof Error ? `${e.message}\n${e.stack}` : String(e)),
    );
  });

  return {
    origin,
    entityId,
    metadataXml,
    certificatePem: own.cert,
    accounts,
    trust(spMetadataXml) {
      sp = samlify.ServiceProvider({ metadata: spMetadataXml });
      spWithoutAssertionSignature = samlify.ServiceProvider({
        metadata: spMetadataXml.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"'),
      });
    },
    async signIn(authnRequestUrl, account, options = {}) {
      const url = new URL(authnRequestUrl);
      if (url.origin !== origin) throw new Error(`not this IdP: ${url.origin}`);
      url.searchParams.set('account', account);
      url.searchParams.set('options', JSON.stringify(options));
      const res = await fetch(url);
      const html = await res.text();
      if (res.status !== 200) throw new Error(`the IdP answered ${res.status}: ${html}`);
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const value = /name="SAMLResponse" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !value) throw new Error('the IdP answered no form');
      const unescape = (v: string) =>
        v
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&');
      return { acsUrl: unescape(action), samlResponse: unescape(value) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
