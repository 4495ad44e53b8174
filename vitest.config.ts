import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/longest-first';

const alias = {
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  // The ICU parser under the name the built app's safety net loads it by (vite.config.ts).
  'hub-icu-parser': fileURLToPath(
    new URL('./node_modules/@formatjs/icu-messageformat-parser/index.js', import.meta.url),
  ),
};

/**
 * Watchdogs, not clocks: every test waits on a condition, and these only end a test that
 * would otherwise hang. They are sized for a machine busy with a second suite, where one
 * journey can take minutes; `expect.poll` gets the same treatment (its default gives up after 1 s).
 */
const poll = { timeout: 60_000, interval: 50 };

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // The longest files first, so that none is left running alone at the end of its group.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/announce-databases.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll },
          pool: 'forks',
          // Files of a worker share one module graph: each builds its own hubs (own database,
          // own app instance; an emptied PGlite of the worker's pool), so nothing else is shared
          // but the import, which was a third of the suite's CPU when every file imported the
          // server anew.
          isolate: false,
          // Three, not two: the API tests wait on PostgreSQL commits about half the time.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/web-setup.ts'],
          testTimeout: 60_000,
          expect: { poll },
          // In the API tests' group and their three workers (vitest wants one maxWorkers per group): a
          // jsdom file fills a worker an API file left, instead of waiting for the group's longest.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/build-web.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: { poll },
          pool: 'forks',
          // As for the API tests: each file starts its own hub and browser contexts; the worker's
          // PGlite instances and its one Chromium are reused (tests/e2e/harness.ts).
          isolate: false,
          // Four at once: a journey waits on the browser and the hub in turn, and the cluster files
          // beside them mostly wait (drains, restarts); at three a clean run used ~1.3 of 2 cores.
          maxWorkers: 4,
          fileParallelism: true,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cluster',
          // Several hub processes, a private PostgreSQL and nginx (scripts/cluster): one file, one cluster.
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/build-web.ts', 'tests/cluster/build-server.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: { poll },
          pool: 'forks',
          // The four workers it shares with the browser journeys (vitest wants one maxWorkers per
          // group); tests/helpers/longest-first.ts starts each cluster file about when the one
          // before it ends.
          maxWorkers: 4,
          fileParallelism: true,
          // Beside the browser journeys, not after them: a cluster file spends much of its time
          // waiting (drains, a PostgreSQL restart, a dead node's lease), which the journeys fill.
          // Run after them, its files added ~250 s to the suite on an idle machine and ~4 minutes
          // on a slow one. Its time bounds (503 within 5 s, revocation within 1 s) held beside a
          // second whole suite before (docs/development.md).
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
