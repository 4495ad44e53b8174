import type { CreateWebhookBody, UpdateWebhookBody } from '@shared/api/events';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/webhook-events';
import type { Webhook } from '@/data/webhooks/webhooks-query';

/** The client select's value for "every client" (a Radix select item cannot have an empty value). */
export const ALL_CLIENTS = '__all__';

/** A type, not an interface: useForm needs the index signature an interface cannot give. */
export type WebhookFormValues = {
  url: string;
  description: string;
  events: WebhookEventType[];
  client: string;
};

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', description: '', events: [], client: ALL_CLIENTS };

const isEventType = (e: string): e is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e);

export function formValuesOf(w: Webhook): WebhookFormValues {
  return {
    url: w.url,
    description: w.description,
    events: w.events.filter(isEventType),
    client: w.client_id ?? ALL_CLIENTS,
  };
}

/** The browser's own checks, before sending; the server decides where a URL may point (SSRF). */
export function firstProblem(v: WebhookFormValues): [keyof WebhookFormValues, string] | null {
  let url: URL | null = null;
  try {
    url = new URL(v.url.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return ['url', 'Enter the endpoint’s full URL, starting with https://.'];
  }
  if (v.events.length === 0) return ['events', 'Choose at least one event.'];
  return null;
}

export function createBodyOf(v: WebhookFormValues): CreateWebhookBody {
  return {
    url: v.url.trim(),
    events: v.events,
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    ...(v.client !== ALL_CLIENTS ? { client_id: v.client } : {}),
  };
}

export function updateBodyOf(v: WebhookFormValues): UpdateWebhookBody {
  return {
    url: v.url.trim(),
    events: v.events,
    description: v.description.trim(),
    client_id: v.client === ALL_CLIENTS ? null : v.client,
  };
}

/** The list names an endpoint by its host: the path may carry a token some receivers put there. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
