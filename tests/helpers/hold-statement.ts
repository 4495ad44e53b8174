import { vi } from 'vitest';
import type { DbOrTx } from '../../src/server/db/client';

/** What drizzle's session prepares: every statement on `db`, unnamed (`db.execute`) or named (`preparedRows`). */
interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    ...rest: unknown[]
  ): { execute(...a: unknown[]): Promise<unknown> };
}

/**
 * Every chain append sent on `db` (a statement that inserts audit rows), named or not: `sent` is
 * called with each one's text, parameters and statement name (none: unnamed). Both ways a statement leaves — `db.execute` and a
 * named statement (`preparedRows`, the chain's grants-only append) — go through the session's
 * `prepareQuery`, so this sees the append however it is sent. `restore()` when done.
 */
export function watchAppends(db: DbOrTx, hold?: Promise<void>) {
  const session = (db as unknown as { session: PreparingSession }).session;
  const prepareQuery = session.prepareQuery;
  const sent = vi.fn<(statement: { sql: string; params: unknown[]; name: string | undefined }) => void>();
  let held = false;
  session.prepareQuery = function watched(this: PreparingSession, query, ...rest) {
    const prepared = prepareQuery.call(this, query, ...rest);
    if (!/insert into audit_logs/.test(query.sql)) return prepared;
    sent({ sql: query.sql, params: query.params, name: rest[1] as string | undefined });
    if (hold && !held) {
      held = true;
      const execute = prepared.execute.bind(prepared);
      prepared.execute = async (...a: unknown[]) => {
        await hold;
        return execute(...a);
      };
    }
    return prepared;
  };
  return { sent, restore: () => void (session.prepareQuery = prepareQuery) };
}

/**
 * Holds the next chain append sent on `db` until `release()`: a batch that stays on the wire, so
 * that what arrives meanwhile waits for it (db/coalescing-window.ts). `sent` sees every append;
 * `restore()` when done (it releases too).
 */
export function holdNextAppend(db: DbOrTx) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { sent, restore } = watchAppends(db, gate);
  return {
    sent,
    release,
    restore: () => {
      release();
      restore();
    },
  };
}
