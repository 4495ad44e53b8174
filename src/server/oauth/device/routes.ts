import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../hub';
import { apiErrors, contracts } from '../../http/contract';
import { requireActor } from '../../plugins/session';
import {
  deviceDecisionBodySchema,
  deviceDecisionSchema,
  deviceLookupBodySchema,
  deviceRequestSchema,
} from '../../../shared/api/device';
import { decideDeviceRequest, lookupDeviceRequest } from './service';

/** /api/device/* (issue 42): what the /device page asks, for a signed-in person. */
export async function deviceRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.post(
    '/lookup',
    {
      config: { auth: 'user' },
      schema: { body: deviceLookupBodySchema, response: { 200: deviceRequestSchema, ...apiErrors(400, 401, 429) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lookupDeviceRequest(hub, await requireActor(request), request.body.user_code);
    },
  );

  r.post(
    '/decision',
    {
      config: { auth: 'user' },
      schema: {
        body: deviceDecisionBodySchema,
        response: { 200: deviceDecisionSchema, ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) =>
      decideDeviceRequest(hub, await requireActor(request), request.body.decision_token, request.body.approve),
  );
}
