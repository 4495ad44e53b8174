import { getTableColumns, type Column, type InferSelectModel, type Table } from 'drizzle-orm';

const columnsOf = new WeakMap<Table, [string, Column][]>();

/**
 * A row of a raw statement (columns under their stored names, values as the driver gave them)
 * as Drizzle's own select of `table` would answer it: for statements that read a table's row
 * together with other work in one round trip.
 */
export function mapRow<T extends Table>(table: T, row: Record<string, unknown>): InferSelectModel<T> {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = row[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
