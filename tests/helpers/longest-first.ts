import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each long file took on a quiet 2-core machine (2026-11-25, the run that found the
 * order mattered). Only the order is read from these: a file started last that runs for five
 * minutes keeps its group waiting on one worker while the others sit idle, which is how a
 * clean clone (no timing cache: vitest then orders by file size) came to spend half its
 * browser phase on the two signed-out sweeps alone.
 */
const SECONDS: Record<string, number> = {
  // The cluster files share their group's workers with the browser journeys (vitest.config.ts).
  // Placed so that one starts about when the one before it ends, not beside it: events first
  // (about 90 s), drain next, taken by the first worker to free up, the short cluster file last.
  'tests/cluster/events.test.ts': 200,
  'tests/cluster/drain.test.ts': 175,
  'tests/cluster/cluster.test.ts': -1,
  'tests/cluster/scim.test.ts': 150,
  'tests/cluster/rolling-upgrade.test.ts': 120,
  'tests/e2e/a11y-visitor.test.ts': 190,
  'tests/e2e/a11y-admin-screens.test.ts': 180,
  'tests/e2e/a11y-admin-dialogs.test.ts': 140,
  'tests/e2e/a11y-user.test.ts': 130,
  'tests/e2e/demo.test.ts': 85,
  'tests/e2e/i18n.test.ts': 80,
  'tests/e2e/orgs.test.ts': 50,
  'tests/e2e/audit.test.ts': 45,
  'tests/e2e/federation.test.ts': 40,
  'tests/e2e/admin.test.ts': 75,
  'tests/e2e/routes.test.ts': 75,
  'tests/server/security/fuzz-routes.test.ts': 60,
  'tests/e2e/account-mfa.test.ts': 35,
  'tests/e2e/auth.test.ts': 35,
  'tests/e2e/account.test.ts': 30,
  'tests/server/audit/admin.test.ts': 27,
};

/**
 * Vitest's own order (timing cache when there is one: failed first, then longest), except that
 * the files known to be long go first, longest first, and the cluster files where SECONDS puts
 * them. Groups keep their order.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => SECONDS[relative(root, f.moduleId).split('\\').join('/')] ?? 0;
    const rank = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      // Across the projects of a group too (the browser journeys and the cluster share theirs).
      return seconds(b) - seconds(a) || rank.get(a)! - rank.get(b)!;
    });
  }
}
