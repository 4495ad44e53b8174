import { defineMessages, type FormatDateOptions, type MessageDescriptor } from 'react-intl';
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

const problems = defineMessages({
  url: {
    id: 'integrations.webhook.problem.url',
    defaultMessage: 'Enter the endpoint’s full URL, starting with https://.',
  },
  events: { id: 'integrations.webhook.problem.events', defaultMessage: 'Choose at least one event.' },
});

/** How the integration screens show a moment: date and time, both medium, in the active locale. */
export const TIMESTAMP: FormatDateOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** What each event of the catalogue (src/shared/webhook-events.ts) means, as the event checkboxes say it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, MessageDescriptor> = defineMessages({
  'user.created': { id: 'integrations.event.userCreated', defaultMessage: 'An account was created' },
  'user.updated': { id: 'integrations.event.userUpdated', defaultMessage: 'Profile or account fields changed' },
  'user.deactivated': {
    id: 'integrations.event.userDeactivated',
    defaultMessage: 'An administrator deactivated the account',
  },
  'user.deleted': { id: 'integrations.event.userDeleted', defaultMessage: 'An account was deleted' },
  'user.roles_changed': { id: 'integrations.event.userRolesChanged', defaultMessage: 'Ecosystem roles changed' },
  'user.password_changed': {
    id: 'integrations.event.userPasswordChanged',
    defaultMessage: 'The password was changed or reset',
  },
  'user.mfa_changed': {
    id: 'integrations.event.userMfaChanged',
    defaultMessage: 'A second factor was added, removed or reset',
  },
  'session.revoked': {
    id: 'integrations.event.sessionRevoked',
    defaultMessage: 'A session was ended before it expired',
  },
  'client.created': { id: 'integrations.event.clientCreated', defaultMessage: 'An OAuth client was registered' },
  'client.updated': { id: 'integrations.event.clientUpdated', defaultMessage: 'An OAuth client changed' },
  'org.created': { id: 'integrations.event.orgCreated', defaultMessage: 'An organization was created' },
  'org.member_added': { id: 'integrations.event.orgMemberAdded', defaultMessage: 'Someone joined an organization' },
  'org.member_removed': {
    id: 'integrations.event.orgMemberRemoved',
    defaultMessage: 'Someone left or was removed from an organization',
  },
  'org.member_role_changed': {
    id: 'integrations.event.orgMemberRoleChanged',
    defaultMessage: 'A member’s organization roles changed',
  },
});

/** The browser's own checks, before sending; the server decides where a URL may point (SSRF). */
/** The browser's own checks, every problem at once. */
export function webhookProblems(v: WebhookFormValues): Partial<Record<keyof WebhookFormValues, MessageDescriptor>> {
  let url: URL | null = null;
  try {
    url = new URL(v.url.trim());
  } catch {
    url = null;
  }
  return {
    ...(!url || (url.protocol !== 'https:' && url.protocol !== 'http:') ? { url: problems.url } : {}),
    ...(v.events.length === 0 ? { events: problems.events } : {}),
  };
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

/**
 * How every screen names an endpoint (issue 46): its URL with the path, so two endpoints on one host
 * are told apart; a query is shown as `?…` (some receivers put a token there). The messages that
 * take it call the value {host}, as they did when only the host was shown.
 */
export function endpointNameOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return url;
  }
}
