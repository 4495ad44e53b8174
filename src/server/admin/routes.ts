import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Hub } from '../hub';
import { requireUser } from '../plugins/session';
import { clientIp, userAgent } from '../http/request-info';
import { parseInput, sendParsed } from '../http/validate';
import {
  analyticsSchema,
  appListSchema,
  authSessionListQuerySchema,
  authSessionListSchema,
  credentialRequestInputSchema,
  credentialRequestListQuerySchema,
  credentialRequestListSchema,
  credentialRequestResultSchema,
  grantListSchema,
  idParamsSchema,
  overviewSchema,
  revealSchema,
  sessionListQuerySchema,
  sessionListSchema,
  userListQuerySchema,
  userListSchema,
  userPatchSchema,
  adminUserSchema,
} from '../../shared/admin-api';
import type { Actor } from './users-service';
import { listUsers, patchUser } from './users-service';
import { readOverview, listApps } from './overview';
import { readAnalytics } from './analytics';
import { listAuthSessions, listRecentSessions, revokeOneSession } from './sessions-service';
import { createRequest, decide, listGrants, listRequests, reveal } from './credential-access';

/** Who is acting, for services and the audit trail (the admin guard has already run). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const auth = await requireUser(request);
  return {
    userId: auth.user.id,
    sessionId: auth.session.id,
    roles: auth.roles,
    ipAddress: clientIp(request),
    userAgent: userAgent(request),
  };
}

/** /api/admin/* dashboard routes (administration). Registered inside the admin guard. */
export async function adminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;

  app.get('/overview', async (_request, reply) => sendParsed(reply, overviewSchema, await readOverview(hub)));

  app.get('/users', async (request, reply) => {
    const query = parseInput(userListQuerySchema, request.query, 'query');
    return sendParsed(reply, userListSchema, await listUsers(hub, query));
  });

  app.patch('/users/:id', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    const patch = parseInput(userPatchSchema, request.body);
    return sendParsed(reply, adminUserSchema, await patchUser(hub, await actorOf(request), id, patch));
  });

  app.get('/apps', async (_request, reply) => sendParsed(reply, appListSchema, { apps: await listApps(hub) }));

  app.get('/sessions', async (request, reply) => {
    const { limit } = parseInput(sessionListQuerySchema, request.query, 'query');
    return sendParsed(reply, sessionListSchema, await listRecentSessions(hub, limit));
  });

  app.get('/credential-requests', async (request, reply) => {
    const { scope } = parseInput(credentialRequestListQuerySchema, request.query, 'query');
    return sendParsed(reply, credentialRequestListSchema, await listRequests(hub, await actorOf(request), scope));
  });

  app.post('/credential-requests', async (request, reply) => {
    const input = parseInput(credentialRequestInputSchema, request.body);
    return sendParsed(
      reply,
      credentialRequestResultSchema,
      await createRequest(hub, await actorOf(request), input),
      201,
    );
  });

  app.post('/credential-requests/:id/approve', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    return sendParsed(
      reply,
      credentialRequestResultSchema.pick({ request: true }),
      await decide(hub, await actorOf(request), id, 'approved'),
    );
  });

  app.post('/credential-requests/:id/deny', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    return sendParsed(
      reply,
      credentialRequestResultSchema.pick({ request: true }),
      await decide(hub, await actorOf(request), id, 'denied'),
    );
  });

  app.get('/credential-grants', async (request, reply) =>
    sendParsed(reply, grantListSchema, await listGrants(hub, await actorOf(request))),
  );

  app.post('/credential-grants/:id/reveal', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    reply.header('cache-control', 'no-store');
    return sendParsed(reply, revealSchema, await reveal(hub, await actorOf(request), id));
  });

  app.get('/analytics', async (_request, reply) => sendParsed(reply, analyticsSchema, await readAnalytics(hub)));

  app.get('/auth-sessions', async (request, reply) => {
    const query = parseInput(authSessionListQuerySchema, request.query, 'query');
    return sendParsed(
      reply,
      authSessionListSchema,
      await listAuthSessions(hub, { activeOnly: query.active === 'true', limit: query.limit }),
    );
  });

  app.post('/auth-sessions/:id/revoke', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    return revokeOneSession(hub, await actorOf(request), id);
  });
}
