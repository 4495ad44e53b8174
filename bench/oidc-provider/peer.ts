/**
 * The benchmark's peer: panva's oidc-provider with the same client as the hub (client_secret_basic,
 * client_credentials, introspection), ES256 signing, either its in-memory adapter or the small
 * PostgreSQL adapter next to this file. Started as its own process by bench/oauth.ts.
 *   PORT, PEER_ADAPTER=memory|postgres, PEER_DATABASE_URL, CLIENT_ID, CLIENT_SECRET, PEER_JWK (private ES256 JWK, JSON)
 */
import pg from 'pg';
import Provider from 'oidc-provider';
import { PEER_SCHEMA, createPgAdapter } from './pg-adapter';

const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
let adapter: unknown;
if (process.env.PEER_ADAPTER === 'postgres') {
  const pool = new pg.Pool({ connectionString: process.env.PEER_DATABASE_URL, max: 20 });
  await pool.query(PEER_SCHEMA);
  adapter = createPgAdapter(pool);
}

const provider = new Provider(issuer, {
  ...(adapter ? { adapter: adapter as never } : {}),
  clients: [
    {
      client_id: process.env.CLIENT_ID!,
      client_secret: process.env.CLIENT_SECRET!,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: 'read:profile read:organization',
      id_token_signed_response_alg: 'ES256',
    },
  ],
  scopes: ['read:profile', 'read:organization'],
  jwks: { keys: [JSON.parse(process.env.PEER_JWK!)] },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    revocation: { enabled: true },
    // Like the hub, client_credentials tokens for a resource are RFC 9068 JWTs signed ES256.
    // Without a resource they are opaque references: the only kind oidc-provider can introspect.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => false,
      getResourceServerInfo: () => ({
        scope: 'read:profile read:organization',
        accessTokenFormat: 'jwt',
        accessTokenTTL: 900,
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
  ttl: { ClientCredentials: 900, AccessToken: 900 },
  routes: {
    token: '/oauth/token',
    introspection: '/oauth/introspect',
    revocation: '/oauth/revoke',
    jwks: '/oauth/jwks',
  },
});
provider.proxy = false;
// Same surface as the hub: /oauth/token and /oauth/introspect.
provider.listen(port, '127.0.0.1');
console.log(`peer listening on ${issuer} (${process.env.PEER_ADAPTER ?? 'memory'})`);
