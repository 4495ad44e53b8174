import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import type { OrgAccess } from '../orgs/permissions';
import { deletedSchema, orgIdParamsSchema } from '../../shared/api/orgs';
import {
  createScimTokenBodySchema,
  scimOverviewSchema,
  scimTokenCreatedSchema,
  scimTokenParamsSchema,
} from '../../shared/api/scim';
import { createScimToken, revokeScimTokenOf, scimOverview } from './token-service';

const signedIn = { auth: 'user' as const };
const guarded = apiErrors(401, 403, 404);

/**
 * An organization's SCIM tokens and provisioning log: /api/orgs/:id/scim… for its owners and
 * /api/admin/orgs/:id/scim… for ecosystem admins (registered beside the other organization routes).
 */
export async function scimTokenRoutes(app: FastifyInstance, opts: { hub: Hub; access: OrgAccess }) {
  const { hub, access } = opts;
  const r = contracts(app);

  r.get(
    '/:id/scim',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: scimOverviewSchema, ...guarded } } },
    async (request) => scimOverview(hub, await requireActor(request), request.params.id, access),
  );

  r.post(
    '/:id/scim-tokens',
    {
      config: signedIn,
      schema: {
        params: orgIdParamsSchema,
        body: createScimTokenBodySchema,
        response: { 201: scimTokenCreatedSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const created = await createScimToken(
        hub,
        await requireActor(request),
        request.params.id,
        access,
        request.body.name,
      );
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  r.delete(
    '/:id/scim-tokens/:token_id',
    { config: signedIn, schema: { params: scimTokenParamsSchema, response: { 200: deletedSchema, ...guarded } } },
    async (request) => {
      await revokeScimTokenOf(hub, await requireActor(request), request.params.id, access, request.params.token_id);
      return { deleted: true as const };
    },
  );
}
