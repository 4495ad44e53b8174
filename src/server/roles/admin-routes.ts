import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import { idParamsSchema } from '../../shared/admin-api';
import { roleAssignmentListSchema as rolesSchema, setRolesInputSchema as rolesBody } from '../../shared/api/roles';
import { getUserRoles, setUserRoles } from './role-service';

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
      config: { stepUp: true },
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
