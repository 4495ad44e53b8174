import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { requireActor } from '../plugins/session';
import { apiErrors, contracts } from '../http/contract';
import { authSessionSchema, idParamsSchema } from '../../shared/admin-api';
import { listAuthSessions, revokeOneSession } from '../admin/sessions-service';

const mySessionsSchema = z.object({
  sessions: z.array(authSessionSchema.omit({ user_email: true, user_id: true }).extend({ is_current: z.boolean() })),
});
const revokedSchema = z.object({ revoked: z.boolean() });

/** /api/me/* : the signed-in user's own sessions (administration). */
export async function meRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/sessions',
    { config: { auth: 'user' }, schema: { response: { 200: mySessionsSchema, ...apiErrors(401) } } },
    async (request) => {
      const actor = await requireActor(request);
      const { sessions } = await listAuthSessions(hub, { activeOnly: true, limit: 100, userId: actor.userId });
      return { sessions: sessions.map((s) => ({ ...s, is_current: s.id === actor.sessionId })) };
    },
  );

  // Any of one's own sessions, the current one included (that signs this browser out).
  r.post(
    '/sessions/:id/revoke',
    {
      config: { auth: 'user' },
      schema: { params: idParamsSchema, response: { 200: revokedSchema, ...apiErrors(401, 404) } },
    },
    async (request) => {
      const actor = await requireActor(request);
      return revokeOneSession(hub, actor, request.params.id, actor.userId);
    },
  );
}
