import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { adminErrors, apiErrors, contracts, emptyBody } from '../http/contract';
import { requireActor } from '../plugins/session';
import { idParamsSchema } from '../../shared/admin-api';
import {
  masterKeyRotationDecisionSchema,
  masterKeyRotationPendingSchema,
  masterKeyRotationRequestSchema,
  masterKeyStatusSchema,
} from '../../shared/api/master-keys';
import { decideRotation, readMasterKeyStatus, refuseUnlessSuperAdmin, requestRotation } from './service';

/**
 * /api/admin/master-keys/* (issue 45), inside the admin guard: any ecosystem admin reads the status
 * (key ids and counts, never a key); only super admins ask for and decide a rotation, under the two-person rule.
 */
export async function masterKeyAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/master-keys', { schema: { response: { 200: masterKeyStatusSchema, ...adminErrors } } }, async () =>
    readMasterKeyStatus(hub),
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
      const actor = await requireActor(request);
      refuseUnlessSuperAdmin(actor, 'POST', '/api/admin/master-keys/rotation-requests');
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
      async (request) => decideRotation(hub, await requireActor(request), request.params.id, decision),
    );
  }
}
