import { defineMessage } from 'react-intl';
import type { z } from 'zod';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryView,
  WebhookView,
  webhookWithSecretSchema,
} from '@shared/api/events';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { webhookKeys } from './keys';
import { useRefetchingMutation } from '../refetching-mutation';

/** Creation and rotation answer with the signing secret: the only two answers that carry it. */
export type WebhookWithSecret = z.output<typeof webhookWithSecretSchema>;

const path = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

export function createWebhook(body: CreateWebhookBody): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>('/api/admin/webhooks', body);
}

export interface WebhookUpdateVars {
  id: string;
  body: UpdateWebhookBody;
}

export function updateWebhook({ id, body }: WebhookUpdateVars): Promise<WebhookView> {
  return api.patch<{ webhook: WebhookView }>(path(id), body).then((r) => r.webhook);
}

export function deleteWebhook(id: string): Promise<{ deleted: true }> {
  return api.delete<{ deleted: true }>(path(id));
}

/** A step-up route: the signed-in shell's refusal host asks to confirm, then this is sent again. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return api.post<WebhookWithSecret>(`${path(id)}/rotate-secret`);
}

export function sendWebhookTest(id: string): Promise<WebhookDeliveryView> {
  return api.post<{ delivery: WebhookDeliveryView }>(`${path(id)}/test`).then((r) => r.delivery);
}

export interface ResendVars {
  id: string;
  deliveryId: number;
}

export function resendWebhookDelivery({ id, deliveryId }: ResendVars): Promise<WebhookDeliveryView> {
  return api
    .post<{ delivery: WebhookDeliveryView }>(`${path(id)}/deliveries/${deliveryId}/resend`)
    .then((r) => r.delivery);
}

/** Form errors are shown in the form: no toast. */
export const useWebhookCreateMutation = (options: MutationOptions<WebhookWithSecret, CreateWebhookBody> = {}) =>
  useRefetchingMutation(webhookKeys.all(), createWebhook, options);

export const useWebhookUpdateMutation = (options: MutationOptions<WebhookView, WebhookUpdateVars> = {}) =>
  useRefetchingMutation(webhookKeys.all(), updateWebhook, options);

export const useWebhookDeleteMutation = (options: MutationOptions<{ deleted: true }, string> = {}) =>
  useRefetchingMutation(
    webhookKeys.all(),
    deleteWebhook,
    options,
    defineMessage({
      id: 'data.toast.failedToDeleteWebhook',
      defaultMessage: 'Failed to delete webhook',
    }),
  );

export const useWebhookRotateMutation = (options: MutationOptions<WebhookWithSecret, string> = {}) =>
  useRefetchingMutation(
    webhookKeys.all(),
    rotateWebhookSecret,
    options,
    defineMessage({
      id: 'data.toast.failedToRotateTheSigningSecret',
      defaultMessage: 'Failed to rotate the signing secret',
    }),
  );

export const useWebhookTestMutation = (options: MutationOptions<WebhookDeliveryView, string> = {}) =>
  useRefetchingMutation(
    webhookKeys.all(),
    sendWebhookTest,
    options,
    defineMessage({
      id: 'data.toast.failedToSendTheTestEvent',
      defaultMessage: 'Failed to send the test event',
    }),
  );

export const useWebhookResendMutation = (options: MutationOptions<WebhookDeliveryView, ResendVars> = {}) =>
  useRefetchingMutation(
    webhookKeys.all(),
    resendWebhookDelivery,
    options,
    defineMessage({
      id: 'data.toast.failedToResendTheDelivery',
      defaultMessage: 'Failed to resend the delivery',
    }),
  );
