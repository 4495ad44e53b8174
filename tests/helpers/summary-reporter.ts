import type { Reporter, TestModule } from 'vitest/node';

/** Prints one plain closing line, `Tests: N passed, N failed`, that any CI can read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
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
