import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { apiErrors, contracts, emptyBody } from '../http/contract';
import { idParamsSchema } from '../../shared/admin-api';
import {
  emailChangeBodySchema,
  emailChangeRequestedSchema,
  emailConfirmBodySchema,
  emailConfirmedSchema,
  meSchema,
  mePasswordBodySchema,
  mePatchBodySchema,
  mySessionListSchema,
  passwordChangedSchema,
  revokedSchema,
} from '../../shared/api/me';
import { listAuthSessions, revokeOneSession } from '../admin/sessions-service';
import { createMailer } from '../auth/mailer';
import { changePassword } from '../auth/change-password';
import { clientInfoOf } from '../auth/sign-in';
import { SESSION_COOKIE } from '../auth/sessions';
import { confirmEmailChange, getMe, patchMe, requestEmailChange } from '../account/profile';

/** /api/me/* : the signed-in user's own account (profile, email, password, sessions). */
export async function meRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);

  r.get(
    '',
    { config: { auth: 'user' }, schema: { response: { 200: meSchema, ...apiErrors(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMe(hub, await requireActor(request));
    },
  );

  r.patch(
    '',
    { config: { auth: 'user' }, schema: { body: mePatchBodySchema, response: { 200: meSchema, ...apiErrors(401) } } },
    async (request) => patchMe(hub, await requireActor(request), request.body),
  );

  r.post(
    '/email',
    {
      config: { auth: 'user' },
      schema: {
        body: emailChangeBodySchema,
        response: { 202: emailChangeRequestedSchema, ...apiErrors(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await requestEmailChange(hub, mailer, await requireActor(request), {
        newEmail: request.body.new_email,
        currentPassword: request.body.current_password,
      });
      return reply.code(202).send(result);
    },
  );

  // The link mailed to the new address, posted by the SPA's /account/confirm-email page, signed in
  // or not: the single-use token (24 h, only its hash stored) alone names the change, and it only
  // reached someone who reads the new mailbox after the password was confirmed.
  r.post(
    '/email/confirm',
    { schema: { body: emailConfirmBodySchema, response: { 200: emailConfirmedSchema, ...apiErrors(409) } } },
    async (request) => {
      const actor = await request.actor();
      return confirmEmailChange(hub, mailer, request.body.token, clientInfoOf(actor), actor.locale);
    },
  );

  r.post(
    '/password',
    {
      config: { auth: 'user' },
      schema: { body: mePasswordBodySchema, response: { 200: passwordChangedSchema, ...apiErrors(401, 429) } },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const { token, revoked } = await changePassword(
        hub,
        actor.auth,
        { currentPassword: request.body.current_password, newPassword: request.body.new_password },
        clientInfoOf(actor),
        request.log,
      );
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(hub));
      reply.header('cache-control', 'no-store');
      return { changed: true as const, other_sessions_ended: Math.max(0, revoked - 1) };
    },
  );

  r.get(
    '/sessions',
    { config: { auth: 'user' }, schema: { response: { 200: mySessionListSchema, ...apiErrors(401) } } },
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
      schema: { params: idParamsSchema, body: emptyBody, response: { 200: revokedSchema, ...apiErrors(401, 404) } },
    },
    async (request) => {
      const actor = await requireActor(request);
      return revokeOneSession(hub, actor, request.params.id, actor.userId);
    },
  );
}
