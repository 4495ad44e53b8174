import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oauthClients } from './oauth';

/**
 * A webhook endpoint an administrator registered (issue 30). The signing secret is sealed at rest
 * (crypto/secrets.ts) and shown once; during a rotation the previous one stays until
 * `previous_secret_until`, and deliveries carry both signatures meanwhile. `client_id` limits the
 * endpoint to one client's events and its users' (null: everything subscribed). The worker
 * disables an endpoint that answers 410 or fails for longer than the retry schedule
 * (`disabled_reason`), and `failure_streak` counts failed attempts since the last success.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  clientId: text('client_id'),
  secretEnc: text('secret_enc').notNull(),
  previousSecretEnc: text('previous_secret_enc'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  /** 'gone' (answered 410) | 'failing' (retries exhausted) | 'admin'; null while enabled. */
  disabledReason: text('disabled_reason'),
  failureStreak: integer('failure_streak').notNull().default(0),
  // --- SSF (issue 30): an OpenID Shared Signals stream is one more delivery target of the same
  // outbox ('ssf': its row in ssf_streams; secret_enc then seals the push authorization header).
  // A paused stream's deliveries are written but not claimed until it is enabled again.
  channel: text('channel').notNull().default('webhook'),
  paused: boolean('paused').notNull().default(false),
  // --- end SSF
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one row per event and subscribed endpoint, inserted in the same statement as the
 * audit row of the change it reports (events/delivery/outbox.ts), so an event exists exactly when its change
 * does. Workers on every node claim due rows with FOR UPDATE SKIP LOCKED and lease them by moving
 * `next_attempt_at` ahead (a node that dies mid-delivery leaves its rows due again after the lease);
 * `event_id` is the `webhook-id` on the wire, the same for every attempt and every endpoint.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The body sent: `{type, timestamp, data}`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** 'pending' | 'delivered' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    /**
     * Issue 46: the first bytes of the last non-2xx answer's body (webhooks/channel.ts answerExcerpt:
     * bounded, control characters and anything shaped like a signing secret or signature removed);
     * never its headers.
     */
    lastResponseExcerpt: text('last_response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's claim: due pending rows, oldest first; the partial index holds only those.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    // The delivery log of one endpoint, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/**
 * Back-channel logouts owed (OIDC Back-Channel Logout 1.0 §2.5, issue 38): one row per client and
 * hub session to be told, inserted in the transaction that ends the sessions, so a node that stops
 * before the receiver has its logout token loses none: any node's worker claims due rows with
 * FOR UPDATE SKIP LOCKED and leases them by moving `next_attempt_at` ahead, as the outbox's. A
 * fresh token is signed for every attempt; the row is deleted when its outcome is audited
 * (`oauth_backchannel_logout`). The URI is the client's at the time of each attempt. No foreign key
 * to the user: the logout of an account deleted meanwhile is still owed to the client.
 */
export const backchannelLogouts = pgTable(
  'backchannel_logouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The hub session that ended (its browser session id): the logout token's `sid`. */
    sid: uuid('sid').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('backchannel_logouts_due_idx').on(t.nextAttemptAt)],
);

export type BackchannelLogout = typeof backchannelLogouts.$inferSelect;

// --- SSF (issue 30): OpenID Shared Signals streams and their subjects.

/**
 * A Shared Signals stream (SSF 1.0 §8): one per OAuth client (`client_id`, the receiver that
 * manages it with an `ssf.manage` token), delivering by push (RFC 8935) through its row in
 * webhook_endpoints (`endpoint_id`: URL, events delivered, enabled/paused, the sealed
 * authorization header). `aud` is the SETs' audience. With subjects listed (ssf_subjects), the
 * stream gets events about them only, unless `all_subjects`; either way only about the users of
 * its client unless `first_party`.
 */
export const ssfStreams = pgTable('ssf_streams', {
  id: uuid('id').primaryKey().defaultRandom(),
  endpointId: uuid('endpoint_id')
    .notNull()
    .unique()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull().unique(),
  audience: text('audience').notNull(),
  eventsRequested: text('events_requested').array().notNull(),
  description: text('description').notNull().default(''),
  allSubjects: boolean('all_subjects').notNull().default(false),
  /**
   * Issue 38: a stream hears only of the users of its client (those who consented to it, or signed
   * in to it when it is a platform, consented by its registration) unless an administrator marked
   * the receiver first-party (the admin API, audited); the receiver cannot set it.
   */
  firstParty: boolean('first_party').notNull().default(false),
  /** 'enabled' | 'paused' | 'disabled' (SSF §8.1.2); the endpoint row carries what the worker obeys. */
  status: text('status').notNull().default('enabled'),
  statusReason: text('status_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A subject a stream asked for (SSF §8.1.3), in RFC 9493 form (`subject`, `key` its canonical
 * spelling for uniqueness); `user_id` is the account it names when the hub knows it (the fan-out
 * filters by it), null for one it does not know (no event can be about it).
 */
export const ssfSubjects = pgTable(
  'ssf_subjects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => ssfStreams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    subject: jsonb('subject').$type<Record<string, string>>().notNull(),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ssf_subjects_stream_key_idx').on(t.streamId, t.key),
    index('ssf_subjects_user_idx').on(t.userId),
  ],
);

export type SsfStream = typeof ssfStreams.$inferSelect;
export type SsfSubject = typeof ssfSubjects.$inferSelect;
// --- end SSF

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
