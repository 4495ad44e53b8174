import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts, adminErrors } from '../http/contract';
import { cursorParam } from '../http/cursor';
import { requireActor } from '../plugins/session';
import {
  adminCreateOrgBodySchema,
  adminOrgListQuerySchema,
  adminOrgListSchema,
  createOrgRoleBodySchema,
  deletedSchema,
  orgResultSchema,
  orgRoleListSchema,
  orgRoleParamsSchema,
  orgRoleSchema,
} from '../../shared/api/orgs';
import { createOrg, listAllOrgs } from './org-service';
import { defineRoleName, listRoleNames, undefineRoleName } from './role-names-service';
import { orgScopedRoutes } from './routes';
import { createMailer } from '../auth/mailer';

const orgListQuery = adminOrgListQuerySchema.extend({ cursor: cursorParam('uuid') });

/** /api/admin/orgs… and /api/admin/org-roles…: registered inside the admin guard (ecosystem admins only). */
export async function orgAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/orgs',
    { schema: { querystring: orgListQuery, response: { 200: adminOrgListSchema, ...adminErrors } } },
    async (request) => listAllOrgs(hub, request.query),
  );

  r.post(
    '/orgs',
    {
      schema: { body: adminCreateOrgBodySchema, response: { 201: orgResultSchema, ...adminErrors, ...apiErrors(409) } },
    },
    async (request, reply) => reply.code(201).send(await createOrg(hub, await requireActor(request), request.body)),
  );

  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);
  await app.register(orgScopedRoutes, { hub, access: 'ecosystem_admin', mailer, prefix: '/orgs' });

  r.get('/org-roles', { schema: { response: { 200: orgRoleListSchema, ...adminErrors } } }, async () => ({
    roles: await listRoleNames(hub),
  }));

  r.post(
    '/org-roles',
    { schema: { body: createOrgRoleBodySchema, response: { 201: orgRoleSchema, ...adminErrors, ...apiErrors(409) } } },
    async (request, reply) =>
      reply.code(201).send(await defineRoleName(hub, await requireActor(request), request.body)),
  );

  r.delete(
    '/org-roles/:name',
    { schema: { params: orgRoleParamsSchema, response: { 200: deletedSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => {
      await undefineRoleName(hub, await requireActor(request), request.params.name);
      return { deleted: true as const };
    },
  );
}
