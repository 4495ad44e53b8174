import type { Hub } from '../../hub';
import {
  CLIENT_JWT_ALGS,
  DPOP_ALGS,
  GRANT_TYPES,
  SIGNING_ALGS,
  SUPPORTED_SCOPES,
  TOKEN_AUTH_METHODS,
} from '../constants';
import { PROMPT_VALUES } from '../authorize/context';
import { issuerOf } from '../jwt';
import { LOCALES } from '../../../shared/locales';

/**
 * /.well-known/openid-configuration (OIDC Discovery 1.0 §3, RFC 8414): exactly what this
 * provider honours, nothing it ignores. tests/server/oauth/oidc-conformance.test.ts exercises
 * each advertised value.
 */
export function discoveryDocument(hub: Hub) {
  const issuer = issuerOf(hub);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    userinfo_endpoint: `${issuer}/oauth/userinfo`,
    jwks_uri: `${issuer}/oauth/jwks`,
    introspection_endpoint: `${issuer}/oauth/introspect`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    end_session_endpoint: `${issuer}/oauth/end-session`,
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'form_post'],
    grant_types_supported: [...GRANT_TYPES],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...SIGNING_ALGS],
    token_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    revocation_endpoint_auth_methods_supported: [...TOKEN_AUTH_METHODS],
    // RFC 7523 / OIDC Core §9: the algorithms of private_key_jwt assertions.
    token_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_ALGS],
    introspection_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_ALGS],
    revocation_endpoint_auth_signing_alg_values_supported: [...CLIENT_JWT_ALGS],
    // RFC 9126: pushed authorization requests; required of every client only when configured.
    // RFC 8628 §4: the device authorization grant (issue 42).
    device_authorization_endpoint: `${issuer}/oauth/device_authorization`,
    pushed_authorization_request_endpoint: `${issuer}/oauth/par`,
    require_pushed_authorization_requests: hub.config.oauthSecurity.requirePar,
    // RFC 9449: DPoP-bound access tokens.
    dpop_signing_alg_values_supported: [...DPOP_ALGS],
    code_challenge_methods_supported: ['S256'],
    prompt_values_supported: [...PROMPT_VALUES],
    // OIDC Discovery §3 (issue 39): the languages of the hub's pages (`ui_locales`) and of its claims.
    ui_locales_supported: [...LOCALES],
    claims_locales_supported: [...LOCALES],
    claim_types_supported: ['normal'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'amr',
      'nonce',
      'at_hash',
      'sid',
      'name',
      'email',
      'email_verified',
      'updated_at',
      'locale',
      'full_name',
      'organization',
      'department',
      'organizations',
      'org_id',
      'org_roles',
    ],
    authorization_response_iss_parameter_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    frontchannel_logout_supported: false,
    // RFC 9101: signed request objects, by value (`request`); by reference only through PAR.
    request_parameter_supported: true,
    request_object_signing_alg_values_supported: [...CLIENT_JWT_ALGS],
    request_uri_parameter_supported: false,
    claims_parameter_supported: false,
  };
}
