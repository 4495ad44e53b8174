import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { requireActor, sessionCookieOptions } from '../plugins/session';
import { sessionViewSchema } from '../../shared/api/auth';
import {
  impersonationDecisionSchema,
  impersonationPendingSchema,
  impersonationStartSchema,
} from '../../shared/api/impersonation';
import { decideImpersonation, IMPERSONATOR_COOKIE, startImpersonation } from './impersonation';
import { SESSION_COOKIE } from '../auth/sessions';
import { sessionView } from '../auth/session-view';
import { Refusal } from '../errors';
import { apiErrors, contracts, emptyBody, adminErrors } from '../http/contract';
import { cursorParam } from '../http/cursor';
import {
  adminUserSchema,
  analyticsSchema,
  appListSchema,
  backupStatusSchema,
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
} from '../../shared/admin-api';
import { listUsers, patchUser } from './users-service';
import { createMailer } from '../auth/mailer';
import { resetUserMfa } from '../account/admin-mfa';
import { mfaResetSchema } from '../../shared/api/mfa';
import { readOverview, listApps } from './overview';
import { readAnalytics } from './analytics';
import { readBackupStatus } from '../backup/status';
import { listAuthSessions, listRecentSessions, revokeOneSession } from './sessions-service';
import { createRequest, decide, listGrants, listRequests, reveal } from './credential-access';
import { signInSettingsPatchSchema, signInSettingsViewSchema } from '../../shared/api/sign-in-settings';
import { signInSettingsView, updateSignInSettings } from '../auth/sign-in-settings';

/** Every admin route can refuse the caller (the guard) before anything else. */
const userListQuery = userListQuerySchema.extend({ cursor: cursorParam('uuid') });
const decisionSchema = credentialRequestResultSchema.pick({ request: true });
const revokedSchema = z.object({ revoked: z.boolean() });

/** /api/admin/* dashboard routes (administration). Registered inside the admin guard. */
export async function adminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);

  r.get('/overview', { schema: { response: { 200: overviewSchema, ...adminErrors } } }, async () => readOverview(hub));

  r.get(
    '/users',
    { schema: { querystring: userListQuery, response: { 200: userListSchema, ...adminErrors } } },
    async (request) => listUsers(hub, request.query, await requireActor(request)),
  );

  r.patch(
    '/users/:id',
    {
      schema: {
        params: idParamsSchema,
        body: userPatchSchema,
        response: { 200: adminUserSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request) => patchUser(hub, await requireActor(request), request.params.id, request.body, mailer),
  );

  // Issue 13: a super_admin resets a user's second factors (audited; ends their sessions).
  r.post(
    '/users/:id/mfa/reset',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: mfaResetSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => resetUserMfa(hub, await requireActor(request), request.params.id),
  );

  // Issue 42: "View as this user" (admin/impersonation.ts); an administrator target needs a second admin's approval.
  r.post(
    '/users/:id/impersonation',
    {
      schema: {
        params: idParamsSchema,
        body: impersonationStartSchema,
        response: { 200: sessionViewSchema, 202: impersonationPendingSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(request);
      const adminToken = request.cookies?.[SESSION_COOKIE] ?? '';
      const result = await startImpersonation(hub, mailer, actor, adminToken, request.params.id, request.body);
      reply.header('cache-control', 'no-store');
      if ('pending' in result) {
        return reply.code(202).send({ status: 'pending' as const, request_id: result.pending.requestId });
      }
      reply.setCookie(IMPERSONATOR_COOKIE, result.adminToken, sessionCookieOptions(hub));
      reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(hub));
      return sessionView(result.auth);
    },
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['deny', 'denied'],
  ] as const) {
    r.post(
      `/impersonation-requests/:id/${path}`,
      {
        schema: {
          params: idParamsSchema,
          body: emptyBody,
          response: { 200: impersonationDecisionSchema, ...adminErrors, ...apiErrors(404, 409) },
        },
      },
      async (request) => decideImpersonation(hub, await requireActor(request), request.params.id, decision),
    );
  }

  // Issue 42: sign-in by email code / link, and what a breached password at sign-in leads to.
  r.get('/sign-in-settings', { schema: { response: { 200: signInSettingsViewSchema, ...adminErrors } } }, async () =>
    signInSettingsView(hub),
  );

  r.put(
    '/sign-in-settings',
    { schema: { body: signInSettingsPatchSchema, response: { 200: signInSettingsViewSchema, ...adminErrors } } },
    async (request) => {
      const actor = await requireActor(request);
      if (!actor.roles.includes('super_admin')) {
        throw new Refusal('forbidden', {
          message: 'Only a super admin can change the sign-in settings.',
          audit: {
            type: 'permission_denied',
            ...actor.audit,
            details: { method: 'PUT', route: '/api/admin/sign-in-settings', action: 'sign_in_settings' },
          },
        });
      }
      return updateSignInSettings(hub, actor, request.body);
    },
  );

  r.get('/apps', { schema: { response: { 200: appListSchema, ...adminErrors } } }, async () => ({
    apps: await listApps(hub),
  }));

  r.get(
    '/sessions',
    { schema: { querystring: sessionListQuerySchema, response: { 200: sessionListSchema, ...adminErrors } } },
    async (request) => listRecentSessions(hub, request.query.limit),
  );

  r.get(
    '/credential-requests',
    {
      schema: {
        querystring: credentialRequestListQuerySchema,
        response: { 200: credentialRequestListSchema, ...adminErrors },
      },
    },
    async (request) => listRequests(hub, await requireActor(request), request.query.scope),
  );

  r.post(
    '/credential-requests',
    {
      schema: {
        body: credentialRequestInputSchema,
        response: { 201: credentialRequestResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createRequest(hub, await requireActor(request), request.body)),
  );

  r.post(
    '/credential-requests/:id/approve',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: decisionSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request) => decide(hub, await requireActor(request), request.params.id, 'approved'),
  );

  r.post(
    '/credential-requests/:id/deny',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: decisionSchema, ...adminErrors, ...apiErrors(404, 409) },
      },
    },
    async (request) => decide(hub, await requireActor(request), request.params.id, 'denied'),
  );

  r.get('/credential-grants', { schema: { response: { 200: grantListSchema, ...adminErrors } } }, async (request) =>
    listGrants(hub, await requireActor(request)),
  );

  r.post(
    '/credential-grants/:id/reveal',
    {
      config: { stepUp: true },
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: revealSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reveal(hub, await requireActor(request), request.params.id);
    },
  );

  r.get('/analytics', { schema: { response: { 200: analyticsSchema, ...adminErrors } } }, async () =>
    readAnalytics(hub),
  );

  r.get('/backup', { schema: { response: { 200: backupStatusSchema, ...adminErrors } } }, async () =>
    readBackupStatus(hub),
  );

  r.get(
    '/auth-sessions',
    { schema: { querystring: authSessionListQuerySchema, response: { 200: authSessionListSchema, ...adminErrors } } },
    async (request) =>
      listAuthSessions(hub, { activeOnly: request.query.active === 'true', limit: request.query.limit }),
  );

  r.post(
    '/auth-sessions/:id/revoke',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: revokedSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => revokeOneSession(hub, await requireActor(request), request.params.id),
  );
}
