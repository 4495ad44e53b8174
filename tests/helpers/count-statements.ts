import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Counts the statements the hub sends to its database — each one a round trip on PostgreSQL —
 * as bench/lib/count-queries.mjs does for the benchmarks: every `query` of the `pg` driver, and
 * on PGlite every `query`/`exec` plus a transaction's BEGIN and COMMIT (which PGlite sends
 * itself, and `pg` sends as queries). `texts` keeps what was sent, for a failing assertion's message.
 */
export function countStatements(): { count: () => number; texts: string[]; sql: string[]; stop: () => void } {
  const texts: string[] = [];
  /** The same statements whole (texts are cut at 160 characters for messages). */
  const sql: string[] = [];
  const note = (q: unknown) => {
    const text = typeof q === 'string' ? q : String((q as { text?: unknown } | null)?.text ?? q);
    sql.push(text.replace(/\s+/g, ' '));
    texts.push(sql.at(-1)!.slice(0, 160));
  };
  const pgQuery = pg.Client.prototype.query;
  const liteQuery = PGlite.prototype.query;
  const liteExec = PGlite.prototype.exec;
  const liteTransaction = PGlite.prototype.transaction;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    // The LISTEN connection's health probe (`select 1` every few seconds, db/listen.ts) is no
    // request's statement: counting it made a round-trip count flaky when it fell in the window.
    const app = (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters;
    if (app?.application_name !== 'hub-listener') note(args[0]);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function counted(this: PGlite, ...args: Parameters<PGlite['query']>) {
    note(args[0]);
    return liteQuery.apply(this, args);
  } as typeof liteQuery;
  PGlite.prototype.exec = function counted(this: PGlite, ...args: Parameters<PGlite['exec']>) {
    note(args[0]);
    return liteExec.apply(this, args);
  };
  PGlite.prototype.transaction = function counted<T>(this: PGlite, fn: Parameters<PGlite['transaction']>[0]) {
    note('BEGIN');
    return liteTransaction
      .call(this, (tx) => {
        const { query, exec } = tx;
        return fn(
          Object.assign(Object.create(tx) as typeof tx, {
            query: (...a: Parameters<typeof query>) => (note(a[0]), query(...a)),
            exec: (...a: Parameters<typeof exec>) => (note(a[0]), exec(...a)),
          }),
        );
      })
      .finally(() => note('COMMIT')) as Promise<T>;
  } as typeof liteTransaction;
  return {
    sql,
    count: () => texts.length,
    texts,
    stop() {
      pg.Client.prototype.query = pgQuery;
      PGlite.prototype.query = liteQuery;
      PGlite.prototype.exec = liteExec;
      PGlite.prototype.transaction = liteTransaction;
    },
  };
}
