import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { createMailer } from '../auth/mailer';
import { isDatabaseUnavailable, loggableError } from '../plugins/errors';
import { clientIp, userAgent } from '../http/request-info';
import { SCIM_BASE_PATH } from '../../shared/api/scim';
import { HubError } from '../errors';
import { ScimError, scimErrorBody, scimNotFound } from './errors';
import { asScimError, listResponse, parseFilter, projectionOf, type Json } from './scimmy';
import { authenticateScimToken, scimBaseUrl } from './token-service';
import type { ScimContext } from './context';
import { createUser, deleteUser, DEFAULT_COUNT, getUser, listUsers, patchUser, replaceUser } from './users-service';
import { createGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups-service';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { insertScimCall } from './queries/calls';

/**
 * The SCIM 2.0 service provider of each organization (RFC 7644) at /scim/v2/orgs/:org_id: its
 * own content type (application/scim+json), its own error shape (scim/errors.ts), a token of the
 * organization on every call, and a provisioning-log row for every authenticated call.
 */

const SCIM_JSON = 'application/scim+json; charset=utf-8';
const paramsSchema = z.object({ org_id: z.uuid(), id: z.string().max(200).optional() });
const listQuerySchema = z.object({
  filter: z.string().max(2000).optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  sortBy: z.string().max(200).optional(),
});

declare module 'fastify' {
  interface FastifyRequest {
    scim?: ScimContext;
    scimFailure?: { scimType: string | null; detail: string };
  }
}

function send(reply: FastifyReply, status: number, body: unknown, etag?: string) {
  if (etag) reply.header('etag', etag);
  return reply.code(status).type(SCIM_JSON).send(JSON.stringify(body));
}

function bodyOf(request: FastifyRequest): Json {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'invalidSyntax', 'The body must be a JSON object.');
  return body as Json;
}

function listInput(request: FastifyRequest) {
  const parsed = listQuerySchema.safeParse(request.query);
  if (!parsed.success) throw new ScimError(400, 'invalidValue', 'startIndex and count must be integers.');
  const q = parsed.data;
  return {
    q,
    input: {
      filter: q.filter ? parseFilter(q.filter) : undefined,
      // RFC 7644 §3.4.2.4: below 1 is read as 1; a negative count as 0.
      startIndex: Math.max(1, q.startIndex ?? 1),
      count: Math.max(0, q.count ?? DEFAULT_COUNT),
      projection: projectionOf(q),
    },
  };
}

function ifMatch(request: FastifyRequest): string | undefined {
  const h = request.headers['if-match'];
  return Array.isArray(h) ? h.join(',') : h;
}

const etag = (resource: Json) => (resource.meta as { version?: string } | undefined)?.version;

