import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../hub';

/** /api/admin/oauth-clients* (OAuth provider). Registered inside the admin guard. */
export async function oauthClientAdminRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
