import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { clientIp, userAgent } from '../http/request-info';
import { AUDIT_BATCH_MAX_BYTES } from '../../shared/audit-queue';
import { decodeBatchBody, enforceIngestRateLimit, parseBatch, storeClientEvents } from './ingest';

/**
 * POST /api/audit/events: events reported by the browser queues (spec §9). Signed-in users
 * and the anonymous app-startup event; JSON, or text/plain JSON from navigator.sendBeacon
 * (Fastify's built-in text/plain parser hands us a string). CSRF: the SPA's header, or the
 * hub's own Origin, which a beacon carries.
 */
export async function auditRoutes(app: FastifyInstance, { hub }: { hub: Hub }) {
  app.post('/events', { bodyLimit: AUDIT_BATCH_MAX_BYTES }, async (request, reply) => {
    const auth = await request.getAuth();
    const ctx = { userId: auth?.user.id ?? null, ipAddress: clientIp(request), userAgent: userAgent(request) };
    await enforceIngestRateLimit(hub, ctx);
    const batch = parseBatch(decodeBatchBody(request.body));
    const accepted = await storeClientEvents(hub, ctx, batch);
    return reply.code(202).send({ accepted });
  });
}
