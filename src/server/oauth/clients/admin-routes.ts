import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../hub';
import { setClientDisplay } from './display';
import { apiErrors, contracts, emptyBody, adminErrors } from '../../http/contract';
import { requireActor } from '../../plugins/session';
import { idParamsSchema } from '../../../shared/admin-api';
import {
  clientPatchBodySchema,
  clientCreatedSchema,
  clientDeactivationImpactSchema,
  clientListSchema,
  clientResultSchema,
  clientSecretRotatedSchema,
  clientSecretSchema,
  clientSecurityProfileSchema,
  createClientInputSchema,
  DEFAULT_SECRET_GRACE_HOURS,
  rotateClientSecretBodySchema,
} from '../../../shared/api/oauth-clients';
import {
  clientDeactivationImpact,
  createClient,
  listClientViews,
  revealClientSecret,
  rotateClientSecret,
  setClientActive,
  setClientGrants,
  setClientSecurityProfile,
  toClientView,
} from './service';
import { clientGrantsBodySchema, pendingDeviceListSchema } from '../../../shared/api/device';
import { pendingDeviceAuthorizations } from '../device/service';

/** /api/admin/oauth-clients* (OAuth provider). Registered inside the admin guard (ecosystem admins only). */
export async function oauthClientAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/oauth-clients', { schema: { response: { 200: clientListSchema, ...adminErrors } } }, async () => ({
    clients: await listClientViews(hub),
  }));

  r.post(
    '/oauth-clients',
    { schema: { body: createClientInputSchema, response: { 201: clientCreatedSchema, ...adminErrors } } },
    async (request, reply) => {
      const { client, clientSecret } = await createClient(hub, request.body, await requireActor(request));
      return reply.code(201).send({ client: toClientView(hub, client), client_secret: clientSecret });
    },
  );

  r.get(
    '/oauth-clients/:id/deactivation-impact',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: clientDeactivationImpactSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => clientDeactivationImpact(hub, request.params.id),
  );

  r.patch(
    '/oauth-clients/:id',
    {
      schema: {
        params: idParamsSchema,
        body: clientPatchBodySchema,
        response: { 200: clientResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      const { is_active: isActive, ...display } = request.body;
      let client = isActive === undefined ? undefined : await setClientActive(hub, request.params.id, isActive, actor);
      if (Object.values(display).some((v) => v !== undefined))
        client = await setClientDisplay(hub, request.params.id, display, actor);
      return { client: toClientView(hub, client!) };
    },
  );

  // FAPI 2.0 building blocks (issue 31): keys, PAR, DPoP, the profile flag, the request object alg.
  r.put(
    '/oauth-clients/:id/security-profile',
    {
      schema: {
        params: idParamsSchema,
        body: clientSecurityProfileSchema,
        response: { 200: clientResultSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      const client = await setClientSecurityProfile(hub, request.params.id, request.body, actor);
      return { client: toClientView(hub, client) };
    },
  );

  // Issue 42: the device authorization grant and the token-exchange audiences.
  r.put(
    '/oauth-clients/:id/grants',
    {
      schema: {
        params: idParamsSchema,
        body: clientGrantsBodySchema,
        response: { 200: clientResultSchema, ...adminErrors, ...apiErrors(400, 404) },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      const client = await setClientGrants(hub, request.params.id, request.body, actor);
      return { client: toClientView(hub, client) };
    },
  );

  r.get(
    '/device-authorizations',
    { schema: { response: { 200: pendingDeviceListSchema, ...adminErrors } } },
    async () => ({ device_authorizations: await pendingDeviceAuthorizations(hub) }),
  );

  r.post(
    '/oauth-clients/:id/secret',
    {
      config: { stepUp: true },
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: clientSecretSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { client_secret: await revealClientSecret(hub, request.params.id, await requireActor(request)) };
    },
  );

  r.post(
    '/oauth-clients/:id/rotate-secret',
    {
      config: { stepUp: true },
      schema: {
        params: idParamsSchema,
        body: rotateClientSecretBodySchema,
        response: { 200: clientSecretRotatedSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const grace = request.body.grace_hours ?? DEFAULT_SECRET_GRACE_HOURS;
      const { client, clientSecret } = await rotateClientSecret(
        hub,
        request.params.id,
        grace,
        await requireActor(request),
      );
      return { client: toClientView(hub, client), client_secret: clientSecret };
    },
  );
}
