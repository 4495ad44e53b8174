import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';

/** /api/admin/audit* viewer, export, verify (audit pipeline). Registered inside the admin guard. */
export async function auditAdminRoutes(_app: FastifyInstance, _opts: { hub: Hub }) {}
