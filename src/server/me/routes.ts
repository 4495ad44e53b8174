import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { requireUser } from '../plugins/session';
import { parseInput, sendParsed } from '../http/validate';
import { actorOf } from '../admin/routes';
import { authSessionSchema, idParamsSchema } from '../../shared/admin-api';
import { listAuthSessions, revokeOneSession } from '../admin/sessions-service';

const mySessionsSchema = z.object({
  sessions: z.array(authSessionSchema.omit({ user_email: true, user_id: true }).extend({ is_current: z.boolean() })),
});

/** /api/me/* : the signed-in user's own sessions (administration). */
export async function meRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;

  app.get('/sessions', async (request, reply) => {
    const auth = await requireUser(request);
    const { sessions } = await listAuthSessions(hub, { activeOnly: true, limit: 100, userId: auth.user.id });
    return sendParsed(reply, mySessionsSchema, {
      sessions: sessions.map((s) => ({ ...s, is_current: s.id === auth.session.id })),
    });
  });

  // Any of one's own sessions, the current one included (that signs this browser out).
  app.post('/sessions/:id/revoke', async (request) => {
    const auth = await requireUser(request);
    const { id } = parseInput(idParamsSchema, request.params, 'params');
    return revokeOneSession(hub, await actorOf(request), id, auth.user.id);
  });
}
