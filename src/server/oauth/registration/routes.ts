import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../../hub';
import {
  adminErrors,
  apiErrors,
  contracts,
  deletedSchema,
  emptyBody,
  noContent,
  oauthErrors,
} from '../../http/contract';
import { requireActor } from '../../plugins/session';
import { idParamsSchema } from '../../../shared/admin-api';
import {
  clientInformationSchema,
  dcrPolicySchema,
  dcrPolicyViewSchema,
  dynamicClientListSchema,
  initialAccessTokenCreatedSchema,
  initialAccessTokenInputSchema,
  initialAccessTokenListSchema,
} from '../../../shared/api/dcr';
import { discoverySchema } from '../contracts';
import { loadDcrPolicy, saveDcrPolicy } from './policy';
import { authorizationServerMetadata, AS_METADATA_PATH } from './metadata';
import {
  adminDeleteDynamicClient,
  approveDynamicClient,
  createInitialAccessToken,
  deleteRegisteredClient,
  listDynamicClientViews,
  listInitialAccessTokenViews,
  readRegisteredClient,
  registerDynamicClient,
  updateRegisteredClient,
} from './service';

/** Every route here answers errors in RFC 6749 §5.2 shape (plugins/errors.ts). */
const oauth = { oauth: true } as const;
/** RFC 7591 §3.1: a JSON object; its fields are checked one by one in the service (RFC error codes). */
const metadataBody = z.looseObject({}).describe('RFC 7591 §2 client metadata (JSON)');
const clientIdParams = z.object({ client_id: z.string().min(1).max(200) });
const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * RFC 8414 authorization-server metadata and RFC 7591 / 7592 dynamic client registration
 * (issue 40). HTTP only: the work is in service.ts.
 */
export async function registrationRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  // RFC 8414 §3: the plain path, and the path-suffixed form for an issuer with a path (§3.1).
  const metadataRoute = { config: oauth, schema: { response: { 200: discoverySchema, ...oauthErrors(404) } } };
  r.get(AS_METADATA_PATH, metadataRoute, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return authorizationServerMetadata(hub, (await loadDcrPolicy(hub)).policy);
  });
  r.get(`${AS_METADATA_PATH}/*`, metadataRoute, async (request, reply) => {
    const issuerPath = new URL(hub.config.publicUrl).pathname.replace(/\/$/, '');
    if (!issuerPath || request.url.split('?')[0] !== `${AS_METADATA_PATH}${issuerPath}`)
      return reply.code(404).send({ error: 'invalid_request', error_description: 'No authorization server here.' });
    reply.header('cache-control', 'public, max-age=60');
    return authorizationServerMetadata(hub, (await loadDcrPolicy(hub)).policy);
  });

  r.post(
    '/oauth/register',
    {
      config: oauth,
      schema: { body: metadataBody, response: { 201: clientInformationSchema, ...oauthErrors(400, 401, 403, 429) } },
    },
    async (request, reply) => {
      const info = await registerDynamicClient(hub, request.body, request.headers.authorization, await request.actor());
      return reply.code(201).headers(noStore).send(info);
    },
  );
  r.get(
    '/oauth/register/:client_id',
    {
      config: oauth,
      schema: { params: clientIdParams, response: { 200: clientInformationSchema, ...oauthErrors(401) } },
    },
    async (request, reply) => {
      const { client_id } = request.params;
      reply.headers(noStore);
      return readRegisteredClient(hub, client_id, request.headers.authorization, await request.actor());
    },
  );
  r.put(
    '/oauth/register/:client_id',
    {
      config: oauth,
      schema: {
        params: clientIdParams,
        body: metadataBody,
        response: { 200: clientInformationSchema, ...oauthErrors(400, 401) },
      },
    },
    async (request, reply) => {
      const { client_id } = request.params;
      reply.headers(noStore);
      const actor = await request.actor();
      return updateRegisteredClient(hub, client_id, request.headers.authorization, request.body, actor);
    },
  );
  r.delete(
    '/oauth/register/:client_id',
    { config: oauth, schema: { params: clientIdParams, response: { 204: noContent, ...oauthErrors(401) } } },
    async (request, reply) => {
      await deleteRegisteredClient(hub, request.params.client_id, request.headers.authorization, await request.actor());
      return reply.code(204).send(null);
    },
  );
}

/** /api/admin/oauth-clients/{dcr-policy,initial-access-tokens,dynamic…}: inside the admin guard (ecosystem admins only). */
export async function registrationAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/oauth-clients/dcr-policy', { schema: { response: { 200: dcrPolicyViewSchema, ...adminErrors } } }, async () =>
    loadDcrPolicy(hub),
  );
  r.put(
    '/oauth-clients/dcr-policy',
    { schema: { body: dcrPolicySchema, response: { 200: dcrPolicyViewSchema, ...adminErrors } } },
    async (request) => ({
      policy: await saveDcrPolicy(hub, request.body, await requireActor(request)),
      source: 'admin' as const,
    }),
  );

  r.get(
    '/oauth-clients/initial-access-tokens',
    { schema: { response: { 200: initialAccessTokenListSchema, ...adminErrors } } },
    async () => ({ tokens: await listInitialAccessTokenViews(hub) }),
  );
  r.post(
    '/oauth-clients/initial-access-tokens',
    {
      config: { stepUp: true },
      schema: {
        body: initialAccessTokenInputSchema,
        response: { 201: initialAccessTokenCreatedSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const created = await createInitialAccessToken(hub, request.body, await requireActor(request));
      return reply.code(201).headers(noStore).send(created);
    },
  );

  r.get(
    '/oauth-clients/dynamic',
    { schema: { response: { 200: dynamicClientListSchema, ...adminErrors } } },
    async () => ({
      clients: await listDynamicClientViews(hub),
    }),
  );
  r.post(
    '/oauth-clients/dynamic/:id/approve',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 204: noContent, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      await approveDynamicClient(hub, request.params.id, await requireActor(request));
      return reply.code(204).send(null);
    },
  );
  r.delete(
    '/oauth-clients/dynamic/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => {
      await adminDeleteDynamicClient(hub, request.params.id, await requireActor(request));
      return { deleted: true as const };
    },
  );
}
