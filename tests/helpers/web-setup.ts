import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { expectNoUnexpectedRequests } from './web-api-mock';

/**
 * Watchdogs, not clocks (as vitest.config.ts says for the rest): `findBy…` and `waitFor` wait on a
 * condition and give up only after this long. Testing Library's default, 1 s, failed a sidebar test
 * on a machine busy with a second suite; a test that passes only on an idle machine is a failing test.
 */
configure({ asyncUtilTimeout: 60_000 });

/**
 * After every web test: what it rendered is unmounted, the globals it stubbed (fetch,
 * ResizeObserver) are put back, and a request its web API mock had no route for fails it.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expectNoUnexpectedRequests();
});
