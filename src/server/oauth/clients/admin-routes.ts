import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../../hub';
import { clientIp, userAgent } from '../../http/request-info';
import { parseInput, sendParsed } from '../../http/validate';
import { requireUser } from '../../plugins/session';
import {
  clientView,
  createClient,
  createClientInput,
  listClientViews,
  revealClientSecret,
  setClientActive,
  toClientView,
} from './service';

const idParams = z.object({ id: z.uuid() });
const listResponse = z.object({ clients: z.array(clientView) });
const oneResponse = z.object({ client: clientView });
const createdResponse = z.object({ client: clientView, client_secret: z.string().nullable() });
const secretResponse = z.object({ client_secret: z.string() });

/** /api/admin/oauth-clients* (OAuth provider). Registered inside the admin guard (ecosystem admins only). */
export async function oauthClientAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;

  app.get('/oauth-clients', async (_request, reply) =>
    sendParsed(reply, listResponse, { clients: await listClientViews(hub) }),
  );

  app.post('/oauth-clients', async (request, reply) => {
    const { user } = await requireUser(request);
    const input = parseInput(createClientInput, request.body);
    const { client, clientSecret } = await createClient(hub, input, {
      userId: user.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
    });
    return sendParsed(reply, createdResponse, { client: toClientView(hub, client), client_secret: clientSecret }, 201);
  });

  app.patch('/oauth-clients/:id', async (request, reply) => {
    const { user } = await requireUser(request);
    const { id } = parseInput(idParams, request.params, 'params');
    const { is_active } = parseInput(z.object({ is_active: z.boolean() }), request.body);
    const client = await setClientActive(hub, id, is_active, {
      userId: user.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
    });
    return sendParsed(reply, oneResponse, { client: toClientView(hub, client) });
  });

  app.post('/oauth-clients/:id/secret', async (request, reply) => {
    const { user, session } = await requireUser(request);
    const { id } = parseInput(idParams, request.params, 'params');
    const secret = await revealClientSecret(hub, id, {
      userId: user.id,
      sessionId: session.id,
      ipAddress: clientIp(request),
      userAgent: userAgent(request),
    });
    return sendParsed(reply, secretResponse, { client_secret: secret });
  });
}
