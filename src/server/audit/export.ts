import { Readable } from 'node:stream';
import type { Hub } from '../hub';
import type { AuditFilters } from './filters';
import { iterateAuditRows, type AuditRowView } from './viewer';

export const CSV_COLUMNS = [
  'id',
  'occurred_at',
  'event_type',
  'severity',
  'user_id',
  'user_email',
  'session_id',
  'ip_address',
  'user_agent',
  'source',
  'details',
  'prev_hash',
  'hash',
] as const satisfies readonly (keyof AuditRowView)[];

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never run it as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: AuditRowView): string {
  return `${CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;
}

/** The export as a byte stream that pulls rows only as fast as the client reads them. */
export function exportStream(hub: Hub, filters: AuditFilters, format: 'csv' | 'jsonl'): Readable {
  async function* lines() {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    // Batch lines into ~64 KB strings: one write per row would be a million tiny writes.
    let buffer = '';
    for await (const row of iterateAuditRows(hub, filters)) {
      buffer += format === 'csv' ? csvLine(row) : `${JSON.stringify(row)}\n`;
      if (buffer.length >= 64 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}
