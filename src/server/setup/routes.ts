import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { Refusal } from '../errors';
import type { Actor } from '../actor';
import { apiErrors, contracts } from '../http/contract';
import {
  cleanupResultSchema,
  setupKeyBodySchema,
  systemAdminsBodySchema,
  systemAdminsResultSchema,
} from '../../shared/api/setup';
import { verifySetupKey } from './setup-key';
import { DEFAULT_SYSTEM_ADMIN_EMAILS, cleanupAllUsers, createSystemAdmins } from './setup-service';

/** POST /api/setup/system-admins and /api/setup/cleanup (accounts). */
export async function setupRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  /** Wrong or missing key: 403, audited by the error hook, nothing changed. */
  async function requireSetupKey(actor: Actor, key: string | undefined, operation: string) {
    if (await verifySetupKey(hub, key)) return;
    throw new Refusal('invalid_setup_key', {
      audit: { type: 'setup_key_invalid', ...actor.audit, details: { operation } },
    });
  }

  r.post(
    '/system-admins',
    { schema: { body: systemAdminsBodySchema, response: { 200: systemAdminsResultSchema, ...apiErrors(403) } } },
    async (request, reply) => {
      const actor = await request.actor();
      await requireSetupKey(actor, request.body.confirmation_key, 'create_system_admins');
      reply.header('cache-control', 'no-store');
      return createSystemAdmins(hub, request.body.emails ?? DEFAULT_SYSTEM_ADMIN_EMAILS, actor.audit);
    },
  );

  r.post(
    '/cleanup',
    { schema: { body: setupKeyBodySchema, response: { 200: cleanupResultSchema, ...apiErrors(403) } } },
    async (request) => {
      const actor = await request.actor();
      await requireSetupKey(actor, request.body.confirmation_key, 'cleanup_all_users');
      return cleanupAllUsers(hub, actor.audit);
    },
  );
}
