import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { errorBody } from '../errors';
import { contracts } from '../http/contract';
import { apiErrorSchema } from '../../shared/api/errors';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
const unhealthySchema = apiErrorSchema.extend({ status: z.literal('error'), db: z.literal('unreachable') });

export async function healthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  contracts(app).get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: unhealthySchema } } },
    async (_request, reply) => {
      try {
        await opts.hub.database.ping(2000);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch {
        return reply.code(503).send({
          status: 'error' as const,
          db: 'unreachable' as const,
          ...errorBody('database_unavailable', 'The database is unavailable.'),
        });
      }
    },
  );
}
