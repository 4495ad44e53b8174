import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { HubError } from '../errors';
import { parseInput } from '../http/validate';
import { clientIp, userAgent } from '../http/request-info';
import { verifySetupKey } from './setup-key';
import { DEFAULT_SYSTEM_ADMIN_EMAILS, cleanupAllUsers, createSystemAdmins } from './setup-service';

const keyOnly = z.object({ confirmation_key: z.string().max(200).optional() }).strict();
const adminsBody = z
  .object({
    confirmation_key: z.string().max(200).optional(),
    emails: z.array(z.string().trim().toLowerCase().max(254).pipe(z.email())).min(1).max(10).optional(),
  })
  .strict();

/** POST /api/setup/system-admins and /api/setup/cleanup (accounts). */
export async function setupRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const who = (request: FastifyRequest) => ({ ipAddress: clientIp(request), userAgent: userAgent(request) });

  /** Wrong or missing key: 403, audited, nothing changed. */
  async function requireSetupKey(request: FastifyRequest, key: string | undefined, operation: string) {
    if (await verifySetupKey(hub, key)) return;
    await hub.audit.record({
      eventType: 'setup_key_invalid',
      severity: 'high',
      ...who(request),
      details: { operation },
    });
    throw new HubError('invalid_setup_key');
  }

  app.post('/system-admins', async (request, reply) => {
    const body = parseInput(adminsBody, request.body);
    await requireSetupKey(request, body.confirmation_key, 'create_system_admins');
    reply.header('cache-control', 'no-store');
    return createSystemAdmins(hub, body.emails ?? DEFAULT_SYSTEM_ADMIN_EMAILS, who(request));
  });

  app.post('/cleanup', async (request) => {
    const body = parseInput(keyOnly, request.body);
    await requireSetupKey(request, body.confirmation_key, 'cleanup_all_users');
    return cleanupAllUsers(hub, who(request));
  });
}
