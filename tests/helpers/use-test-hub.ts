import { afterAll, beforeAll } from 'vitest';
import { createTestHub, type DbKind, type TestHub, type TestHubOptions } from './test-hub';

/**
 * The hub of the enclosing describe block: built in a beforeAll registered here (so before the
 * block's own), closed in an afterAll (after the block's own). What it returns reads the hub of
 * the moment, so tests and later hooks use it as they would the TestHub itself.
 */
export function useTestHub(kind: DbKind, options?: TestHubOptions): TestHub {
  let current: TestHub | undefined;
  beforeAll(async () => {
    current = await createTestHub(kind, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestHub, {
    get(_, key) {
      if (!current) throw new Error('the test hub is built in beforeAll: use it in hooks and tests');
      return Reflect.get(current, key);
    },
  });
}
