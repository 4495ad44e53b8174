import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pagination, the one way every list of the hub pages (http/cursor.ts carries the position
 * to the client and back): a page is an index range scan that starts where the last page ended,
 * so page 1,000 costs what page 1 does, and rows written meanwhile neither shift nor repeat rows.
 */

/** Where a page ended: the sort key of its last row. */
export interface KeysetPosition {
  /**
   * The timestamp sort key as PostgreSQL prints it, with microseconds (keysetAt): a JS Date would
   * drop them, and the next page would then skip the rows of the same millisecond. Absent when the
   * list is ordered by its id alone.
   */
  at?: string;
  /** The row's unique id: the tie-breaker between rows of one instant. */
  id: string | number;
}

/** How one list is ordered: a timestamp column (optional), then a unique id. */
export interface Keyset {
  at?: PgColumn;
  id: PgColumn;
  direction: 'asc' | 'desc';
  /**
   * ORDER BY must repeat the serving index's declaration or PostgreSQL sorts the whole match.
   * Drizzle's `.desc()` declares DESC NULLS LAST (the default here); a primary key walked backwards
   * gives bare DESC, i.e. NULLS FIRST. The sort columns are NOT NULL, so this never changes a result.
   */
  nullsFirst?: boolean;
}

/** The column as the cursor carries it: a timestamp printed with microseconds, in UTC. */
export function keysetAt(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** ORDER BY of the list. */
export function keysetOrder(keyset: Keyset): SQL[] {
  const columns = keyset.at ? [keyset.at, keyset.id] : [keyset.id];
  if (keyset.direction === 'asc') return columns.map((c) => sql`${c} asc`);
  return columns.map((c) => (keyset.nullsFirst ? sql`${c} desc` : sql`${c} desc nulls last`));
}

/** The rows after `position` in the list's order (undefined: the first page). */
export function keysetAfter(keyset: Keyset, position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  const op = sql.raw(keyset.direction === 'asc' ? '>' : '<');
  const id = typed(position.id, keyset.id);
  if (!keyset.at) return sql`${keyset.id} ${op} ${id}`;
  // A programming error, not input: http/cursor.ts only decodes positions of the list's shape.
  if (position.at === undefined) throw new Error('keysetAfter: a timestamp-ordered list needs a position with `at`');
  // A row comparison: one range of the (at, id) index, ties on `at` broken by id.
  return sql`(${keyset.at}, ${keyset.id}) ${op} (${typed(position.at, keyset.at)}, ${id})`;
}

/** A bound value cast to its column's type, so the comparison is typed on both databases. */
function typed(value: string | number, column: PgColumn): SQL {
  const type = column
    .getSQLType()
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer');
  return sql`${value}::${sql.raw(type)}`;
}
