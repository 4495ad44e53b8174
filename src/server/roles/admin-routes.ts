import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** GET/PUT /api/admin/users/:id/roles (accounts). Registered inside the admin guard. */
export async function roleAdminRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
