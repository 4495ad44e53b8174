import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { keysetAfter, keysetOrder, type Keyset } from '../../db/cursor';
import { mapRow } from '../../db/map-row';
import type { RowsWrite } from '../../db/writes';
import {
  authSessions,
  oauthConsents,
  ssfStreams,
  ssfSubjects,
  webhookDeliveries,
  webhookEndpoints,
  type NewWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../db/schema/index';

/**
 * Whether the event (`x`) is about a user of the stream's (`st`) client (issue 38, finding 10): one
 * who consented to it, or, when it is a platform (consented by its registration, so no consent row
 * exists), one who signed in to it. A third party hears nothing more once its consent is withdrawn.
 * The rule is the SQL function hub_ssf_audience (drizzle/0021): written inline, its two correlated
 * subqueries made every audited write's statement scan all consents and sessions (10× slower writes
 * on a cluster under load, tests/cluster/events.test.ts).
 */
const streamAudience = sql`hub_ssf_audience(st.client_id, x.user_id)`;

/** One outbox row as the unit of work hands it over (JSON object text, see outboxWrite). */
export interface OutboxRow {
  event_id: string;
  event_type: string;
  user_id: string | null;
  client_id: string | null;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/**
 * The outbox's write in a unit of work (db/writes.ts): one delivery row per event and enabled
 * endpoint that subscribes to it, fanned out by the database in the audit append's own
 * statement. An endpoint limited to a client gets that client's events and the events of users
 * who consented to it or hold a session of it. An SSF stream is a receiver's, not an
 * administrator's: it hears only of the users of its client (`streamAudience`) unless marked first-party.
 */
export function outboxWrite(events: OutboxRow[]): RowsWrite {
  return {
    kind: 'rows',
    key: 'webhook_deliveries',
    rows: events.map((e) => JSON.stringify(e)),
    statement: (json: string, guard: SQL) => sql`insert into ${webhookDeliveries}
        (event_id, event_type, endpoint_id, payload, next_attempt_at, created_at)
      select x.event_id, x.event_type, e.id, x.payload, x.occurred_at, x.occurred_at
      from jsonb_to_recordset(${json}::jsonb)
        as x(event_id text, event_type text, user_id uuid, client_id text, payload jsonb, occurred_at timestamptz)
      join ${webhookEndpoints} e on e.enabled and x.event_type = any(e.events) and (
        e.client_id is null or e.client_id = x.client_id or (x.user_id is not null and (
          exists (select 1 from ${oauthConsents} c where c.user_id = x.user_id and c.client_id = e.client_id)
          or exists (select 1 from ${authSessions} s where s.user_id = x.user_id and s.client_id = e.client_id))))
      -- SSF: a stream hears of its client's users (or of everyone, first-party); listing subjects
      -- narrows it to them (unless it asked for all).
      and (e.channel <> 'ssf' or exists (select 1 from ${ssfStreams} st where st.endpoint_id = e.id
        and (st.first_party or ${streamAudience}) and (st.all_subjects
        or not exists (select 1 from ${ssfSubjects} ss where ss.stream_id = st.id)
        or exists (select 1 from ${ssfSubjects} ss where ss.stream_id = st.id and ss.user_id = x.user_id))))
      where ${guard}
      returning 1`,
  };
}

/** Newest first by id, on webhook_deliveries_endpoint_idx (endpoint_id, id) walked backwards: bare DESC. */
const DELIVERY_PAGES: Keyset = { id: webhookDeliveries.id, direction: 'desc', nullsFirst: true };

/** An endpoint's delivery log, newest first, `before` a delivery id (paging: the last id of the previous page). */
export async function listDeliveries(
  db: DbOrTx,
  endpointId: string,
  limit: number,
  before?: number,
): Promise<WebhookDelivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        keysetAfter(DELIVERY_PAGES, before ? { id: before } : undefined),
      ),
    )
    .orderBy(...keysetOrder(DELIVERY_PAGES))
    .limit(limit);
}

/** A delivery of an endpoint queued again, due now (Resend); undefined when it is not that endpoint's. */
export async function requeueDelivery(
  db: DbOrTx,
  endpointId: string,
  deliveryId: number,
  now: Date,
): Promise<WebhookDelivery | undefined> {
  const [found] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  return found;
}

/** A delivery outside any change (the endpoint's test event), due now. */
export async function insertDelivery(
  db: DbOrTx,
  values: { eventId: string; eventType: string; endpointId: string; payload: Record<string, unknown>; now: Date },
): Promise<WebhookDelivery> {
  const [created] = await db
    .insert(webhookDeliveries)
    .values({ ...values, nextAttemptAt: values.now, createdAt: values.now })
    .returning();
  return created;
}

