import { z } from 'zod';
import { AUDIT_EVENT_TYPE_PATTERN, AUDIT_SEVERITIES, AUDIT_SOURCES } from '../audit-events';
import { boundedDateTime } from '../dates';
import { AUDIT_BATCH_MAX_EVENTS, AUDIT_DETAILS_MAX_BYTES } from '../audit-queue';

/**
 * One browser-reported event (POST /api/audit/events). Only these fields are read: anything else
 * (user_id, ip_address, source, hash…) is ignored, because who and where come from the request.
 */
export const clientEventSchema = z.object({
  event_type: z.string().regex(AUDIT_EVENT_TYPE_PATTERN, 'must be snake_case, 2-64 characters'),
  severity: z.enum(AUDIT_SEVERITIES),
  session_id: z.string().max(64).nullish(),
  details: z
    .record(z.string(), z.unknown())
    .refine(
      (d) => new TextEncoder().encode(JSON.stringify(d)).length <= AUDIT_DETAILS_MAX_BYTES,
      `must be at most ${AUDIT_DETAILS_MAX_BYTES} bytes of JSON`,
    )
    .default({}),
});

/** A batch is validated whole: the first bad event refuses it, named (`events.3.severity`). */
export const clientEventBatchSchema = z.object({
  events: z
    .array(clientEventSchema)
    .min(1, 'must hold at least one event')
    .max(AUDIT_BATCH_MAX_EVENTS, `must hold at most ${AUDIT_BATCH_MAX_EVENTS} events`),
  /** Events the browser dropped since its last successful flush (queue overflow). */
  dropped: z.number().int().min(0).max(1_000_000).optional(),
});
export type ClientEventBatch = z.output<typeof clientEventBatchSchema>;

export const ingestResultSchema = z.object({ accepted: z.number().int() });

/** One row of the audit log as the viewer and the JSONL export show it. */
export const auditRowSchema = z.object({
  id: z.number(),
  /** Issue 43: the writer's chain and the row's place in it (id = chain_id·2^40 + seq). */
  chain_id: z.number(),
  seq: z.number(),
  occurred_at: z.string(),
  event_type: z.string(),
  severity: z.string(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  session_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  source: z.string(),
  details: z.unknown(),
  prev_hash: z.string(),
  hash: z.string(),
});

export const auditPageSchema = z.object({ events: z.array(auditRowSchema), next_cursor: z.string().nullable() });

export const chainVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  first_bad_id: z.number().nullable(),
  /** Why it failed (absent when ok): see README "Audit log". */
  reason: z
    .enum([
      'head_missing',
      'head_invalid',
      'row_mismatch',
      'link_broken',
      'id_gap',
      'truncated',
      'rows_beyond_head',
      'rows_below_base',
      'rolled_back',
      'anchor_invalid',
      'anchor_mismatch',
      // Issue 43: a checkpoint names a chain that is gone, a row that differs, or is not authentic itself.
      'chain_missing',
      'checkpoint_mismatch',
      'checkpoint_invalid',
      // Issue 45: rows of a key epoch whose master key this process does not hold (HUB_MASTER_KEYS).
      'key_unavailable',
    ])
    .optional(),
  /** The chain the first bad row is in (issue 43: one chain per writer; a row's id is chain·2^40 + seq). */
  chain: z.number().optional(),
  /** The checkpoint row that named the position found missing or different. */
  checkpoint_id: z.number().optional(),
  /** Every chain's anchor as read: the chain, its head row's id and its seq. */
  chains: z.array(z.object({ chain: z.number(), head_id: z.number(), seq: z.number() })).optional(),
  /**
   * The failing chain's keyed anchor (chain 0's when all pass): where the chain ends and starts,
   * and up to where it is the sealed plain SHA-256 chain.
   */
  head: z
    .object({
      id: z.number(),
      hash: z.string(),
      base_id: z.number(),
      legacy_last_id: z.number(),
      sealed_at: z.string(),
    })
    .optional(),
});

/**
 * The viewer's and the export's filters (DESIGN §5; GET /api/admin/audit and /export): one
 * schema so both read the same rows, and the web app's filter type. Values are strings as they
 * sit in the URL. `user_id` takes a user id or an email (the viewer's filter box accepts
 * either). `include_browser` (default false) brings back the page-load events every browser
 * sends (config_change / app_startup from the security-event queue), which are stored but hidden
 * by default (issue 14).
 */
export const auditLogFiltersSchema = z.object({
  type: z.string().regex(AUDIT_EVENT_TYPE_PATTERN, 'must be a snake_case event type').optional(),
  severity: z.enum(AUDIT_SEVERITIES).optional(),
  user_id: z.string().trim().min(1).max(320).optional(),
  source: z.enum(AUDIT_SOURCES).optional(),
  from: boundedDateTime.optional(),
  to: boundedDateTime.optional(),
  include_browser: z.enum(['true', 'false']).optional(),
});
