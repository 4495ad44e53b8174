import type { Hub } from '../hub';
import type { CodeRow } from './queries';

/** At most this many codes are remembered per process (a code lives 60 s); when full, the oldest go. */
const MAX_CODES = 10_000;

const caches = new WeakMap<Hub, Map<string, CodeRow>>();

/**
 * The codes this process issued, by hash, as their rows were written (cache-plus-row): an
 * exchange on the issuing node checks the request against its copy instead of reading the row,
 * and commits the consume with the grant's audit record in one statement. The row stays the
 * truth: that statement consumes only an unused code and fails as a whole otherwise, and an
 * exchange on any other node (or after this copy is gone) reads the row as before.
 */
export function rememberCode(hub: Hub, row: CodeRow): void {
  let codes = caches.get(hub);
  if (!codes) {
    codes = new Map();
    caches.set(hub, codes);
  }
  if (codes.size >= MAX_CODES) codes.delete(codes.keys().next().value as string);
  codes.set(row.codeHash, row);
}

/** This process's copy of a code, taken out: a second exchange of it here reads the row. */
export function takeCode(hub: Hub, codeHash: string): CodeRow | undefined {
  const codes = caches.get(hub);
  const row = codes?.get(codeHash);
  if (row) codes!.delete(codeHash);
  return row;
}