/** A claimed delivery with what sending it needs from its endpoint. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  endpoint: WebhookEndpoint;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints: locked with FOR UPDATE SKIP LOCKED
 * (another node's worker skips them instead of waiting), counted as an attempt and leased until
 * `leaseUntil`: if this node dies before it records the outcome, they are due again then.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id and e.enabled and not e.paused
      where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    ), claimed as (
      update ${webhookDeliveries} d
      set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.*
    )
    select row_to_json(c.*) as delivery, row_to_json(e.*) as endpoint
    from claimed c join ${webhookEndpoints} e on e.id = c.endpoint_id
    order by c.next_attempt_at, c.id`,
  );
  return found.map((r) => ({
    delivery: mapRow(webhookDeliveries, parsed(r.delivery)),
    endpoint: mapRow(webhookEndpoints, parsed(r.endpoint)),
  }));
}

function parsed(value: unknown): Record<string, unknown> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

/** The outcome of one attempt. `nextAttemptAt` null: no further attempt (delivered or given up). */
export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The first bytes of a failed answer's body (webhooks/channel.ts answerExcerpt). */
  excerpt: string | null;
  at: Date;
}

/**
 * Records the outcomes of a pass's attempts and moves each endpoint's failure streak, in one
 * statement (one round trip per pass, not per delivery): an endpoint with a success in the pass
 * starts again from 0, any other adds its failures.
 */
export async function recordAttempts(
  db: DbOrTx,
  attempts: { claimed: ClaimedDelivery; outcome: AttemptOutcome }[],
): Promise<void> {
  if (!attempts.length) return;
  const json = JSON.stringify(
    attempts.map(({ claimed, outcome }) => ({
      id: claimed.delivery.id,
      endpoint_id: claimed.endpoint.id,
      status: outcome.status,
      next_attempt_at: outcome.nextAttemptAt ?? outcome.at,
      last_status_code: outcome.statusCode,
      last_latency_ms: outcome.latencyMs,
      last_error: outcome.error,
      last_response_excerpt: outcome.excerpt,
      delivered_at: outcome.status === 'delivered' ? outcome.at : null,
    })),
  );
  await db.execute(sql`with o as (
      select * from jsonb_to_recordset(${json}::jsonb) as o(id bigint, endpoint_id uuid, status text,
        next_attempt_at timestamptz, last_status_code int, last_latency_ms int, last_error text,
        last_response_excerpt text, delivered_at timestamptz)
    ), d as (
      update ${webhookDeliveries} w set status = o.status, next_attempt_at = o.next_attempt_at,
        last_status_code = o.last_status_code, last_latency_ms = o.last_latency_ms, last_error = o.last_error,
        last_response_excerpt = o.last_response_excerpt, delivered_at = o.delivered_at
      from o where w.id = o.id
      returning 1
    ), s as (
      select endpoint_id, bool_or(status = 'delivered') as ok, count(*) filter (where status <> 'delivered') as failures
      from o group by endpoint_id
    )
    update ${webhookEndpoints} e
    set failure_streak = case when s.ok then 0 else e.failure_streak + s.failures end
    from s where e.id = s.endpoint_id`);
}

/**
 * Deletes up to `limit` finished deliveries (delivered or failed) created before `before`: the
 * delivery log's retention. Pending ones stay whatever their age: they are still owed.
 */
export async function pruneDeliveries(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const deleted = await rows<{ id: number }>(
    db,
    sql`delete from ${webhookDeliveries} where id in (
      select id from ${webhookDeliveries}
      where status <> 'pending' and created_at < ${before.toISOString()}::timestamptz
      limit ${limit}
    ) returning id`,
  );
  return deleted.length;
}

/** Pending deliveries and the age of the oldest (metrics). */
export async function outboxBacklog(db: DbOrTx, now: Date): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await rows<{ pending: number | string; oldest: Date | string | null }>(
    db,
    sql`select count(*) as pending, min(created_at) as oldest from ${webhookDeliveries} where status = 'pending'`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return { pending: Number(row?.pending ?? 0), oldestSeconds: Math.max(0, (now.getTime() - oldest) / 1000) };
}

export async function insertEndpoint(db: DbOrTx, values: NewWebhookEndpoint): Promise<WebhookEndpoint> {
  const [created] = await db.insert(webhookEndpoints).values(values).returning();
  return created;
}

/** `channel`: an SSF stream's endpoint is changed through its stream only (ssf/queries.ts). */
export async function updateEndpoint(
  db: DbOrTx,
  id: string,
  values: Partial<NewWebhookEndpoint>,
  channel: 'webhook' | 'ssf' = 'webhook',
): Promise<WebhookEndpoint | undefined> {
  const [updated] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.channel, channel)))
    .returning();
  return updated;
}

export async function deleteEndpoint(db: DbOrTx, id: string, channel: 'webhook' | 'ssf' = 'webhook'): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.channel, channel)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** Disables an endpoint the worker gave up on (answered 410, or failed past the retry schedule). */
export async function disableEndpoint(db: DbOrTx, id: string, reason: string, now: Date): Promise<boolean> {
  const [updated] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return Boolean(updated);
}
