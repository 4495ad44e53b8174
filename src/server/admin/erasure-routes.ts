import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { requireActor } from '../plugins/session';
import { adminErrors, apiErrors, contracts, emptyBody } from '../http/contract';
import { idParamsSchema } from '../../shared/admin-api';
import { deletionStatusSchema } from '../../shared/api/privacy';
import { adminApproveDeletion, adminCancelDeletion, adminScheduleDeletion } from './erasure-admin';

/** /api/admin/users/:id/deletion (issue 41), inside the admin guard: an administrator erases an account. */
export async function erasureAdminRoutes(app: FastifyInstance, { hub }: { hub: Hub }) {
  const r = contracts(app);
  r.post(
    '/users/:id/deletion',
    {
      schema: {
        summary: "Schedule an account's erasure (an administrator's needs a second administrator's approval)",
        params: idParamsSchema,
        body: emptyBody,
        response: { 202: deletionStatusSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await adminScheduleDeletion(hub, await requireActor(request), request.params.id)),
  );
  r.post(
    '/users/:id/deletion/approve',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: deletionStatusSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => adminApproveDeletion(hub, await requireActor(request), request.params.id),
  );
  r.delete(
    '/users/:id/deletion',
    { schema: { params: idParamsSchema, response: { 200: deletionStatusSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => adminCancelDeletion(hub, await requireActor(request), request.params.id),
  );
}
