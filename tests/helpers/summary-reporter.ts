import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed`, that any CI can read. With
 * HUB_TEST_TIMINGS=FILE it also writes each file's project and seconds (slowest first) there:
 * what tests/helpers/longest-first.ts and the CI time budget (docs/development.md) are read from.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timings = process.env.HUB_TEST_TIMINGS;
    if (timings) {
      const rows = testModules.map((m) => {
        const d = m.diagnostic();
        const seconds = (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration) / 1000;
        return { file: m.relativeModuleId, project: m.project.name, seconds: Math.round(seconds * 10) / 10 };
      });
      rows.sort((a, b) => b.seconds - a.seconds);
      writeFileSync(timings, JSON.stringify(rows, null, 1));
    }
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const byDb = { pglite: 0, postgres: 0 };
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        if (test.result().state !== 'passed') continue;
        if (test.fullName.includes('[pglite]')) byDb.pglite += 1;
        if (test.fullName.includes('[postgres]')) byDb.postgres += 1;
      }
    }
    console.log(`\nAPI tests passed per database: pglite ${byDb.pglite}, postgres ${byDb.postgres}`);
    console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
