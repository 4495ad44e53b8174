import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import type { IdentityProvider } from '../db/schema/index';
import { apiErrors, contracts, adminErrors, deletedSchema, emptyBody } from '../http/contract';
import { requireActor } from '../plugins/session';
import { idParamsSchema } from '../../shared/admin-api';
import {
  connectionTestResultSchema,
  createIdentityProviderBodySchema,
  identityProviderListSchema,
  identityProviderResultSchema,
  providerDeletionImpactSchema,
  updateIdentityProviderBodySchema,
} from '../../shared/api/federation';
import {
  changeProvider,
  createProvider,
  getProviderView,
  listProviderViews,
  providerDeletionImpact,
  registrationOf,
  removeProvider,
  toProviderView,
} from './provider-service';
import { assertConnectionWorks, testProviderConnection } from './connection-test';

/** /api/admin/identity-providers*: registered inside the admin guard (ecosystem admins only). */
export async function identityProviderAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/identity-providers',
    { schema: { response: { 200: identityProviderListSchema, ...adminErrors } } },
    async () => ({
      providers: await listProviderViews(hub),
      public_url: hub.config.publicUrl,
    }),
  );

  r.post(
    '/identity-providers',
    {
      schema: {
        body: createIdentityProviderBodySchema,
        response: { 201: identityProviderResultSchema, ...adminErrors, ...apiErrors(400, 409) },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const provider = await createProvider(hub, request.body, actor, (p) =>
        assertConnectionWorks(hub, p, actor.locale),
      );
      return reply.code(201).send({ provider: toProviderView(hub, provider), ...registrationOf(hub, provider) });
    },
  );

  r.get(
    '/identity-providers/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: identityProviderResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => {
      const provider = await getProviderView(hub, request.params.id);
      return { provider, ...registrationOf(hub, provider) };
    },
  );

  r.patch(
    '/identity-providers/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateIdentityProviderBodySchema,
        response: { 200: identityProviderResultSchema, ...adminErrors, ...apiErrors(400, 404, 409) },
      },
    },
    async (request) => {
      const actor = await requireActor(request);
      const check = (p: IdentityProvider) => assertConnectionWorks(hub, p, actor.locale);
      const provider = await changeProvider(hub, request.params.id, request.body, actor, check);
      return { provider: toProviderView(hub, provider), ...registrationOf(hub, provider) };
    },
  );

  // Issue 46: discovery or metadata, keys and a dry authorization request, as a sign-in would find them.
  r.post(
    '/identity-providers/:id/test',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: connectionTestResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => testProviderConnection(hub, request.params.id, await requireActor(request)),
  );

  r.get(
    '/identity-providers/:id/deletion-impact',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: providerDeletionImpactSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => providerDeletionImpact(hub, request.params.id),
  );

  r.delete(
    '/identity-providers/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => {
      await removeProvider(hub, request.params.id, await requireActor(request));
      return { deleted: true as const };
    },
  );
}
