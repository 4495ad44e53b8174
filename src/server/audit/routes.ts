import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** POST /api/audit/events (audit pipeline). */
export async function auditRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
