import express, { type Router } from 'express';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { HubConnection } from './hub';

/** The scope the tool needs: the person's profile, which a dynamically registered agent may be given. */
export const MCP_SCOPE = 'read:profile';

/** The example platform's data the tool searches: a few open roles. */
const JOBS = [
  { id: 'j-101', title: 'Senior Recruiter', location: 'Lisbon' },
  { id: 'j-102', title: 'Talent Sourcer', location: 'Remote' },
  { id: 'j-103', title: 'Engineering Manager', location: 'Berlin' },
];

/**
 * The platform's MCP server (Streamable HTTP, stateless) behind the hub, as the MCP authorization
 * specification asks: it is an OAuth resource server whose resource is `resource` (the URL the
 * hub knows as a registered client's app_url), it serves RFC 9728 metadata naming the hub, answers
 * `401` with `WWW-Authenticate: Bearer resource_metadata=…`, and accepts only access tokens the hub
 * signed (its JWKS) for this resource (RFC 8707 `aud`) with the tool's scope.
 */
export function createMcpRouter(hub: HubConnection, resource: string): Router {
  const resourceUrl = new URL(resource);
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resourceUrl);
  let keys: { issuer: string; jwks: JWTVerifyGetKey } | undefined;
  const hubKeys = async () => {
    if (!keys) {
      const meta = (await hub.configuration()).serverMetadata();
      keys = { issuer: meta.issuer, jwks: createRemoteJWKSet(new URL(meta.jwks_uri!)) };
    }
    return keys;
  };

  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const { issuer, jwks } = await hubKeys();
      try {
        // RFC 9068: typ at+jwt, iss the hub, aud this resource; exp is checked by jose and the SDK.
        const { payload } = await jwtVerify(token, jwks, { issuer, audience: resource, typ: 'at+jwt' });
        return {
          token,
          clientId: String(payload.client_id ?? ''),
          scopes: String(payload.scope ?? '')
            .split(' ')
            .filter(Boolean),
          expiresAt: payload.exp,
          resource: resourceUrl,
          extra: { sub: payload.sub },
        };
      } catch {
        throw new InvalidTokenError('The access token is not one the hub issued for this server.');
      }
    },
  };

  const router = express.Router();
  const protectedResource: OAuthProtectedResourceMetadata = {
    resource,
    authorization_servers: [], // filled in on first request, from the hub's discovery document
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'Sister App jobs',
  };
  router.get(new URL(metadataUrl).pathname, async (_req, res) => {
    res.json({ ...protectedResource, authorization_servers: [(await hubKeys()).issuer] });
  });

  const auth = requireBearerAuth({
    verifier,
    requiredScopes: [MCP_SCOPE],
    resourceMetadataUrl: metadataUrl,
    expectedResource: resourceUrl,
  });
  router.post(resourceUrl.pathname, auth, express.json({ limit: '64kb' }), async (req, res) => {
    const server = new McpServer({ name: 'sister-app', version: '0.1.0' });
    server.registerTool(
      'search_jobs',
      {
        description: 'Search the open roles of the Sister App by title or location.',
        inputSchema: { query: z.string().max(100) },
      },
      async ({ query }, extra) => {
        const q = query.toLowerCase();
        const found = JOBS.filter((j) => `${j.title} ${j.location}`.toLowerCase().includes(q));
        const who = String(extra.authInfo?.extra?.sub ?? 'unknown');
        return {
          content: [{ type: 'text', text: JSON.stringify({ asked_by: who, jobs: found }) }],
        };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: no server-sent stream to open and no session to end.
  router.get(resourceUrl.pathname, auth, (_req, res) => {
    res.status(405).set('allow', 'POST').end();
  });
  return router;
}
