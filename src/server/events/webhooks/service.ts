import { randomUUID } from 'node:crypto';
import type { Actor } from '../../actor';
import type { DbOrTx } from '../../db/client';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '../../db/schema/index';
import { HubError } from '../../errors';
import { loadClient } from '../../oauth/clients/service';
import type { Hub } from '../../hub';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveryView,
  WebhookView,
} from '../../../shared/api/events';
import { WEBHOOK_TEST_EVENT } from '../../../shared/webhook-events';
import {
  deleteEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  requeueDelivery,
  updateEndpoint,
} from '../delivery/queries';
import { countPendingDeliveries, findEndpoint, listEndpoints } from './queries';
import { ROTATION_OVERLAP_MS, WEBHOOK_PREVIOUS_SECRET_CONTEXT, WEBHOOK_SECRET_CONTEXT } from './secrets';
import type { Resolver } from '../../net/outbound';
import { assertOutboundTarget } from '../../net/outbound-target';
import { generateWebhookSecret } from './channel';
import { targetHost } from '../../net/outbound';
import { attemptsOf, RETRY_SCHEDULES } from '../delivery/retry-schedule';

/**
 * The rules of webhook administration (issue 30), for the admin routes: every change is audited in
 * its transaction and tells every node (hub.revocations `webhooks`) to read the subscribed events
 * again, so the outbox starts or stops writing for them at once.
 */

export function toWebhookView(e: WebhookEndpoint, now: Date): WebhookView {
  const overlap = e.previousSecretEnc && e.previousSecretUntil && e.previousSecretUntil > now;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    client_id: e.clientId,
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    failure_streak: e.failureStreak,
    previous_secret_valid_until: overlap ? e.previousSecretUntil!.toISOString() : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export function toDeliveryView(d: WebhookDelivery): WebhookDeliveryView {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status as WebhookDeliveryView['status'],
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    last_status_code: d.lastStatusCode,
    last_latency_ms: d.lastLatencyMs,
    last_error: d.lastError,
    last_response_excerpt: d.lastResponseExcerpt,
    max_attempts: attemptsOf(RETRY_SCHEDULES.webhook),
    payload: d.payload,
    created_at: d.createdAt.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null,
  };
}

/** A client filter names a registered client: a typo would otherwise silently deliver nothing. */
async function assertClient(hub: Hub, clientId: string | null | undefined): Promise<void> {
  if (clientId && !(await loadClient(hub, clientId))) {
    throw new HubError('invalid_request', 'client_id: no OAuth client is registered with this id.', {
      field: 'client_id',
    });
  }
}

async function mustFind(db: DbOrTx, id: string): Promise<WebhookEndpoint> {
  const found = await findEndpoint(db, id);
  if (!found) throw new HubError('not_found', 'No such webhook endpoint.');
  return found;
}

export async function listWebhookViews(hub: Hub): Promise<WebhookView[]> {
  const now = hub.clock();
  return (await listEndpoints(hub.db)).map((e) => toWebhookView(e, now));
}

export async function getWebhookView(hub: Hub, id: string): Promise<WebhookView> {
  return toWebhookView(await mustFind(hub.db, id), hub.clock());
}

/** Registers an endpoint; its secret is generated, sealed, and answered this once. */
export async function createWebhook(
  hub: Hub,
  input: CreateWebhookBody,
  actor: Actor,
  resolver?: Resolver,
): Promise<{ webhook: WebhookView; secret: string }> {
  await assertOutboundTarget(hub, 'url', input.url, resolver);
  await assertClient(hub, input.client_id);
  const secret = generateWebhookSecret();
  const now = hub.clock();
  const created = await hub.db.transaction(async (tx) => {
    const endpoint = await insertEndpoint(tx, {
      url: input.url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      clientId: input.client_id ?? null,
      secretEnc: hub.secrets.seal(secret, WEBHOOK_SECRET_CONTEXT),
      enabled: input.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    });
    await hub.audit.record(
      {
        type: 'webhook_created',
        ...actor.audit,
        details: {
          webhook_id: endpoint.id,
          host: targetHost(endpoint.url),
          events: endpoint.events,
          client_id: endpoint.clientId,
        },
      },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
    return endpoint;
  });
  return { webhook: toWebhookView(created, now), secret };
}

/** Changes the fields given. Enabling an endpoint again clears why it was disabled and its failure streak. */
export async function changeWebhook(
  hub: Hub,
  id: string,
  input: UpdateWebhookBody,
  actor: Actor,
  resolver?: Resolver,
): Promise<WebhookView> {
  if (input.url !== undefined) await assertOutboundTarget(hub, 'url', input.url, resolver);
  await assertClient(hub, input.client_id);
  const now = hub.clock();
  const values: Partial<NewWebhookEndpoint> = { updatedAt: now };
  if (input.url !== undefined) values.url = input.url;
  if (input.description !== undefined) values.description = input.description;
  if (input.events !== undefined) values.events = [...new Set(input.events)];
  if (input.client_id !== undefined) values.clientId = input.client_id;
  if (input.enabled !== undefined) {
    values.enabled = input.enabled;
    values.disabledReason = input.enabled ? null : 'admin';
    if (input.enabled) values.failureStreak = 0;
  }
  const updated = await hub.db.transaction(async (tx) => {
    const endpoint = await updateEndpoint(tx, id, values);
    if (!endpoint) throw new HubError('not_found', 'No such webhook endpoint.');
    await hub.audit.record(
      {
        type: 'webhook_updated',
        ...actor.audit,
        details: { webhook_id: id, host: targetHost(endpoint.url), fields: Object.keys(input).sort() },
      },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
    return endpoint;
  });
  return toWebhookView(updated, now);
}

/** Deletes an endpoint with its delivery log. */
/** What deleting an endpoint drops, for the confirmation; 404 for an unknown id. */
export async function webhookDeletionImpact(hub: Hub, id: string): Promise<{ pending_deliveries: number }> {
  await mustFind(hub.db, id);
  return { pending_deliveries: await countPendingDeliveries(hub.db, id) };
}

export async function removeWebhook(hub: Hub, id: string, actor: Actor): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const endpoint = await mustFind(tx, id);
    if (!(await deleteEndpoint(tx, id))) throw new HubError('not_found', 'No such webhook endpoint.');
    await hub.audit.record(
      { type: 'webhook_deleted', ...actor.audit, details: { webhook_id: id, host: targetHost(endpoint.url) } },
      tx,
    );
    await hub.revocations.publish({ kind: 'webhooks' }, tx);
  });
}

