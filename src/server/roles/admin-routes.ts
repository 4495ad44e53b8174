import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import { idParamsSchema } from '../../shared/admin-api';
import { PLATFORM_ROLES } from '../../shared/roles';
import { getUserRoles, setUserRoles } from './role-service';

const rolesBody = z.object({ roles: z.array(z.enum(PLATFORM_ROLES)).max(PLATFORM_ROLES.length) }).strict();
const assignmentSchema = z.object({
  id: z.string(),
  role: z.string(),
  is_active: z.boolean(),
  granted_by: z.string().nullable(),
  granted_at: z.string(),
  expires_at: z.string().nullable(),
});
const rolesSchema = z.object({ roles: z.array(assignmentSchema) });
const guarded = apiErrors(401, 403, 404);

/** GET/PUT /api/admin/users/:id/roles (accounts). Registered inside the admin guard. */
export async function roleAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/users/:id/roles',
    { schema: { params: idParamsSchema, response: { 200: rolesSchema, ...guarded } } },
    async (request) => getUserRoles(hub, request.params.id),
  );

  r.put(
    '/users/:id/roles',
    {
      schema: {
        params: idParamsSchema,
        body: rolesBody,
        response: { 200: rolesSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request) =>
      setUserRoles(hub, await requireActor(request), request.params.id, [...new Set(request.body.roles)]),
  );
}
