import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Every webhook mutation changes the list or a log: refetch both, then the caller's own follow-up. */
function useWebhookMutation<TData, TVars>(
  mutationFn: (vars: TVars) => Promise<TData>,
  errorToast: string | undefined,
  { onSuccess, ...options }: MutationOptions<TData, TVars>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: webhookKeys.all() });
      await onSuccess?.(...args);
    },
    ...(errorToast ? { meta: { errorToast } } : {}),
    ...options,
  });
}

/** Form errors are shown in the form: no toast. */
export const useWebhookCreateMutation = (options: MutationOptions<WebhookWithSecret, CreateWebhookBody> = {}) =>
  useWebhookMutation(createWebhook, undefined, options);

export const useWebhookUpdateMutation = (options: MutationOptions<WebhookView, WebhookUpdateVars> = {}) =>
  useWebhookMutation(updateWebhook, undefined, options);

export const useWebhookDeleteMutation = (options: MutationOptions<{ deleted: true }, string> = {}) =>
  useWebhookMutation(deleteWebhook, 'Failed to delete webhook', options);

export const useWebhookRotateMutation = (options: MutationOptions<WebhookWithSecret, string> = {}) =>
  useWebhookMutation(rotateWebhookSecret, 'Failed to rotate the signing secret', options);

export const useWebhookTestMutation = (options: MutationOptions<WebhookDeliveryView, string> = {}) =>
  useWebhookMutation(sendWebhookTest, 'Failed to send the test event', options);

export const useWebhookResendMutation = (options: MutationOptions<WebhookDeliveryView, ResendVars> = {}) =>
  useWebhookMutation(resendWebhookDelivery, 'Failed to resend the delivery', options);