/**
 * A new secret, answered this once; the current one becomes the previous and keeps signing (both
 * signatures on every delivery) for ROTATION_OVERLAP_MS, while receivers switch.
 */
export async function rotateWebhookSecret(
  hub: Hub,
  id: string,
  actor: Actor,
): Promise<{ webhook: WebhookView; secret: string }> {
  const secret = generateWebhookSecret();
  const now = hub.clock();
  const until = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const updated = await hub.db.transaction(async (tx) => {
    const current = await mustFind(tx, id);
    const previous = hub.secrets.open(current.secretEnc, WEBHOOK_SECRET_CONTEXT);
    const endpoint = await updateEndpoint(tx, id, {
      secretEnc: hub.secrets.seal(secret, WEBHOOK_SECRET_CONTEXT),
      previousSecretEnc: hub.secrets.seal(previous, WEBHOOK_PREVIOUS_SECRET_CONTEXT),
      previousSecretUntil: until,
      updatedAt: now,
    });
    if (!endpoint) throw new HubError('not_found', 'No such webhook endpoint.');
    await hub.audit.record(
      {
        type: 'webhook_secret_rotated',
        ...actor.audit,
        details: { webhook_id: id, host: targetHost(endpoint.url), previous_valid_until: until.toISOString() },
      },
      tx,
    );
    return endpoint;
  });
  return { webhook: toWebhookView(updated, now), secret };
}

export async function listWebhookDeliveries(
  hub: Hub,
  id: string,
  query: { limit: number; before?: number },
): Promise<WebhookDeliveryView[]> {
  await mustFind(hub.db, id);
  return (await listDeliveries(hub.db, id, query.limit, query.before)).map(toDeliveryView);
}

/** Queues a delivery of this endpoint again, due now, with a fresh retry schedule (same webhook-id). */
export async function resendDelivery(
  hub: Hub,
  id: string,
  deliveryId: number,
  actor: Actor,
): Promise<WebhookDeliveryView> {
  const now = hub.clock();
  const requeued = await hub.db.transaction(async (tx) => {
    const endpoint = await mustFind(tx, id);
    const delivery = await requeueDelivery(tx, id, deliveryId, now);
    if (!delivery) throw new HubError('not_found', 'No such delivery of this webhook endpoint.');
    await hub.audit.record(
      {
        type: 'webhook_delivery_resent',
        ...actor.audit,
        details: { webhook_id: id, host: targetHost(endpoint.url), delivery_id: deliveryId },
      },
      tx,
    );
    return delivery;
  });
  hub.outbox.committed();
  return toDeliveryView(requeued);
}

/** Queues a `webhook.test` event for this endpoint alone, whatever it subscribes to. */
export async function sendTestEvent(hub: Hub, id: string, actor: Actor): Promise<WebhookDeliveryView> {
  const now = hub.clock();
  const queued = await hub.db.transaction(async (tx) => {
    const endpoint = await mustFind(tx, id);
    const delivery = await insertDelivery(tx, {
      eventId: `msg_${randomUUID().replaceAll('-', '')}`,
      eventType: WEBHOOK_TEST_EVENT,
      endpointId: id,
      payload: { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { webhook_id: id } },
      now,
    });
    await hub.audit.record(
      {
        type: 'webhook_test_sent',
        ...actor.audit,
        details: { webhook_id: id, host: targetHost(endpoint.url), delivery_id: delivery.id },
      },
      tx,
    );
    return delivery;
  });
  hub.outbox.committed();
  return toDeliveryView(queued);
}
