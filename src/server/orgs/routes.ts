import type { FastifyInstance } from 'fastify';
import type { Hub } from '../hub';
import { apiErrors, contracts } from '../http/contract';
import { requireActor } from '../plugins/session';
import {
  createOrgBodySchema,
  acceptedInvitationSchema,
  createDomainBodySchema,
  domainListSchema,
  domainResultSchema,
  orgDomainParamsSchema,
  acceptInvitationBodySchema,
  createInvitationBodySchema,
  deletedSchema,
  invitationListSchema,
  invitationResultSchema,
  orgInvitationParamsSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberResultSchema,
  myOrgListSchema,
  orgDeletionImpactSchema,
  orgIdParamsSchema,
  orgMemberParamsSchema,
  orgResultSchema,
  orgRoleListSchema,
  updateMemberBodySchema,
  updateOrgBodySchema,
} from '../../shared/api/orgs';
import { changeOrg, createOrg, listMyOrgs, orgDeletionImpact, removeOrg } from './org-service';
import { changeMemberRoles, listMembers, removeMember } from './member-service';
import { loadOrgActor, toOrgView, type OrgAccess } from './permissions';
import { listRoleChoices } from './role-names-service';
import { createMailer, type Mailer } from '../auth/mailer';
import { emptyBody } from '../http/contract';
import { cursorParam } from '../http/cursor';
import {
  acceptInvitation,
  inviteMember,
  listOrgInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitation-service';
import { claimDomain, listOrgDomains, removeDomain, verifyDomain } from './domain-service';
import { scimTokenRoutes } from '../scim/token-routes';

const signedIn = { auth: 'user' as const };
const guarded = apiErrors(401, 403, 404);
const memberListQuery = memberListQuerySchema.extend({ cursor: cursorParam('uuid') });

/**
 * The routes of one organization, the same for its members (/api/orgs/:id…) and for ecosystem
 * admins (/api/admin/orgs/:id…): only `access` differs, and service.ts decides what it allows.
 */
export async function orgScopedRoutes(app: FastifyInstance, opts: { hub: Hub; access: OrgAccess; mailer: Mailer }) {
  const { hub, access, mailer } = opts;
  const r = contracts(app);
  await app.register(scimTokenRoutes, { hub, access });

  r.get(
    '/:id',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: orgResultSchema, ...guarded } } },
    async (request) => {
      const o = await loadOrgActor(hub, await requireActor(request), request.params.id, access);
      return { organization: toOrgView(o.org), roles: o.roles };
    },
  );

  r.patch(
    '/:id',
    {
      config: signedIn,
      schema: {
        params: orgIdParamsSchema,
        body: updateOrgBodySchema,
        response: { 200: orgResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request) => changeOrg(hub, await requireActor(request), request.params.id, access, request.body),
  );

  r.delete(
    '/:id',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: deletedSchema, ...guarded } } },
    async (request) => {
      await removeOrg(hub, await requireActor(request), request.params.id, access);
      return { deleted: true as const };
    },
  );

  r.get(
    '/:id/deletion-impact',
    {
      config: signedIn,
      schema: { params: orgIdParamsSchema, response: { 200: orgDeletionImpactSchema, ...guarded } },
    },
    async (request) => orgDeletionImpact(hub, await requireActor(request), request.params.id, access),
  );

  r.get(
    '/:id/roles',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: orgRoleListSchema, ...guarded } } },
    async (request) => ({
      roles: await listRoleChoices(hub, await requireActor(request), request.params.id, access),
    }),
  );

  r.get(
    '/:id/members',
    {
      config: signedIn,
      schema: {
        params: orgIdParamsSchema,
        querystring: memberListQuery,
        response: { 200: memberPageSchema, ...guarded },
      },
    },
    async (request) => listMembers(hub, await requireActor(request), request.params.id, access, request.query),
  );

  r.patch(
    '/:id/members/:user_id',
    {
      config: signedIn,
      schema: {
        params: orgMemberParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: memberResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request) => ({
      member: await changeMemberRoles(
        hub,
        await requireActor(request),
        request.params.id,
        access,
        request.params.user_id,
        request.body.roles,
      ),
    }),
  );

  r.delete(
    '/:id/members/:user_id',
    {
      config: signedIn,
      schema: { params: orgMemberParamsSchema, response: { 200: deletedSchema, ...guarded, ...apiErrors(409) } },
    },
    async (request) => {
      await removeMember(hub, await requireActor(request), request.params.id, access, request.params.user_id);
      return { deleted: true as const };
    },
  );

  r.post(
    '/:id/invitations',
    {
      config: signedIn,
      schema: {
        params: orgIdParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: invitationResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        invitation: await inviteMember(
          hub,
          mailer,
          await requireActor(request),
          request.params.id,
          access,
          request.body,
        ),
      }),
  );

  r.get(
    '/:id/invitations',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: invitationListSchema, ...guarded } } },
    async (request) => ({
      invitations: await listOrgInvitations(hub, await requireActor(request), request.params.id, access),
    }),
  );

  r.delete(
    '/:id/invitations/:invitation_id',
    {
      config: signedIn,
      schema: { params: orgInvitationParamsSchema, response: { 200: deletedSchema, ...guarded, ...apiErrors(409) } },
    },
    async (request) => {
      await revokeInvitation(hub, await requireActor(request), request.params.id, access, request.params.invitation_id);
      return { deleted: true as const };
    },
  );

  r.post(
    '/:id/invitations/:invitation_id/resend',
    {
      config: signedIn,
      schema: {
        params: orgInvitationParamsSchema,
        body: emptyBody,
        response: { 200: invitationResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request) => ({
      invitation: await resendInvitation(
        hub,
        mailer,
        await requireActor(request),
        request.params.id,
        access,
        request.params.invitation_id,
      ),
    }),
  );

  r.get(
    '/:id/domains',
    { config: signedIn, schema: { params: orgIdParamsSchema, response: { 200: domainListSchema, ...guarded } } },
    async (request) => ({ domains: await listOrgDomains(hub, await requireActor(request), request.params.id, access) }),
  );

  r.post(
    '/:id/domains',
    {
      config: signedIn,
      schema: {
        params: orgIdParamsSchema,
        body: createDomainBodySchema,
        response: { 201: domainResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        domain: await claimDomain(hub, await requireActor(request), request.params.id, access, request.body.domain),
      }),
  );

  r.delete(
    '/:id/domains/:domain',
    { config: signedIn, schema: { params: orgDomainParamsSchema, response: { 200: deletedSchema, ...guarded } } },
    async (request) => {
      await removeDomain(hub, await requireActor(request), request.params.id, access, request.params.domain);
      return { deleted: true as const };
    },
  );

  r.post(
    '/:id/domains/:domain/verify',
    {
      config: signedIn,
      schema: {
        params: orgDomainParamsSchema,
        body: emptyBody,
        response: { 200: domainResultSchema, ...guarded, ...apiErrors(409) },
      },
    },
    async (request) => ({
      domain: await verifyDomain(hub, await requireActor(request), request.params.id, access, request.params.domain),
    }),
  );
}

/** /api/orgs (the caller's organizations, creating one) and /api/orgs/:id… as a member. */
export async function orgRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get(
    '/api/orgs',
    { config: signedIn, schema: { response: { 200: myOrgListSchema, ...apiErrors(401) } } },
    async (request) => ({ organizations: await listMyOrgs(hub, (await requireActor(request)).userId) }),
  );

  r.post(
    '/api/orgs',
    {
      config: signedIn,
      schema: { body: createOrgBodySchema, response: { 201: orgResultSchema, ...apiErrors(401, 409) } },
    },
    async (request, reply) => reply.code(201).send(await createOrg(hub, await requireActor(request), request.body)),
  );

  const mailer = createMailer(hub.config.smtpUrl, app.log, hub.clock, hub.config.isProduction);
  await app.register(orgScopedRoutes, { hub, access: 'member', mailer, prefix: '/api/orgs' });

  r.post(
    '/api/invitations/accept',
    {
      config: signedIn,
      schema: { body: acceptInvitationBodySchema, response: { 200: acceptedInvitationSchema, ...apiErrors(401) } },
    },
    async (request) => acceptInvitation(hub, await requireActor(request), request.body.token),
  );
}

/** GET /api/me/orgs: the organizations the caller belongs to, with their roles (the account screen). */
export async function myOrgRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  contracts(app).get(
    '/orgs',
    { config: signedIn, schema: { response: { 200: myOrgListSchema, ...apiErrors(401) } } },
    async (request) => ({ organizations: await listMyOrgs(hub, (await requireActor(request)).userId) }),
  );
}
