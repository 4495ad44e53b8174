import type { SAML } from '@node-saml/node-saml';
import { UpstreamSignInError } from '../oidc';
import { parseXml } from './metadata';
import { SAML_CLOCK_SKEW_MS, requestCache, samlOf, type SamlSettings } from './request';

/**
 * The IdP's Response at the ACS: node-saml verifies it (request.ts says what it checks); what it
 * leaves to its caller is checked here, on the signed assertion it hands back, and the assertion
 * is read into a SamlIdentity (subject, attributes, AuthnContext, ID and expiry for single use).
 */

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
    ({ profile } = await (
      await samlOf(settings, requestCache(input.request))
    ).validatePostResponseAsync({
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
