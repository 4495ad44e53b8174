import type { Hub } from '../hub';
import { CACHES } from '../caches';
import type { CodeRow } from './queries';

/**
 * The codes this process issued, by hash, as their rows were written (cache-plus-row): an
 * exchange on the issuing node checks the request against its copy instead of reading the row,
 * and commits the consume with the grant's audit record in one statement. The row stays the
 * truth: that statement consumes only an unused code and fails as a whole otherwise, and an
 * exchange on any other node (or after this copy is gone) reads the row as before.
 */
export function rememberCode(hub: Hub, row: CodeRow): void {
  const codes = hub.caches.codes;
  // Bounded (caches.ts): when full, the oldest go.
  if (codes.size >= CACHES.codes.maxEntries) codes.delete(codes.keys().next().value as string);
  codes.set(row.codeHash, row);
}

/** This process's copy of a code, taken out: a second exchange of it here reads the row. */
export function takeCode(hub: Hub, codeHash: string): CodeRow | undefined {
  const row = hub.caches.codes.get(codeHash);
  if (row) hub.caches.codes.delete(codeHash);
  return row;
}
