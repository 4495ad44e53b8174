import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { createSisterApp } from '../../../examples/sister-app/app';
import { systemActor } from '../../../src/server/actor';
import { createClient } from '../../../src/server/oauth/clients/service';
import { oauthClients } from '../../../src/server/db/schema/index';
import { TEST_DATABASES, freePort } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { authorizeWithPkce, exchangeCode, registerClient } from './oauth-helpers';

/** An MCP client's OAuth state, in memory: what a desktop agent keeps in its keychain. */
class AgentProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  constructor(readonly redirect: string) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test Agent',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      software_id: 'mcp-test-agent',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
}

/**
 * Issue 40, done when: the official MCP TypeScript SDK's client, against the example sister app's
 * MCP server, discovers the server's RFC 9728 metadata, then the hub's RFC 8414 metadata,
 * registers itself (RFC 7591), runs the code flow with PKCE and `resource` through the hub's real
 * consent page, and calls the tool; a token for another resource is refused by the MCP server.
 */
describe.each(TEST_DATABASES)('an MCP client through the hub to the sister app [%s]', (kind) => {
  // A real clock: the MCP server checks the tokens' exp against the time it lives in.
  const t = useTestHub(kind, { listen: true, realClock: true, config: { dcr: 'open' } });
  let app: Server;
  let mcpUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    mcpUrl = `${appUrl}/mcp`;
    // The platform registers its MCP endpoint as the API (app_url) it serves.
    const created = await createClient(
      t.hub,
      {
        app_name: 'Sister App',
        app_url: mcpUrl,
        redirect_uris: [`${appUrl}/callback`],
        scopes: ['openid', 'profile', 'email'],
        app_type: 'platform',
      },
      systemActor(),
    );
    const sister = createSisterApp({
      hubUrl: t.baseUrl!,
      clientId: created.client.clientId,
      clientSecret: created.clientSecret!,
      appUrl,
    });
    app = await new Promise<Server>((resolve) => {
      const s = sister.listen(port, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await new Promise((r) => app?.close(r));
  });

  it('discovers, registers, authorizes with PKCE and resource, and calls the tool', async () => {
    const provider = new AgentProvider('http://127.0.0.1:53682/callback');
    const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    await expect(new Client({ name: 'test-agent', version: '1.0.0' }).connect(first)).rejects.toThrow(
      UnauthorizedError,
    );

    // It registered itself at the hub: a dynamic, unreviewed, public client.
    const clientId = provider.info!.client_id;
    const [row] = await t.hub.db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
    expect(row).toMatchObject({
      registration: 'dynamic',
      appType: 'third_party',
      tokenEndpointAuthMethod: 'none',
      softwareId: 'mcp-test-agent',
    });
    const asked = provider.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${t.baseUrl}/oauth/authorize`);
    expect(asked.searchParams.get('resource')).toBe(mcpUrl);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('client_id')).toBe(clientId);

    // The person, signed in at the hub, consents on its real consent page.
    const user = await signedInUser(t.hub);
    const page = await t.client.get(asked.pathname + asked.search, { cookie: user.cookie });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const request = /name="request" value="([^"]*)"/.exec(page.body)![1].replace(/&amp;/g, '&');
    const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)![1];
    const decided = await t.client.post('/oauth/authorize/decision', {
      cookie: user.cookie,
      form: { request, csrf, decision: 'allow' },
    });
    const back = new URL(String(decided.headers.location));
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:53682/callback');
    await first.finishAuth(back.searchParams.get('code')!);
    expect(provider.saved?.access_token).toBeTruthy();

    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['search_jobs']);
    const result = await client.callTool({ name: 'search_jobs', arguments: { query: 'remote' } });
    const text = (result.content as { type: string; text: string }[])[0].text;
    expect(JSON.parse(text)).toEqual({
      asked_by: user.user.id,
      jobs: [{ id: 'j-102', title: 'Talent Sourcer', location: 'Remote' }],
    });
    await client.close();
  });

  it('refuses a token the hub issued for another resource, pointing at its resource metadata', async () => {
    const other = await registerClient(t, { redirect_uris: ['https://other.example.test/cb'] });
    const user = await signedInUser(t.hub);
    const { code, verifier } = await authorizeWithPkce(t, other, user.cookie, { scope: 'openid read:profile' });
    const token = (await exchangeCode(t, other, code, verifier)).json().access_token as string;
    expect(token).toBeTruthy();
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(
      'resource_metadata="' + mcpUrl.replace('/mcp', '/.well-known/oauth-protected-resource/mcp') + '"',
    );
    const prm = await (await fetch(mcpUrl.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'))).json();
    expect(prm).toMatchObject({ resource: mcpUrl, authorization_servers: [t.baseUrl] });
  });
});
