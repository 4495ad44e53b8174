import { vi } from 'vitest';
import type { Db } from '../../src/server/db/client';

/**
 * Holds the next statement sent through `db.execute` until `release()`: a batch that stays on
 * the wire, so that what arrives meanwhile waits for it (db/coalescing-window.ts). `spy` sees
 * every statement sent; `mockRestore()` it when done.
 */
export function holdNextStatement(db: Db) {
  const execute = db.execute.bind(db);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = async (query: Parameters<typeof db.execute>[0]) => {
    await gate;
    return execute(query);
  };
  const spy = vi.spyOn(db, 'execute').mockImplementationOnce(held as unknown as typeof db.execute);
  return { spy, release };
}
