/**
 * The benchmark's peer: panva's oidc-provider with the same client as the hub (client_secret_basic,
 * client_credentials, introspection, DPoP with ES256 or PS256 proofs), ES256 signing, either its in-memory adapter or the small
 * PostgreSQL adapter next to this file. Started as its own process by bench/oauth.ts.
 *   PORT, PEER_ADAPTER=memory|postgres, PEER_DATABASE_URL, CLIENT_ID, CLIENT_SECRET, PEER_JWK (private ES256 JWK, JSON)
 * For bench:flow also FLOW_CLIENT_ID, FLOW_CLIENT_SECRET, FLOW_REDIRECT_URI: a confidential client of the
 * code flow (PKCE S256, refresh tokens like the hub's). Accounts are in memory; an agent signs in once
 * at GET /interaction/<uid>?account=<id> (login and consent to openid profile email in one step), after
 * which its authorize requests are silent.
 */
import http from 'node:http';
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
    ...(process.env.FLOW_CLIENT_ID
      ? [
          {
            client_id: process.env.FLOW_CLIENT_ID,
            client_secret: process.env.FLOW_CLIENT_SECRET!,
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            redirect_uris: [process.env.FLOW_REDIRECT_URI!],
            token_endpoint_auth_method: 'client_secret_basic',
            id_token_signed_response_alg: 'ES256',
          },
        ]
      : []),
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
  scopes: ['openid', 'profile', 'email', 'offline_access', 'read:profile', 'read:organization'],
  claims: { openid: ['sub'], profile: ['name', 'updated_at'], email: ['email', 'email_verified'] },
  findAccount: (_ctx: unknown, id: string) => ({
    accountId: id,
    claims: () => ({ sub: id, name: `Agent ${id}`, email: `${id}@bench.example.test`, email_verified: true }),
  }),
  interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  // Like the hub: a code exchange returns a refresh token whenever the client may refresh.
  issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(t: string): boolean }) =>
    client.grantTypeAllowed('refresh_token'),
  pkce: { required: () => true },
  cookies: { keys: ['bench-peer-cookie-key'] },
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
  // DPoP (RFC 9449) is on by default in oidc-provider 9; PS256 proofs are accepted as the hub accepts them
  // (issue 44: the hub's DPoP grants measured against the peer's, on the same kind of proofs).
  enabledJWA: { dPoPSigningAlgValues: ['ES256', 'PS256'] },
  ttl: { ClientCredentials: 900, AccessToken: 900 },
  routes: {
    authorization: '/oauth/authorize',
    token: '/oauth/token',
    introspection: '/oauth/introspect',
    revocation: '/oauth/revoke',
    jwks: '/oauth/jwks',
  },
});
provider.proxy = false;

interface PeerGrant {
  save(): Promise<string>;
  addOIDCScope(scope: string): void;
}
const callback = provider.callback() as http.RequestListener;
/** The benchmark's sign-in: login and consent at once, for the account named in the query. */
async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
  const details = (await provider.interactionDetails(req, res)) as { params: { client_id: string; scope: string } };
  const accountId = new URL(req.url!, issuer).searchParams.get('account') ?? 'agent';
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id }) as PeerGrant;
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
}
// Same surface as the hub: /oauth/authorize, /oauth/token, /oauth/introspect.
http
  .createServer((req, res) => {
    if (req.url?.startsWith('/interaction/'))
      interaction(req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
    else void callback(req, res);
  })
  .listen(port, '127.0.0.1');
console.log(`peer listening on ${issuer} (${process.env.PEER_ADAPTER ?? 'memory'})`);
