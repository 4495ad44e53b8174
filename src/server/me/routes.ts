import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** /api/me/* : the signed-in user's own sessions (administration). */
export async function meRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
