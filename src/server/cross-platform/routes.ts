import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import { SUPPORTED_SCOPES } from '../oauth/constants';
import {
  appTokenSchema as appTokenResponse,
  handoffInputSchema as handoffInput,
  handoffSessionSchema as handoffResponse,
} from '../../shared/api/cross-platform';
import { clientIdParamsSchema as clientParams } from '../../shared/api/me';
import { createAppToken, createHandoffSession, revokeAppAccess, validateUserToken } from './service';

const appTokenInput = z.object({ scopes: z.array(z.enum(SUPPORTED_SCOPES)).max(10).optional() });
const validateInput = z.object({
  access_token: z.string().max(4096).optional(),
  session_token: z.string().max(4096).optional(),
});
const validResponse = z.object({ valid: z.boolean() });
const revokedResponse = z.object({ revoked: z.number().int() });
const refusals = apiErrors(401, 403, 404, 409);

/** /api/cross-platform/sessions, /api/apps/:client_id/token, /api/sessions/validate, DELETE /api/apps/:client_id/sessions. */
export async function crossPlatformRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.post(
    '/cross-platform/sessions',
    { config: { auth: 'user' }, schema: { body: handoffInput, response: { 201: handoffResponse, ...refusals } } },
    async (request, reply) =>
      reply.code(201).send(await createHandoffSession(hub, await requireActor(request), request.body)),
  );

  r.post(
    '/apps/:client_id/token',
    {
      config: { auth: 'user' },
      schema: {
        params: clientParams,
        body: appTokenInput.optional(),
        response: { 200: appTokenResponse, ...refusals },
      },
    },
    async (request) => createAppToken(hub, await requireActor(request), request.params.client_id, request.body?.scopes),
  );

  r.post(
    '/sessions/validate',
    { config: { auth: 'user' }, schema: { body: validateInput, response: { 200: validResponse, ...apiErrors(401) } } },
    async (request) => {
      const actor = await requireActor(request);
      const token = request.body.access_token ?? request.body.session_token;
      return { valid: token ? await validateUserToken(hub, actor, token) : false };
    },
  );

  r.delete(
    '/apps/:client_id/sessions',
    {
      config: { auth: 'user' },
      schema: { params: clientParams, response: { 200: revokedResponse, ...apiErrors(401) } },
    },
    async (request) => ({ revoked: await revokeAppAccess(hub, await requireActor(request), request.params.client_id) }),
  );
}
