import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from './client';

/** What each open transaction of a hub's db runs once it has committed (Drizzle has no commit hook). */
const pending = new WeakMap<Tx, (() => void)[]>();

/**
 * The hub's db: the same handle, but each of its transactions runs what `afterCommit` was given
 * once it has committed, and forgets it on rollback. Created once, with the hub.
 */
export function withCommitHooks(db: Db): Db {
  async function transaction<T>(run: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> {
    const callbacks: (() => void)[] = [];
    const result = await db.transaction((tx) => {
      pending.set(tx, callbacks);
      return run(tx);
    }, config);
    for (const callback of callbacks) callback();
    return result;
  }
  return Object.assign(Object.create(db) as Db, { transaction });
}

export function isTransaction(db: DbOrTx | undefined): db is Tx {
  return db instanceof PgTransaction;
}

/**
 * Runs `callback` once what was written through `db` is committed: at once when `db` is no
 * transaction, else when the transaction commits (never when it rolls back).
 */
export function afterCommit(db: DbOrTx | undefined, callback: () => void): void {
  if (!isTransaction(db)) return callback();
  const callbacks = pending.get(db);
  // A savepoint, or a transaction not opened through hub.db, would drop the callback silently.
  if (!callbacks) throw new Error('afterCommit needs a transaction opened by hub.db.transaction');
  callbacks.push(callback);
}
