import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { errorBody } from '../errors';

export async function healthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  app.get('/health', async (_request, reply) => {
    try {
      await opts.hub.database.ping(2000);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.code(503).send({
        status: 'error',
        db: 'unreachable',
        ...errorBody('database_unavailable', 'The database is unavailable.'),
      });
    }
  });
}
