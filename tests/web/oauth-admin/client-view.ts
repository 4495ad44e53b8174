import type { ClientView } from '@shared/api/oauth-clients';

/** A registered client as the admin API answers it: a platform app with a secret, its OpenID Connect URIs, no keys. */
export const CLIENT_VIEW: ClientView = {
  id: 'c1',
  client_id: 'hub_sister',
  client_secret_preview: 'hubsec_abcdefghijklm',
  app_name: 'Sister App',
  app_description: null,
  app_url: 'https://sister.example',
  app_type: 'platform',
  redirect_uris: ['https://sister.example/callback'],
  post_logout_redirect_uris: ['https://sister.example/signed-out'],
  allowed_origins: [],
  scopes: ['read:profile', 'read:organization', 'openid', 'offline_access'],
  is_active: true,
  token_endpoint_auth_method: 'client_secret_basic',
  backchannel_logout_uri: 'https://sister.example/backchannel-logout',
  has_api_key: true,
  has_webhook_secret: true,
  jwks: null,
  jwks_uri: null,
  require_pushed_authorization_requests: false,
  dpop_bound_access_tokens: false,
  fapi2: false,
  request_object_signing_alg: null,
  created_at: '2026-11-21T12:00:00.000Z',
};
