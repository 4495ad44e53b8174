import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** POST /api/setup/system-admins and /api/setup/cleanup (accounts). */
export async function setupRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
