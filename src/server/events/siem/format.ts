import { keyedMac, macKey } from '../../crypto/keyed-mac';
import type { AuditLogRow } from '../../db/schema/index';
import type { AuditSeverity } from '../../../shared/audit-events';

/**
 * What a SIEM sink sends (issue 30): each audit row as a JSON line carrying its `id`, `hash` and
 * `prev_hash` (the receiver checks each prev_hash against the previous hash), and checkpoint
 * records: the head the sink has passed (`head_id`, `head_hash`) under an HMAC-SHA256 only the hub
 * and this sink's receiver can make, so a receiver proves that rows missing between two records
 * were filtered out by the hub, not withheld on the way.
 *
 * Syslog is RFC 5424 (facility 13, "log audit"), framed by octet counting (RFC 6587 §3.4.1), as
 * RFC 5425 requires over TLS.
 */

export const SYSLOG_FACILITY = 13;
export const SD_ID_AUDIT = 'audit@32473';
export const SD_ID_CHECKPOINT = 'checkpoint@32473';
export const CHECKPOINT_MSGID = 'audit_checkpoint';

/** The hub's severities as syslog severities (RFC 5424 §6.2.1). */
const SYSLOG_SEVERITY: Record<AuditSeverity, number> = { critical: 2, high: 3, medium: 4, low: 5, info: 6 };

export const SEVERITY_RANK: Record<AuditSeverity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/**
 * The keyed-MAC context of a sink's checkpoints (crypto/keyed-mac.ts): one key per sink and
 * generation, derived, never stored. The first generation keeps the label it always had; a
 * rotation (issue 46) moves the sink to the next (`…/<sink id>/<generation>`).
 */
const checkpointContext = (sinkId: string, generation: number) =>
  generation <= 1 ? `audit-sink-checkpoint/v1/${sinkId}` : `audit-sink-checkpoint/v1/${sinkId}/${generation}`;

/**
 * The per-sink checkpoint key, answered once to the administrator for the receiver (at creation,
 * and at each rotation): the HKDF label `ecosystem-hub/audit-sink-checkpoint/v1/<sink id>`, and
 * `/<generation>` after it once rotated; it changes only when the administrator rotates it.
 */
export function checkpointKey(masterKey: Buffer, sinkId: string, generation = 1): Buffer {
  return macKey(masterKey, checkpointContext(sinkId, generation));
}

/** base64url(HMAC-SHA256(checkpoint key, "<sink id>.<head id>.<head hash>")): what the receiver checks with its key. */
export function sinkCheckpointMac(
  masterKey: Buffer,
  sinkId: string,
  headId: number,
  headHash: string,
  generation = 1,
): string {
  return keyedMac(masterKey, checkpointContext(sinkId, generation), `${sinkId}.${headId}.${headHash}`);
}

export interface AuditRecord {
  record: 'audit';
  id: number;
  occurred_at: string;
  event_type: string;
  severity: string;
  user_id: string | null;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  source: string;
  details: unknown;
  prev_hash: string;
  hash: string;
}

export interface CheckpointRecord {
  record: 'checkpoint';
  sink_id: string;
  head_id: number;
  head_hash: string;
  at: string;
  mac: string;
}

export type SinkRecord = AuditRecord | CheckpointRecord;

export function auditRecord(row: AuditLogRow): AuditRecord {
  return {
    record: 'audit',
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    event_type: row.eventType,
    severity: row.severity,
    user_id: row.userId,
    session_id: row.sessionId,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    request_id: row.requestId,
    source: row.source,
    details: row.details,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

/** An SD-PARAM value: `"`, `\` and `]` escaped with a backslash (RFC 5424 §6.3.3). */
export function escapeSdValue(value: string): string {
  return value.replace(/["\\\]]/g, (c) => `\\${c}`);
}

/** PRINTUSASCII without spaces, at most `max` characters, or the NILVALUE (RFC 5424 §6.2). */
function headerField(value: string, max: number): string {
  const cleaned = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return cleaned || '-';
}

export interface SyslogOrigin {
  hostname: string;
  procId: string;
}

/** One RFC 5424 message (without framing). */
export function syslogMessage(r: SinkRecord, origin: SyslogOrigin): string {
  const audit = r.record === 'audit';
  const severity = audit ? (SYSLOG_SEVERITY[r.severity as AuditSeverity] ?? 5) : 6;
  const pri = SYSLOG_FACILITY * 8 + severity;
  const timestamp = audit ? r.occurred_at : r.at;
  const msgId = headerField(audit ? r.event_type : CHECKPOINT_MSGID, 32);
  const sd = audit
    ? `[${SD_ID_AUDIT} id="${r.id}" hash="${escapeSdValue(r.hash)}" prev_hash="${escapeSdValue(r.prev_hash)}"]`
    : `[${SD_ID_CHECKPOINT} sink="${escapeSdValue(r.sink_id)}" head_id="${r.head_id}" ` +
      `head_hash="${escapeSdValue(r.head_hash)}" mac="${escapeSdValue(r.mac)}"]`;
  const host = headerField(origin.hostname, 255);
  const proc = headerField(origin.procId, 128);
  // The MSG is UTF-8 with its BOM, as RFC 5424 §6.4 asks of a MSG that is UTF-8.
  return `<${pri}>1 ${timestamp} ${host} hub ${proc} ${msgId} ${sd} \uFEFF${JSON.stringify(r)}`;
}

/** RFC 6587 §3.4.1 octet counting: `MSG-LEN SP SYSLOG-MSG`, the length in octets. */
export function octetCounted(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}

/** An https batch: one JSON line per record. */
export function ndjson(records: SinkRecord[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}
