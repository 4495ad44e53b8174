import type { FastifyInstance } from 'fastify';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Hub } from '../hub';
import { requireActor } from '../plugins/session';
import { apiErrors, contracts, emptyBody } from '../http/contract';
import { idParamsSchema } from '../../shared/admin-api';
import { appRevokedSchema, clientIdParamsSchema, connectedAppListSchema } from '../../shared/api/me';
import {
  currentPasswordBodySchema,
  mfaStatusSchema,
  passkeyDeletedSchema,
  passkeyListSchema,
  passkeySchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  registrationResponseSchema,
  totpConfirmBodySchema,
  totpSetupSchema,
} from '../../shared/api/mfa';
import { confirmTotpEnrolment, regenerateRecoveryCodes, removeTotp, startTotpEnrolment } from '../account/totp';
import { listMyPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey } from '../account/passkeys';
import { listConnectedApps, revokeConnectedApp } from '../account/apps';

/** /api/me/mfa/*, /api/me/passkeys*, /api/me/apps*: the signed-in user's second factors and connected apps. */
export async function meSecurityRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);
  const user = { config: { auth: 'user' as const } };
  // Adding or removing a second factor is what a stolen session would do first (lock the owner
  // out, or keep a way back in): it needs a recent full authentication, as revealing a secret does.
  const userStepUp = { config: { auth: 'user' as const, stepUp: true } };

  r.post(
    '/mfa/totp',
    { ...userStepUp, schema: { body: emptyBody, response: { 200: totpSetupSchema, ...apiErrors(401, 403, 409) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startTotpEnrolment(hub, await requireActor(request));
    },
  );

  r.post(
    '/mfa/totp/confirm',
    {
      ...user,
      schema: { body: totpConfirmBodySchema, response: { 200: recoveryCodesSchema, ...apiErrors(401, 409) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmTotpEnrolment(hub, await requireActor(request), request.body.code);
    },
  );

  r.delete(
    '/mfa/totp',
    {
      ...user,
      schema: { body: currentPasswordBodySchema, response: { 200: mfaStatusSchema, ...apiErrors(401, 409, 429) } },
    },
    async (request) => removeTotp(hub, await requireActor(request), request.body.current_password),
  );

  r.post(
    '/mfa/recovery-codes',
    {
      ...user,
      schema: { body: currentPasswordBodySchema, response: { 200: recoveryCodesSchema, ...apiErrors(401, 409, 429) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(hub, await requireActor(request), request.body.current_password);
    },
  );

  r.post(
    '/passkeys/options',
    {
      ...userStepUp,
      schema: { body: emptyBody, response: { 200: registrationOptionsSchema, ...apiErrors(401, 403) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeyRegistrationOptions(hub, await requireActor(request));
    },
  );

  r.post(
    '/passkeys',
    {
      ...user,
      schema: { body: registrationResponseSchema, response: { 201: passkeySchema, ...apiErrors(401, 409) } },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(
        hub,
        await requireActor(request),
        request.body as unknown as RegistrationResponseJSON,
      );
      return reply.code(201).send(passkey);
    },
  );

  r.get(
    '/passkeys',
    { ...user, schema: { response: { 200: passkeyListSchema, ...apiErrors(401) } } },
    async (request) => listMyPasskeys(hub, await requireActor(request)),
  );

  r.delete(
    '/passkeys/:id',
    {
      ...userStepUp,
      schema: { params: idParamsSchema, response: { 200: passkeyDeletedSchema, ...apiErrors(401, 403, 404) } },
    },
    async (request) => removePasskey(hub, await requireActor(request), request.params.id),
  );

  r.get(
    '/apps',
    { ...user, schema: { response: { 200: connectedAppListSchema, ...apiErrors(401) } } },
    async (request) => listConnectedApps(hub, await requireActor(request)),
  );

  r.delete(
    '/apps/:client_id',
    { ...user, schema: { params: clientIdParamsSchema, response: { 200: appRevokedSchema, ...apiErrors(401, 404) } } },
    async (request) => revokeConnectedApp(hub, await requireActor(request), request.params.client_id),
  );
}
