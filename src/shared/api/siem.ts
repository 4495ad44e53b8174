import { z } from 'zod';
import { AUDIT_SEVERITIES, isKnownAuditEventType } from '../audit-events';
import { AUDIT_BROWSER_PAGE_LOAD_TYPES } from '../audit-queue';

/**
 * The SIEM sink administration API (issue 30): /api/admin/audit-sinks*. The checkpoint key (the
 * receiver's proof that nothing was withheld) appears once, in the creation answer; the https
 * auth header is write-only (views say only whether one is set).
 */

export const AUDIT_SINK_KINDS = ['syslog-tls', 'https'] as const;
export type AuditSinkKind = (typeof AUDIT_SINK_KINDS)[number];

/** host:port for syslog (a name, an IPv4 address or a [bracketed] IPv6 address). */
const HOST_PORT = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

const target = z.string().trim().min(3).max(2000);
const caPem = z
  .string()
  .max(64_000)
  .refine((v) => v.includes('-----BEGIN CERTIFICATE-----'), 'must be PEM certificates');
/** `Name: value`, sent on each https batch; never shown again. */
const authHeader = z
  .string()
  .max(4000)
  .regex(/^[A-Za-z0-9-]{1,64}: ?[\x20-\x7e]{1,3900}$/, 'must be "Header-Name: value"');
/** A type a sink can filter on: one of the catalogue's (audit-events.ts) or the browser's page-load events. */
export function isSinkEventType(type: string): boolean {
  return isKnownAuditEventType(type) || AUDIT_BROWSER_PAGE_LOAD_TYPES.includes(type);
}

/**
 * Issue 46: a misspelt type would silently filter everything out, so each one must be in the
 * catalogue; the refusal names every unknown one.
 */
const eventTypes = z
  .array(z.string().max(64))
  .max(200)
  .superRefine((types, ctx) => {
    const unknown = [...new Set(types.filter((t) => !isSinkEventType(t)))];
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `unknown event types: ${unknown.join(', ')}` });
  });

const sinkFields = {
  name: z.string().trim().max(200).optional(),
  kind: z.enum(AUDIT_SINK_KINDS),
  /** syslog-tls: host:port; https: an absolute https URL (http only to localhost outside production). */
  target,
  ca_pem: caPem.nullish(),
  auth_header: authHeader.nullish(),
  /** Only these event types (empty or omitted: all). */
  event_types: eventTypes.optional(),
  min_severity: z.enum(AUDIT_SEVERITIES).optional(),
  enabled: z.boolean().optional(),
};

/** The target's spelling for its kind; where it may point is the server's check (net/outbound.ts). */
function targetFits(kind: AuditSinkKind, value: string): boolean {
  if (kind === 'syslog-tls') return HOST_PORT.test(value);
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.hash && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const createAuditSinkBodySchema = z
  .strictObject(sinkFields)
  .refine((b) => targetFits(b.kind, b.target), {
    message: 'target: host:port for syslog-tls, an absolute https URL for https',
    path: ['target'],
  })
  .refine((b) => b.kind === 'https' || !b.auth_header, {
    message: 'auth_header: only for https sinks',
    path: ['auth_header'],
  });
export type CreateAuditSinkBody = z.infer<typeof createAuditSinkBodySchema>;

/** The kind is fixed at creation; a new target is checked against it. */
export const updateAuditSinkBodySchema = z
  .strictObject({
    name: sinkFields.name,
    target: target.optional(),
    ca_pem: sinkFields.ca_pem,
    auth_header: sinkFields.auth_header,
    event_types: sinkFields.event_types,
    min_severity: sinkFields.min_severity,
    enabled: sinkFields.enabled,
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type UpdateAuditSinkBody = z.infer<typeof updateAuditSinkBodySchema>;

export const auditSinkViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(AUDIT_SINK_KINDS),
  target: z.string(),
  has_ca: z.boolean(),
  has_auth_header: z.boolean(),
  event_types: z.array(z.string()),
  min_severity: z.enum(AUDIT_SEVERITIES),
  enabled: z.boolean(),
  last_audit_id: z.number().int(),
  /** Rows behind the chain's head (filtered rows included: they advance the cursor too). */
  lag_rows: z.number().int(),
  last_delivered_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  failure_streak: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuditSinkView = z.infer<typeof auditSinkViewSchema>;

export const auditSinkListSchema = z.object({ sinks: z.array(auditSinkViewSchema) });
export const auditSinkResultSchema = z.object({ sink: auditSinkViewSchema });
/** The creation answer: the checkpoint key (base64url, HMAC-SHA256), shown this once. */
export const auditSinkWithKeySchema = z.object({ sink: auditSinkViewSchema, checkpoint_key: z.string() });
