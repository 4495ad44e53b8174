import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { AUDIT_BATCH_MAX_BYTES } from '../../shared/audit-queue';
import { clientEventBatchSchema, ingestResultSchema } from '../../shared/api/audit';
import { assertAnonymousBatchAllowed, decodeBatchBody, enforceIngestRateLimit, storeClientEvents } from './ingest';

/**
 * POST /api/audit/events: events reported by the browser queues (spec §9). Signed-in users
 * any event; signed-out pages only the page-load events (ingest.ts, else 401); JSON, or text/plain JSON from navigator.sendBeacon
 * (Fastify's built-in text/plain parser hands us a string, decoded before validation). CSRF:
 * the SPA's header, or the hub's own Origin, which a beacon carries.
 */
export async function auditRoutes(app: FastifyInstance, { hub }: { hub: Hub }) {
  contracts(app).post(
    '/events',
    {
      bodyLimit: AUDIT_BATCH_MAX_BYTES,
      preValidation: async (request) => {
        request.body = decodeBatchBody(request.body) as typeof request.body;
        const actor = await request.actor();
        await enforceIngestRateLimit(hub, actor);
      },
      schema: { body: clientEventBatchSchema, response: { 202: ingestResultSchema, ...apiErrors(401, 429) } },
    },
    async (request, reply) => {
      const actor = await request.actor();
      if (!actor.userId) assertAnonymousBatchAllowed(request.body);
      const accepted = await storeClientEvents(hub, actor, request.body);
      return reply.code(202).send({ accepted });
    },
  );
}
