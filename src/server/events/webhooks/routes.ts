import type { FastifyInstance } from 'fastify';
import type { Hub } from '../../hub';
import { apiErrors, contracts, emptyBody, adminErrors, deletedSchema } from '../../http/contract';
import { requireActor } from '../../plugins/session';
import { idParamsSchema } from '../../../shared/admin-api';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeletionImpactSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookResultSchema,
  webhookWithSecretSchema,
} from '../../../shared/api/events';
import {
  changeWebhook,
  createWebhook,
  getWebhookView,
  listWebhookDeliveries,
  listWebhookViews,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  webhookDeletionImpact,
} from './service';

/** /api/admin/webhooks*: registered inside the admin guard (ecosystem admins only). */
export async function webhookAdminRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  const r = contracts(app);

  r.get('/webhooks', { schema: { response: { 200: webhookListSchema, ...adminErrors } } }, async () => ({
    webhooks: await listWebhookViews(hub),
  }));

  r.post(
    '/webhooks',
    { schema: { body: createWebhookBodySchema, response: { 201: webhookWithSecretSchema, ...adminErrors } } },
    async (request, reply) => reply.code(201).send(await createWebhook(hub, request.body, await requireActor(request))),
  );

  r.get(
    '/webhooks/:id',
    { schema: { params: idParamsSchema, response: { 200: webhookResultSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => ({ webhook: await getWebhookView(hub, request.params.id) }),
  );

  r.patch(
    '/webhooks/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => ({
      webhook: await changeWebhook(hub, request.params.id, request.body, await requireActor(request)),
    }),
  );

  r.get(
    '/webhooks/:id/deletion-impact',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: webhookDeletionImpactSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => webhookDeletionImpact(hub, request.params.id),
  );

  r.delete(
    '/webhooks/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedSchema, ...adminErrors, ...apiErrors(404) } } },
    async (request) => {
      await removeWebhook(hub, request.params.id, await requireActor(request));
      return { deleted: true as const };
    },
  );

  r.post(
    '/webhooks/:id/rotate-secret',
    {
      // The answer holds a new secret: a recent full authentication, as for an OAuth client's secret.
      config: { stepUp: true },
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 200: webhookWithSecretSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => rotateWebhookSecret(hub, request.params.id, await requireActor(request)),
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        params: idParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => ({ deliveries: await listWebhookDeliveries(hub, request.params.id, request.query) }),
  );

  r.post(
    '/webhooks/:id/deliveries/:delivery_id/resend',
    {
      schema: {
        params: webhookDeliveryParamsSchema,
        body: emptyBody,
        response: { 200: webhookDeliveryResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request) => ({
      delivery: await resendDelivery(hub, request.params.id, request.params.delivery_id, await requireActor(request)),
    }),
  );

  r.post(
    '/webhooks/:id/test',
    {
      schema: {
        params: idParamsSchema,
        body: emptyBody,
        response: { 202: webhookDeliveryResultSchema, ...adminErrors, ...apiErrors(404) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ delivery: await sendTestEvent(hub, request.params.id, await requireActor(request)) }),
  );
}
