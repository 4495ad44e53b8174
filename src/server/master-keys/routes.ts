import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { Refusal } from '../errors';
import { adminErrors, apiErrors, contracts, emptyBody } from '../http/contract';
import { requireActor } from '../plugins/session';
import { idParamsSchema } from '../../shared/admin-api';
import {
  masterKeyRotationDecisionSchema,
  masterKeyRotationPendingSchema,
  masterKeyRotationRequestSchema,
  masterKeyStatusSchema,
} from '../../shared/api/master-keys';
import { decideRotation, readMasterKeyStatus, requestRotation } from './service';

/** The super admin's refusal of everyone else, audited like every admin refusal. */
async function requireSuperAdmin(request: Parameters<typeof requireActor>[0], route: string): Promise<SignedInActor> {
  const actor = await requireActor(request);
  if (!actor.roles.includes('super_admin')) {
    throw new Refusal('forbidden', {
      message: 'Only a super admin can see or rotate the master keys.',
      audit: {
        type: 'permission_denied',
        ...actor.audit,
        details: { method: request.method, route, action: 'master_key_rotation' },
      },
    });
  }
  return actor;
}

/** /api/admin/master-keys/* (issue 45), inside the admin guard: super admins only, rotation under the two-person rule. */
export async function masterKeyAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/master-keys',
    { schema: { response: { 200: masterKeyStatusSchema, ...adminErrors } } },
    async (request) => {
      await requireSuperAdmin(request, '/api/admin/master-keys');
      return readMasterKeyStatus(hub);
    },
  );

  r.post(
    '/master-keys/rotation-requests',
    {
      schema: {
        body: masterKeyRotationRequestSchema,
        response: { 202: masterKeyRotationPendingSchema, ...adminErrors, ...apiErrors(409) },
      },
    },
    async (request, reply) => {
      const actor = await requireSuperAdmin(request, '/api/admin/master-keys/rotation-requests');
      reply.code(202);
      return requestRotation(hub, actor, request.body.justification);
    },
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['deny', 'denied'],
  ] as const) {
    const route = `/master-keys/rotation-requests/:id/${path}`;
    r.post(
      route,
      {
        schema: {
          params: idParamsSchema,
          body: emptyBody,
          response: { 200: masterKeyRotationDecisionSchema, ...adminErrors, ...apiErrors(404, 409) },
        },
      },
      async (request) =>
        decideRotation(hub, await requireSuperAdmin(request, `/api/admin${route}`), request.params.id, decision),
    );
  }
}
