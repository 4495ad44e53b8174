import * as oidc from 'openid-client';
import type { SisterAppConfig } from './config';
import { createLogoutTokenVerifier, type LogoutTokenVerifier } from './logout-token';

export interface HubConnection {
  /** openid-client's view of the hub (its discovery document) and of this client. */
  configuration(): Promise<oidc.Configuration>;
  logoutTokens(): Promise<LogoutTokenVerifier>;
}

/**
 * Discovers the hub on first use rather than at start-up, so the app can start before the hub;
 * a failed discovery is tried again on the next request.
 */
export function connectToHub(config: SisterAppConfig): HubConnection {
  let connected: Promise<{ configuration: oidc.Configuration; logoutTokens: LogoutTokenVerifier }> | undefined;
  const connect = () => {
    connected ??= discover(config).catch((e: unknown) => {
      connected = undefined;
      throw e;
    });
    return connected;
  };
  return {
    configuration: async () => (await connect()).configuration,
    logoutTokens: async () => (await connect()).logoutTokens,
  };
}

async function discover(config: SisterAppConfig) {
  const configuration = await oidc.discovery(
    new URL(config.hubUrl),
    config.clientId,
    config.clientSecret,
    oidc.ClientSecretBasic(config.clientSecret),
    // openid-client speaks only https unless told otherwise: allow plain http for a local hub.
    { execute: config.hubUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : [] },
  );
  const meta = configuration.serverMetadata();
  if (!meta.jwks_uri) throw new Error('the hub announces no jwks_uri');
  const logoutTokens = createLogoutTokenVerifier({
    issuer: meta.issuer,
    jwksUri: meta.jwks_uri,
    clientId: config.clientId,
    algorithms: meta.id_token_signing_alg_values_supported,
  });
  return { configuration, logoutTokens };
}
