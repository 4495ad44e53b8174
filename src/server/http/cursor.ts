import { z } from 'zod';
import { isInstantInRange } from '../../shared/dates';
import type { KeysetPosition } from '../db/cursor';
import { isUuid } from '../../shared/uuid';

/**
 * The page cursor of every list of the API (`?cursor=` in, `next_cursor` out): the keyset position
 * of the page's last row (db/cursor.ts), as base64url JSON `[version, at, id]`. Clients treat it as
 * opaque, so its format may change with the version; the server decodes only what it issues, and
 * anything else is a 400 naming `cursor`, never a database error.
 */
const VERSION = 1;

/** What a list's positions hold: its id kind (a timestamp `at` always comes first). */
export type CursorIdKind = 'uuid' | 'serial';

/** The position of a row of a list ordered by a timestamp, then its id: every list that takes a cursor. */
export type TimedPosition = Required<KeysetPosition>;

/** As keysetAt prints it: UTC, microseconds. */
const AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.(\d{3})\d{3}Z$/;

function encodeCursor(position: TimedPosition): string {
  return Buffer.from(JSON.stringify([VERSION, position.at, position.id])).toString('base64url');
}

/** The position a cursor of this API carries, or null for anything it did not issue. */
function decodeCursor(raw: string, idKind: CursorIdKind): TimedPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== VERSION) return null;
  const [, at, id] = value as unknown[];
  return isAt(at) && isId(id, idKind) ? { at, id } : null;
}

/** A real instant the database accepts: 2026-02-30 parses in JavaScript, and year 0 does not exist there. */
function isAt(value: unknown): value is string {
  const m = typeof value === 'string' ? AT.exec(value) : null;
  if (!m) return false;
  const ms = Date.parse(value as string);
  return isInstantInRange(ms) && new Date(ms).toISOString() === `${(value as string).slice(0, 20)}${m[1]}Z`;
}

function isId(value: unknown, kind: CursorIdKind): value is string | number {
  if (kind === 'uuid') return isUuid(value);
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** The `cursor` query parameter of a list: absent or empty for the first page, else a position this API issued. */
export function cursorParam(idKind: CursorIdKind) {
  return z
    .string()
    .max(200)
    .describe('The next_cursor of the previous page, as given (opaque); absent for the first page.')
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const position = decodeCursor(raw, idKind);
      if (position) return position;
      ctx.addIssue({ code: 'custom', message: 'is not a cursor this API issued' });
      return z.NEVER;
    });
}

/**
 * One page out of the `limit + 1` rows read (the extra row says whether another page exists,
 * without a count), and the cursor of the next page (null on the last one).
 */
export function pageOf<T>(
  found: T[],
  limit: number,
  positionOf: (row: T) => TimedPosition,
): { page: T[]; next_cursor: string | null } {
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return { page, next_cursor: found.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
