import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../db/client';
import type { PersonalTable } from '../db/personal-tables';

/** `owner_a = $id or owner_b = $id or email = $email`: the rows of a table that are the person's. */
function theirs(table: PersonalTable, userId: string, email: string): SQL | null {
  const parts = table.owners.map((c) => sql`${sql.identifier(c)} = ${userId}::uuid`);
  if (table.email) parts.push(sql`lower(${sql.identifier(table.email)}) = ${email.toLowerCase()}`);
  return parts.length ? sql.join(parts, sql` or `) : null;
}

/** Every row of the table that is the person's, secret columns and other people's ids left out (the export). */
export async function findPersonalRows(
  db: DbOrTx,
  table: PersonalTable,
  userId: string,
  email: string,
): Promise<Record<string, unknown>[]> {
  const where = theirs(table, userId, email);
  if (!where) return [];
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select * from ${sql.identifier(table.name)} where ${where}`,
  );
  for (const row of found) {
    for (const c of table.secret) delete row[c];
    // Who else acted on the row (granted_by, decided_by, …) is someone else's data.
    for (const c of table.mentions) if (row[c] !== userId) row[c] = null;
  }
  return found;
}

/** Erasure: deletes the person's rows of the table and takes their name off everyone else's. */
export async function erasePersonalRows(
  db: DbOrTx,
  table: PersonalTable,
  userId: string,
  email: string,
): Promise<void> {
  const where = theirs(table, userId, email);
  if (where) await db.execute(sql`delete from ${sql.identifier(table.name)} where ${where}`);
  for (const c of table.mentions) {
    const column = sql.identifier(c);
    await db.execute(sql`update ${sql.identifier(table.name)} set ${column} = null where ${column} = ${userId}::uuid`);
  }
}
