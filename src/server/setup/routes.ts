import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import {
  cleanupResultSchema,
  setupKeyBodySchema,
  systemAdminsBodySchema,
  systemAdminsResultSchema,
} from '../../shared/api/setup';
import { DEFAULT_SYSTEM_ADMIN_EMAILS, cleanupAllUsers, createSystemAdmins, requireSetupKey } from './setup-service';

/** POST /api/setup/system-admins and /api/setup/cleanup (accounts). */
export async function setupRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.post(
    '/system-admins',
    { schema: { body: systemAdminsBodySchema, response: { 200: systemAdminsResultSchema, ...apiErrors(403, 429) } } },
    async (request, reply) => {
      const actor = await request.actor();
      await requireSetupKey(hub, actor, request.body.confirmation_key, 'create_system_admins');
      reply.header('cache-control', 'no-store');
      return createSystemAdmins(hub, request.body.emails ?? DEFAULT_SYSTEM_ADMIN_EMAILS, actor.audit);
    },
  );

  r.post(
    '/cleanup',
    { schema: { body: setupKeyBodySchema, response: { 200: cleanupResultSchema, ...apiErrors(403, 429) } } },
    async (request) => {
      const actor = await request.actor();
      await requireSetupKey(hub, actor, request.body.confirmation_key, 'cleanup_all_users');
      return cleanupAllUsers(hub, actor.audit);
    },
  );
}