async function scoped(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);

  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new ScimError(400, 'invalidSyntax', 'The body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler(async (error, request, reply) => {
    const e = asScimError(error);
    if (e instanceof ScimError) {
      request.scimFailure = { scimType: e.scimType, detail: e.message };
      for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
      return send(reply, e.status, scimErrorBody(e.status, e.scimType, e.message));
    }
    if (isDatabaseUnavailable(e)) {
      reply.header('retry-after', '5');
      return send(reply, 503, scimErrorBody(503, null, 'The database is unavailable.'));
    }
    // The hub's own checks before the handler (the input sanitizer: NUL characters…) in SCIM's shape.
    if (e instanceof HubError && e.status < 500) {
      request.scimFailure = { scimType: e.status === 400 ? 'invalidValue' : null, detail: e.message };
      return send(reply, e.status, scimErrorBody(e.status, e.status === 400 ? 'invalidValue' : null, e.message));
    }
    const status = (e as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      request.scimFailure = { scimType: 'invalidSyntax', detail: (e as Error).message };
      return send(reply, status, scimErrorBody(status, status === 400 ? 'invalidSyntax' : null, (e as Error).message));
    }
    request.log.error({ err: loggableError(e) }, 'unhandled SCIM error');
    return send(reply, 500, scimErrorBody(500, null, 'An unexpected error occurred.'));
  });

  // Before the body is read: a caller without this organization's token gets nothing parsed.
  app.addHook('onRequest', async (request) => {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw scimNotFound();
    const orgId = params.data.org_id;
    const token = await authenticateScimToken(hub, orgId, request.headers.authorization);
    request.scim = {
      hub,
      mailer,
      log: request.log,
      orgId,
      tokenId: token.id,
      base: scimBaseUrl(hub, orgId),
      audit: {
        userId: null,
        ipAddress: clientIp(request),
        userAgent: userAgent(request),
        requestId: String(request.id),
      },
    };
  });

  // Anything else under a SCIM base URL (DELETE /Groups/:id, /Bulk, /Me…) in SCIM's shape.
  app.setNotFoundHandler(async (_request, reply) =>
    send(reply, 404, scimErrorBody(404, null, 'This SCIM endpoint or method is not supported.')),
  );

  app.addHook('onResponse', async (request, reply) => {
    const ctx = request.scim;
    if (!ctx) return;
    const now = hub.clock();
    await insertScimCall(hub.db, {
      orgId: ctx.orgId,
      tokenId: ctx.tokenId,
      method: request.method,
      // Under the organization's base URL, without the query (a filter may name a person).
      path: (request.url.split('?')[0].slice(`${SCIM_BASE_PATH}/${ctx.orgId}`.length) || '/').slice(0, 300),
      status: reply.statusCode,
      scimType: request.scimFailure?.scimType ?? null,
      detail: request.scimFailure?.detail.slice(0, 500) ?? null,
      at: now,
    }).catch((err: unknown) => request.log.warn({ err: loggableError(err) }, 'SCIM call not logged'));
  });

  const ctxOf = (request: FastifyRequest) => request.scim!;
  // RFC 7643/7644: a resource (User, Group) or a PatchOp, declared for the OpenAPI document; its
  // attributes are checked by scimmy (scimmy.ts), in SCIM's error shape.
  const withBody = {
    schema: {
      body: z
        .looseObject({ schemas: z.array(z.string()).optional() })
        .describe('A SCIM resource or PatchOp (application/scim+json)'),
    },
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get('/ServiceProviderConfig', async (request, reply) =>
    send(reply, 200, serviceProviderConfig(ctxOf(request).base)),
  );
  // RFC 7644 §4: the discovery lists and their members, by id.
  const discovery = { ResourceTypes: resourceTypes, Schemas: schemas } as const;
  for (const [name, documents] of Object.entries(discovery)) {
    app.get(`/${name}`, async (request, reply) => {
      const docs = documents(ctxOf(request).base);
      return send(reply, 200, listResponse(docs, docs.length, 1));
    });
    app.get(`/${name}/:id`, async (request, reply) => {
      const found = documents(ctxOf(request).base).find((d) => d.id === idOf(request));
      if (!found) throw scimNotFound(name);
      return send(reply, 200, found);
    });
  }

  app.get('/Users', async (request, reply) =>
    send(reply, 200, await listUsers(ctxOf(request), listInput(request).input)),
  );
  app.post('/Users', withBody, async (request, reply) => {
    const created = await createUser(ctxOf(request), bodyOf(request));
    reply.header('location', (created.meta as { location: string }).location);
    return send(reply, 201, created, etag(created));
  });
  app.get('/Users/:id', async (request, reply) => {
    const found = await getUser(ctxOf(request), idOf(request), listInput(request).input.projection);
    return send(reply, 200, found, etag(found));
  });
  app.put('/Users/:id', withBody, async (request, reply) => {
    const done = await replaceUser(ctxOf(request), idOf(request), bodyOf(request), ifMatch(request));
    return send(reply, 200, done, etag(done));
  });
  app.patch('/Users/:id', withBody, async (request, reply) => {
    const done = await patchUser(ctxOf(request), idOf(request), bodyOf(request), ifMatch(request));
    return send(reply, 200, done, etag(done));
  });
  app.delete('/Users/:id', async (request, reply) => {
    await deleteUser(ctxOf(request), idOf(request), ifMatch(request));
    return reply.code(204).send();
  });

  app.get('/Groups', async (request, reply) => {
    const { q, input } = listInput(request);
    return send(reply, 200, await listGroups(ctxOf(request), input, q));
  });
  app.post('/Groups', withBody, async (request, reply) =>
    send(reply, 201, await createGroup(ctxOf(request), bodyOf(request))),
  );
  app.get('/Groups/:id', async (request, reply) => {
    const { q, input } = listInput(request);
    return send(reply, 200, await getGroup(ctxOf(request), idOf(request), q, input.projection));
  });
  app.put('/Groups/:id', withBody, async (request, reply) =>
    send(reply, 200, await replaceGroup(ctxOf(request), idOf(request), bodyOf(request))),
  );
  app.patch('/Groups/:id', withBody, async (request, reply) =>
    send(reply, 200, await patchGroup(ctxOf(request), idOf(request), bodyOf(request))),
  );
}

export async function scimRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  await app.register(scoped, { hub: opts.hub, prefix: `${SCIM_BASE_PATH}/:org_id` });
}
