import { createTestHub, type DbKind, type TestHub, type TestHubOptions } from './test-hub';
import { useFixture } from './use-fixture';

/** The hub of the enclosing describe block, built before its own beforeAll and closed after its own afterAll. */
export function useTestHub(kind: DbKind, options?: TestHubOptions): TestHub {
  return useFixture(
    () => createTestHub(kind, options),
    (hub) => hub.close(),
  );
}
