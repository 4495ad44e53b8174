import { createHash } from 'node:crypto';

/** prev_hash of the very first row (or the first row after a retention checkpoint, see record.ts). */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  occurredAt: Date;
  eventType: string;
  severity: string;
  userId: string | null;
  sessionId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  source: string;
  details: unknown;
}

/** JSON with object keys sorted, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function chainHash(prevHash: string, row: ChainedContent): string {
  const content = canonicalJson([
    prevHash,
    row.occurredAt.toISOString(),
    row.eventType,
    row.severity,
    row.userId,
    row.sessionId,
    row.ipAddress,
    row.userAgent,
    row.source,
    row.details,
  ]);
  return createHash('sha256').update(content).digest('hex');
}
