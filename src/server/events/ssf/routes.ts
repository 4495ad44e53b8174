import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../../hub';
import { apiErrors, contracts, noContent } from '../../http/contract';
import { requireActor } from '../../plugins/session';
import { idParamsSchema } from '../../../shared/admin-api';
import {
  adminStreamListSchema,
  adminStreamResultSchema,
  firstPartyBodySchema,
  createStreamBodySchema,
  replaceStreamBodySchema,
  credentialCompromiseBodySchema,
  credentialCompromiseResultSchema,
  ssfConfigurationSchema,
  streamConfigSchema,
  streamIdQuerySchema,
  streamQuerySchema,
  streamStatusSchema,
  subjectBodySchema,
  updateStatusBodySchema,
  updateStreamBodySchema,
  verifyBodySchema,
} from '../../../shared/api/ssf';
import {
  createStream,
  deleteStream,
  readStreams,
  SSF_PATHS,
  ssfConfiguration,
  streamClient,
  updateStream,
} from './service';
import { changeStatus, readStatus } from './status';
import { addSubject, removeSubject } from './subjects';
import { requestVerification } from './verification';
import { flagCredentialCompromise } from './credential-compromise';
import { listStreamViews, markStreamFirstParty } from './admin';

/** Every stream route may refuse the token (401), its scope (403) and bad input (400). */
const guarded = apiErrors(400, 401, 403);

/**
 * The SSF transmitter (issue 30): its configuration document, public, and the stream management
 * API at the paths it names, each authorised by the calling client's `ssf.manage` token.
 */
export async function ssfRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(SSF_PATHS.configuration, { schema: { response: { 200: ssfConfigurationSchema } } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(ssfConfiguration(hub)),
  );

  r.post(
    SSF_PATHS.streams,
    { schema: { body: createStreamBodySchema, response: { 201: streamConfigSchema, ...guarded, ...apiErrors(409) } } },
    async (request, reply) => {
      const client = await streamClient(hub, request);
      return reply.code(201).send(await createStream(hub, client, request.body, await request.actor()));
    },
  );

  r.get(
    SSF_PATHS.streams,
    {
      schema: {
        querystring: streamQuerySchema,
        response: { 200: z.union([streamConfigSchema, z.array(streamConfigSchema)]), ...guarded, ...apiErrors(404) },
      },
    },
    async (request) => {
      const client = await streamClient(hub, request);
      const streams = await readStreams(hub, client, request.query.stream_id);
      // SSF §8.1.1.2: one stream asked for by id is answered as an object, the list as an array.
      return request.query.stream_id ? streams[0] : streams;
    },
  );

  r.patch(
    SSF_PATHS.streams,
    { schema: { body: updateStreamBodySchema, response: { 200: streamConfigSchema, ...guarded, ...apiErrors(404) } } },
    async (request) => updateStream(hub, await streamClient(hub, request), request.body, await request.actor()),
  );

  r.put(
    SSF_PATHS.streams,
    { schema: { body: replaceStreamBodySchema, response: { 200: streamConfigSchema, ...guarded, ...apiErrors(404) } } },
    async (request) => {
      const { description, all_subjects, ...rest } = request.body;
      const replaced = { ...rest, description: description ?? '', all_subjects: all_subjects ?? false };
      return updateStream(hub, await streamClient(hub, request), replaced, await request.actor());
    },
  );

  r.delete(
    SSF_PATHS.streams,
    { schema: { querystring: streamIdQuerySchema, response: { 204: noContent, ...guarded, ...apiErrors(404) } } },
    async (request, reply) => {
      await deleteStream(hub, await streamClient(hub, request), request.query.stream_id, await request.actor());
      return reply.code(204).send(null);
    },
  );

  r.get(
    SSF_PATHS.status,
    {
      schema: {
        querystring: streamIdQuerySchema,
        response: { 200: streamStatusSchema, ...guarded, ...apiErrors(404) },
      },
    },
    async (request) => readStatus(hub, await streamClient(hub, request), request.query.stream_id),
  );

  r.post(
    SSF_PATHS.status,
    { schema: { body: updateStatusBodySchema, response: { 200: streamStatusSchema, ...guarded, ...apiErrors(404) } } },
    async (request) => changeStatus(hub, await streamClient(hub, request), request.body, await request.actor()),
  );

  r.post(
    SSF_PATHS.addSubject,
    { schema: { body: subjectBodySchema, response: { 200: noContent, ...guarded, ...apiErrors(404) } } },
    async (request, reply) => {
      const client = await streamClient(hub, request);
      await addSubject(hub, client, request.body.stream_id, request.body.subject, await request.actor());
      return reply.code(200).send(null);
    },
  );

  r.post(
    SSF_PATHS.removeSubject,
    { schema: { body: subjectBodySchema, response: { 204: noContent, ...guarded, ...apiErrors(404) } } },
    async (request, reply) => {
      const client = await streamClient(hub, request);
      await removeSubject(hub, client, request.body.stream_id, request.body.subject, await request.actor());
      return reply.code(204).send(null);
    },
  );

  r.post(
    SSF_PATHS.verify,
    { schema: { body: verifyBodySchema, response: { 204: noContent, ...guarded, ...apiErrors(404) } } },
    async (request, reply) => {
      await requestVerification(hub, await streamClient(hub, request), request.body, await request.actor());
      return reply.code(204).send(null);
    },
  );
}

/**
 * Registered inside the admin guard (ecosystem admins only, checked on the server):
 * /api/admin/users/:id/credential-compromise (RISC, issue 30) and /api/admin/ssf-streams (issue 38:
 * the streams, and the first-party mark that lets one hear of every user).
 */
export async function ssfAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/ssf-streams', { schema: { response: { 200: adminStreamListSchema, ...apiErrors(401, 403) } } }, async () => ({
    streams: await listStreamViews(hub),
  }));

  r.patch(
    '/ssf-streams/:id',
    {
      schema: {
        params: idParamsSchema,
        body: firstPartyBodySchema,
        response: { 200: adminStreamResultSchema, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      stream: await markStreamFirstParty(hub, request.params.id, request.body.first_party, await requireActor(request)),
    }),
  );

  r.post(
    '/users/:id/credential-compromise',
    {
      schema: {
        params: idParamsSchema,
        body: credentialCompromiseBodySchema,
        response: { 200: credentialCompromiseResultSchema, ...apiErrors(401, 403, 404) },
      },
    },
    async (request) => {
      await flagCredentialCompromise(hub, request.params.id, request.body, await requireActor(request));
      return { flagged: true as const };
    },
  );
}
