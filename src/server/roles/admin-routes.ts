import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { parseInput } from '../http/validate';
import { clientIp, userAgent } from '../http/request-info';
import { requireUser } from '../plugins/session';
import { PLATFORM_ROLES } from '../../shared/roles';
import { getUserRoles, setUserRoles } from './role-service';

const params = z.object({ id: z.uuid() });
const body = z.object({ roles: z.array(z.enum(PLATFORM_ROLES)).max(PLATFORM_ROLES.length) }).strict();

/** GET/PUT /api/admin/users/:id/roles (accounts). Registered inside the admin guard. */
export async function roleAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;

  app.get('/users/:id/roles', async (request) => {
    const { id } = parseInput(params, request.params, 'params');
    return getUserRoles(hub, id);
  });

  app.put('/users/:id/roles', async (request) => {
    const { id } = parseInput(params, request.params, 'params');
    const { roles } = parseInput(body, request.body);
    const auth = await requireUser(request);
    return setUserRoles(
      hub,
      {
        userId: auth.user.id,
        sessionId: auth.session.id,
        roles: auth.roles,
        ipAddress: clientIp(request),
        userAgent: userAgent(request),
      },
      id,
      [...new Set(roles)],
    );
  });
}
