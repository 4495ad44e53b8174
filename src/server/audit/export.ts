import { Readable } from 'node:stream';
import type { Hub } from '../hub';
import type { AuditFilters } from './filters';
import { iterateAuditRows, type AuditRowView } from './viewer';

export const CSV_COLUMNS = [
  'id',
  'chain_id',
  'seq',
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

/** What may stand before a formula and be skipped by a spreadsheet: whitespace, controls, invisible formatting. */
const SKIPPED_LEAD = /^[\s\p{Cc}\p{Cf}\p{Zs}]*/u;
/** After NFKC (full-width ＝＋－＠ and small ﹦﹢﹣﹫ become ASCII): the characters that start a formula. */
const FORMULA_START = /^[=+\-@\u2212]/;

/**
 * Would a spreadsheet read this cell as a formula? The first character that is not whitespace,
 * a control or an invisible format character decides, compared in its NFKC form, so every
 * compatibility spelling of = + - @ (full-width, small forms) and the minus sign count too.
 * A cell that starts with a tab or a carriage return is treated as one, as before.
 */
export function looksLikeFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  const rest = text.slice(SKIPPED_LEAD.exec(text)![0].length);
  const first = String.fromCodePoint(rest.codePointAt(0) ?? 32);
  return FORMULA_START.test(first.normalize('NFKC'));
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
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
