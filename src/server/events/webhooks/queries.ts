import { and, eq, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from '../../db/schema/index';

/**
 * Reads of the webhook_endpoints table (webhooks and SSF pushes alike). Its writes are in
 * delivery/queries.ts, which also counts an endpoint's failures in the statement that records
 * its attempts.
 */

/** The event types at least one enabled endpoint subscribes to (the outbox's cached flag). */
export async function findSubscribedTypes(db: DbOrTx): Promise<string[]> {
  const found = await rows<{ type: string }>(
    db,
    sql`select distinct unnest(events) as type from ${webhookEndpoints} where enabled`,
  );
  return found.map((r) => r.type);
}

export async function listEndpoints(db: DbOrTx): Promise<WebhookEndpoint[]> {
  // SSF streams share the table but are managed by their receivers (ssf/service.ts), not here.
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.channel, 'webhook'))
    .orderBy(webhookEndpoints.createdAt);
}

export async function findEndpoint(db: DbOrTx, id: string): Promise<WebhookEndpoint | undefined> {
  const [found] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.channel, 'webhook')));
  return found;
}

/** The deliveries to an endpoint still owed (pending, retrying): deleting it drops them. */
export async function countPendingDeliveries(db: DbOrTx, endpointId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  return count;
}
