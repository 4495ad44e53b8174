import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** /api/admin/* dashboard routes (administration). Registered inside the admin guard. */
export async function adminRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
