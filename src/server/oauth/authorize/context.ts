import type { FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import type { SignedInSession } from '../../auth/session-cache';
import type { OAuthErrorCode } from '../errors';

/** The parameters of an authorization request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1, RFC 7636). */
export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  response_mode?: string;
  prompt?: string;
  max_age?: string;
  /** RFC 8707: the API the access token is for. */
  resource?: string;
  /** Issue 29: a token scoped to this organization (orgs/claims.ts). */
  organization_id?: string;
  /** RFC 9101: the request as a signed JWT (authorize/load-request.ts). */
  request?: string;
  /** RFC 9126: a pushed request (authorize/load-request.ts). */
  request_uri?: string;
  /** RFC 9449 §10: the thumbprint of the DPoP key the code is to be bound to. */
  dpop_jkt?: string;
  /** OIDC Core §3.1.2.1: the languages of the pages, in order of preference (issue 39). */
  ui_locales?: string;
}

/** OIDC Core §3.1.2.1 prompt values the hub honours. */
export const PROMPT_VALUES = ['none', 'login', 'consent', 'select_account'] as const;
export type PromptValue = (typeof PROMPT_VALUES)[number];

/** OIDC Core §3.1.2.1 / RFC 6749: a parameter longer than this is refused, never cut. */
export const MAX_PARAM_LENGTH = 2048;

export interface AuthorizeContext {
  hub: Hub;
  request: FastifyRequest;
  params: AuthorizeParams;
  /** The raw query string, carried through sign-in and consent unchanged. */
  query: string;
  client?: OAuthClient;
  /** Set once the redirect URI matched the client's list: only then may errors go back to it. */
  redirectUri?: string;
  responseMode: 'query' | 'form_post';
  scopes: string[];
  /** The signed-in browser session and its user (no roles: nothing here needs them). */
  auth?: SignedInSession;
  /** Consent given on the consent screen in this very request. */
  consentGiven?: boolean;
  /** RFC 8707: the access token's audience when an API was named (null: the hub's userinfo). */
  resource?: string | null;
  /** The prompt values asked for (checked in checkRequest). */
  prompt: Set<PromptValue>;
  /** The user chose on the account chooser (prompt=select_account) in this very request. */
  accountChosen?: boolean;
  /** A sign-in this request sent the user to started at this time (ms): one after it satisfies prompt=login / max_age. */
  reauthSince?: number;
  /** RFC 9126: the pushed request this authorization runs (spent when its code is issued). */
  pushedRequestUri?: string;
}

/** Sent back to the client's (verified) redirect URI, RFC 6749 §4.1.2.1. */
export class AuthorizeRedirectError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * Not an error: the pipeline stops to sign the user in, to ask for consent, or (issue 29) to send a
 * member of an organization requiring MFA to set up a second factor (`orgSlug` says which), or
 * (issue 42) to have a breached password changed that an administrator requires changed.
 */
export class AuthorizeInterrupt extends Error {
  constructor(
    readonly kind: 'login' | 'consent' | 'select_account' | 'enrol_mfa' | 'change_password',
    readonly orgSlug?: string,
  ) {
    super(kind);
  }
}

const PARAM_NAMES: (keyof AuthorizeParams)[] = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
  'prompt',
  'max_age',
  'resource',
  'organization_id',
  'request',
  'request_uri',
  'dpop_jkt',
  'ui_locales',
];

/** A request object (RFC 9101) may be longer than any single parameter. */
export const MAX_REQUEST_OBJECT_LENGTH = 8192;

/**
 * The authorization parameters among a set of strings (a pushed request's, a request object's):
 * only the names the endpoint knows, only strings, never a nested `request` or `request_uri`.
 */
export function pickAuthorizeParams(values: Record<string, unknown>): AuthorizeParams {
  const params: AuthorizeParams = {};
  for (const name of PARAM_NAMES) {
    if (name === 'request' || name === 'request_uri') continue;
    const value = values[name];
    if (typeof value === 'string' && value !== '' && value.length <= MAX_PARAM_LENGTH) params[name] = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) params[name] = String(value);
  }
  return params;
}

/** Reads the parameters from a query string; a parameter given twice is refused (RFC 6749 §3.1). */
export function parseAuthorizeQuery(query: string): { params: AuthorizeParams; duplicate?: string; tooLong?: string } {
  const search = new URLSearchParams(query);
  const params: AuthorizeParams = {};
  let tooLong: string | undefined;
  for (const name of PARAM_NAMES) {
    const all = search.getAll(name);
    if (all.length > 1) return { params, duplicate: name };
    if (all.length === 1 && all[0] !== '') {
      if (all[0].length > (name === 'request' ? MAX_REQUEST_OBJECT_LENGTH : MAX_PARAM_LENGTH)) tooLong ??= name;
      else params[name] = all[0];
    }
  }
  return { params, tooLong };
}
