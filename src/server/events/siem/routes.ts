import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../hub';
import { apiErrors, contracts, adminErrors, deletedSchema, emptyBody } from '../../http/contract';
import { requireActor } from '../../plugins/session';
import { idParamsSchema } from '../../../shared/admin-api';
import {
  auditSinkListSchema,
  auditSinkResultSchema,
  auditSinkWithKeySchema,
  createAuditSinkBodySchema,
  updateAuditSinkBodySchema,
} from '../../../shared/api/siem';
import { changeSink, createSink, getSinkView, listSinkViews, removeSink, rotateSinkCheckpointKey } from './service';

/** /api/admin/audit-sinks*: registered inside the admin guard (ecosystem admins only). */
export async function auditSinkAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/audit-sinks', { schema: { response: { 200: auditSinkListSchema, ...adminErrors } } }, async () => ({
    sinks: await listSinkViews(hub),
  }));

  r.post(
    '/audit-sinks',
    {
      // The answer holds the checkpoint key: a recent full authentication, as for a webhook's secret.
      config: { stepUp: true },
      schema: { body: createAuditSinkBodySchema, response: { 201: auditSinkWithKeySchema, ...adminErrors } },
    },
    async (request, reply) => reply.code(201).send(await createSink(hub, request.body, await requireActor(request))),
  );

  r.get(
    '/audit-sinks/:id',
    { schema: { params: idParamsSchema, response: { 200: auditSinkResultSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => ({ sink: await getSinkView(hub, request.params.id) }),
  );

  r.patch(
    '/audit-sinks/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateAuditSinkBodySchema,
        response: { 200: auditSinkResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => ({ sink: await changeSink(hub, request.params.id, request.body, await requireActor(request)) }),
  );

  r.post(
    '/audit-sinks/:id/rotate-checkpoint-key',
    {
      // The answer holds the new checkpoint key: a recent full authentication, as at creation.
      config: { stepUp: true },
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: auditSinkWithKeySchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => rotateSinkCheckpointKey(hub, request.params.id, await requireActor(request)),
  );

  r.delete(
    '/audit-sinks/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => {
      await removeSink(hub, request.params.id, await requireActor(request));
      return { deleted: true as const };
    },
  );
}
