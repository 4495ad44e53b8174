import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { requireActor } from '../plugins/session';
import { apiErrors, contracts } from '../http/contract';
import { deletionRequestBodySchema, deletionStatusSchema, personalDataExportSchema } from '../../shared/api/privacy';
import { cancelDeletion, getMyDeletion, requestMyDeletion } from '../account/erasure';
import { exportMyData } from '../account/personal-export';

/** /api/me/export and /api/me/deletion: the person's copy of their data, and erasure (issue 41). */
export async function mePrivacyRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/export',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Everything the hub holds about the signed-in person (step-up required)',
        response: { 200: personalDataExportSchema, ...apiErrors(401, 403) },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(hub, await requireActor(request));
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="ecosystem-hub-personal-data.json"');
      return data;
    },
  );

  r.get(
    '/deletion',
    { config: { auth: 'user' }, schema: { response: { 200: deletionStatusSchema, ...apiErrors(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMyDeletion(hub, await requireActor(request));
    },
  );

  r.post(
    '/deletion',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Schedule the erasure of the signed-in account (step-up and the email typed as confirmation)',
        body: deletionRequestBodySchema,
        response: { 202: deletionStatusSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const status = await requestMyDeletion(hub, await requireActor(request), request.body.confirmation);
      return reply.code(202).send(status);
    },
  );

  r.delete(
    '/deletion',
    { config: { auth: 'user' }, schema: { response: { 200: deletionStatusSchema, ...apiErrors(401) } } },
    async (request) => {
      const actor = await requireActor(request);
      return cancelDeletion(hub, actor.audit, actor.userId, 'self');
    },
  );
}
