import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../../helpers/fixtures';
import { asc, eq } from 'drizzle-orm';
import { TEST_DATABASES, createTestHub, type TestHub } from '../../helpers/test-hub';
import { auditLogs, hubSettings } from '../../../src/server/db/schema/index';
import { pruneAuditLog } from '../../../src/server/audit/retention';
import { AUDIT_CHECKPOINT_KEY } from '../../../src/server/audit/record';

describe.each(TEST_DATABASES)('audit retention pruning [%s]', (kind) => {
  let t: TestHub;
  beforeAll(async () => {
    t = await createTestHub(kind, { config: { auditRetentionDays: 30 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('deletes rows older than the retention, writes a checkpoint, and the rest still verifies', async () => {
    for (let day = 0; day < 40; day++) {
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { day } })]);
      t.clock.advanceMinutes(24 * 60);
    }
    // Now is day 40: rows of days 0..9 are older than 30 days (day 10 is exactly 30 days old and stays).
    const all = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    const result = await pruneAuditLog(t.hub);
    expect(result.deleted).toBe(10);
    expect(result.checkpoint).toEqual({ id: all[9].id, hash: all[9].hash });
    const [cp] = await t.hub.db.select().from(hubSettings).where(eq(hubSettings.key, AUDIT_CHECKPOINT_KEY));
    expect(cp.value).toEqual({ id: all[9].id, hash: all[9].hash });

    const left = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect((left[0].details as { day: number }).day).toBe(10);
    expect(left.at(-1)!.eventType).toBe('audit_retention_pruned');
    expect(await t.hub.audit.verifyChain()).toEqual({ ok: true, checked: 31, first_bad_id: null });

    // Appends after pruning continue the chain; a second prune with nothing old is a no-op.
    await t.hub.audit.record({ type: 'sign_out' });
    expect(await pruneAuditLog(t.hub)).toEqual({ deleted: 0, checkpoint: null });
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a pruned chain still detects tampering after the checkpoint', async () => {
    const [first] = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id)).limit(1);
    await t.hub.db.update(auditLogs).set({ eventType: 'sign_out' }).where(eq(auditLogs.id, first.id));
    expect(await t.hub.audit.verifyChain()).toEqual({ ok: false, checked: 0, first_bad_id: first.id });
  });

  it('pruning everything leaves a chain that the next append continues', async () => {
    t.clock.advanceMinutes(400 * 24 * 60);
    const result = await pruneAuditLog(t.hub);
    expect(result.deleted).toBeGreaterThan(0);
    // Only the pruning's own event remains; it chains onto the checkpoint.
    const left = await t.hub.db.select().from(auditLogs);
    expect(left.map((r) => r.eventType)).toEqual(['audit_retention_pruned']);
    expect(left[0].prevHash).toBe(result.checkpoint!.hash);
    expect(await t.hub.audit.verifyChain()).toEqual({ ok: true, checked: 1, first_bad_id: null });
  });
});
