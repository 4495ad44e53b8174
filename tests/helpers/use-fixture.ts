import { afterAll, beforeAll } from 'vitest';

/**
 * A fixture of the enclosing describe block (a hub, a browser, a cast of users): built in a
 * beforeAll registered here (so before the block's own), closed in an afterAll (after the block's
 * own). What it returns reads the fixture of the moment, so tests and later hooks use it as they
 * would the fixture itself; touched before the block's beforeAll, it says so.
 */
export function useFixture<T extends object>(build: () => Promise<T>, close: (fixture: T) => Promise<void>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await build();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!current) throw new Error('the fixture is built in beforeAll: use it in hooks and tests');
      return Reflect.get(current, key);
    },
  });
}
