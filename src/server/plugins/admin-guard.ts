import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HubError } from '../errors';
import type { Hub } from '../hub';
import type { BrowserAuth } from '../auth/sessions';
import { clientIp, userAgent } from '../http/request-info';

/**
 * Guards a route scope: only an effective ecosystem admin (platform_admin or super_admin)
 * gets through. Refusals are answered 401/403 and audited as unauthorized_access /
 * permission_denied. The SPA's route guard is a convenience; this is the control.
 */
export function guardEcosystemAdmin(app: FastifyInstance, hub: Hub) {
  app.addHook('preHandler', async (request) => {
    await requireEcosystemAdmin(hub, request);
  });
}

export async function requireEcosystemAdmin(hub: Hub, request: FastifyRequest): Promise<BrowserAuth> {
  const auth = await request.getAuth();
  const where = { method: request.method, path: request.url.split('?')[0] };
  if (!auth) {
    await hub.audit.record({
      eventType: 'unauthorized_access',
      severity: 'medium',
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: where,
    });
    throw new HubError('unauthenticated');
  }
  if (!auth.isEcosystemAdmin) {
    await hub.audit.record({
      eventType: 'permission_denied',
      severity: 'high',
      userId: auth.user.id,
      sessionId: auth.session.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
      details: where,
    });
    throw new HubError('forbidden', 'You need ecosystem administrator privileges to access this page.');
  }
  return auth;
}
