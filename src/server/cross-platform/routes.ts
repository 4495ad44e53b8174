import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** /api/cross-platform/sessions, /api/apps/:client_id/token, /api/sessions/validate, DELETE /api/apps/:client_id/sessions. */
export async function crossPlatformRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
