import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { clientIp, userAgent } from '../http/request-info';
import { parseInput, sendParsed } from '../http/validate';
import { requireUser } from '../plugins/session';
import { SUPPORTED_SCOPES } from '../oauth/constants';
import { createAppToken, createHandoffSession, revokeAppAccess, validateUserToken } from './service';

const handoffInput = z.object({
  app_id: z.string().trim().min(1).max(200),
  redirect_url: z.string().trim().min(1).max(2000),
});
const handoffResponse = z.object({
  session_token: z.string(),
  user_id: z.string(),
  timestamp: z.number(),
  redirect_url: z.string(),
});
const clientParams = z.object({ client_id: z.string().min(1).max(200) });
const appTokenInput = z.object({ scopes: z.array(z.enum(SUPPORTED_SCOPES)).max(10).optional() });
const appTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string(),
});
const validateInput = z.object({
  access_token: z.string().max(4096).optional(),
  session_token: z.string().max(4096).optional(),
});

async function caller(request: FastifyRequest) {
  return { auth: await requireUser(request), ipAddress: clientIp(request), userAgent: userAgent(request) };
}

/** /api/cross-platform/sessions, /api/apps/:client_id/token, /api/sessions/validate, DELETE /api/apps/:client_id/sessions. */
export async function crossPlatformRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;

  app.post('/cross-platform/sessions', async (request, reply) => {
    const who = await caller(request);
    const input = parseInput(handoffInput, request.body);
    return sendParsed(reply, handoffResponse, await createHandoffSession(hub, who, input), 201);
  });

  app.post('/apps/:client_id/token', async (request, reply) => {
    const who = await caller(request);
    const { client_id } = parseInput(clientParams, request.params, 'params');
    const { scopes } = parseInput(appTokenInput, request.body);
    return sendParsed(reply, appTokenResponse, await createAppToken(hub, who, client_id, scopes));
  });

  app.post('/sessions/validate', async (request) => {
    const who = await caller(request);
    const body = parseInput(validateInput, request.body);
    const token = body.access_token ?? body.session_token;
    return { valid: token ? await validateUserToken(hub, who, token) : false };
  });

  app.delete('/apps/:client_id/sessions', async (request) => {
    const who = await caller(request);
    const { client_id } = parseInput(clientParams, request.params, 'params');
    return { revoked: await revokeAppAccess(hub, who, client_id) };
  });
}
