import { describe, expect, it } from 'vitest';
import { auditRow } from '../../helpers/fixtures';
import { asc, eq, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { auditChainHead, auditLogs } from '../../../src/server/db/schema/index';
import { pruneAuditLog } from '../../../src/server/audit/retention';
import { createAuditLog } from '../../../src/server/audit/record';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('audit retention pruning [%s]', (kind) => {
  const t = useTestHub(kind, { config: { auditRetentionDays: 30 } });

  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, t.hub.config.masterKey!).verifyChain();

  it('deletes rows older than the retention, moves the anchor base, and the rest still verifies', async () => {
    // The hub's own seal event is the first row, on day 0.
    for (let day = 0; day < 40; day++) {
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { day } })]);
      t.clock.advanceMinutes(24 * 60);
    }
    // Now is day 40: rows of days 0..9 are older than 30 days (day 10 is exactly 30 days old and stays).
    const all = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect(all[0].eventType).toBe('audit_chain_started');
    const result = await pruneAuditLog(t.hub);
    expect(result.deleted).toBe(11);
    expect(result.checkpoint).toEqual({ id: all[10].id, hash: all[10].hash });
    const [head] = await t.hub.db.select().from(auditChainHead);
    expect(head).toMatchObject({ baseId: all[10].id, baseHash: all[10].hash });

    const left = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect((left[0].details as { day: number }).day).toBe(10);
    expect(left.at(-1)!.eventType).toBe('audit_retention_pruned');
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true, checked: 31, first_bad_id: null });
    expect(await coldVerify()).toMatchObject({ ok: true, checked: 31 });

    // Appends after pruning continue the chain; a second prune with nothing old is a no-op.
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    expect(await pruneAuditLog(t.hub)).toEqual({ deleted: 0, checkpoint: null, partitions: [] });
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a pruned chain still detects tampering after the base', async () => {
    const [first] = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id)).limit(1);
    await t.hub.db.update(auditLogs).set({ eventType: 'sign_out' }).where(eq(auditLogs.id, first.id));
    expect(await coldVerify()).toMatchObject({ ok: false, checked: 0, first_bad_id: first.id });
    await t.hub.db.update(auditLogs).set({ eventType: first.eventType }).where(eq(auditLogs.id, first.id));
    expect((await coldVerify()).ok).toBe(true);
  });

  it('old rows deleted by hand, without the keyed base moving, are detected', async () => {
    const [first, second] = await t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id)).limit(2);
    const [head] = await t.hub.db.select().from(auditChainHead);
    await t.hub.db.execute(sql`delete from audit_logs where id = ${first.id}`);
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: second.id, reason: 'link_broken' });
    // Moving the base by hand to cover the deletion breaks the anchor's MAC instead.
    await t.hub.db
      .update(auditChainHead)
      .set({ baseId: first.id, baseHash: first.hash })
      .where(eq(auditChainHead.id, 0));
    expect(await coldVerify()).toMatchObject({ ok: false, reason: 'head_invalid' });
    await t.hub.db.update(auditChainHead).set(head).where(eq(auditChainHead.id, 0));
    await t.hub.db.insert(auditLogs).values(first);
    expect((await coldVerify()).ok).toBe(true);
  });

  it('pruning everything leaves a chain that the next append continues', async () => {
    t.clock.advanceMinutes(400 * 24 * 60);
    const result = await pruneAuditLog(t.hub);
    expect(result.deleted).toBeGreaterThan(0);
    // Only the pruning's own event remains; it chains onto the base.
    const left = await t.hub.db.select().from(auditLogs);
    expect(left.map((r) => r.eventType)).toEqual(['audit_retention_pruned']);
    expect(left[0].prevHash).toBe(result.checkpoint!.hash);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true, checked: 1, first_bad_id: null });
  });
});
