import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuditLog } from '../../../src/server/audit/record';
import { deleteExpiredRows } from '../../../src/server/audit/retention';
import { rows } from '../../../src/server/db/client';
import { auditChainHead, auditLogs } from '../../../src/server/db/schema/index';
import { auditRow } from '../../helpers/fixtures';
import { TEST_DATABASES, createTestHub, type TestHub } from '../../helpers/test-hub';

const OLD_ROWS = 1_000;
const SLICE = 150;

/**
 * Issue 32: a large retention run must not hold the anchor lock (which every audit append waits
 * for) for the whole run, nor be cut off by a request's statement timeout. It deletes in slices,
 * each its own short transaction with its own record, on the background connection.
 */
describe.each(TEST_DATABASES)('audit retention in slices [%s]', (kind) => {
  // A hub per test: each seeds its own chain from the start.
  let t: TestHub;
  beforeEach(async () => {
    t = await createTestHub(kind, { config: { auditRetentionDays: 30 } });
  });
  afterEach(async () => {
    await t?.close();
  });

  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, t.hub.config.masterKey!).verifyChain();
  const prunedEvents = async () =>
    (
      await t.hub.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.eventType, 'audit_retention_pruned'))
        .orderBy(asc(auditLogs.id))
    ).map((r) => r.details as { deleted: number; checkpoint_id: number });

  /** OLD_ROWS rows, 100 days ago; then a few recent ones. Returns the ids of the old ones. */
  async function seedOldRows(): Promise<number[]> {
    for (let i = 0; i < OLD_ROWS; i += 250) {
      await t.hub.audit.recordRows(
        Array.from({ length: 250 }, (_, j) =>
          auditRow({ eventType: 'sign_in_success', severity: 'low', details: { n: i + j } }),
        ),
      );
    }
    t.clock.advanceMinutes(100 * 24 * 60);
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const old = await t.hub.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        sql`${auditLogs.occurredAt} < ${new Date(t.clock.now().getTime() - 30 * 86_400_000).toISOString()}::timestamptz`,
      )
      .orderBy(asc(auditLogs.id));
    return old.map((r) => r.id);
  }

  it('deletes many expired rows in several slices, each recorded, and the chain still verifies', async () => {
    const old = await seedOldRows();
    expect(old.length).toBeGreaterThanOrEqual(OLD_ROWS);
    const result = await deleteExpiredRows(t.hub, 30, SLICE);
    expect(result.deleted).toBe(old.length);
    expect(result.checkpoint?.id).toBe(old.at(-1));

    // One committed slice per SLICE rows: each event names its own slice, oldest first, none larger.
    const slices = await prunedEvents();
    expect(slices).toHaveLength(Math.ceil(old.length / SLICE));
    expect(slices.map((s) => s.deleted).reduce((a, b) => a + b, 0)).toBe(old.length);
    expect(Math.max(...slices.map((s) => s.deleted))).toBeLessThanOrEqual(SLICE);
    expect(slices.map((s) => s.checkpoint_id)).toEqual([...slices.map((s) => s.checkpoint_id)].sort((a, b) => a - b));
    expect(slices.at(-1)!.checkpoint_id).toBe(old.at(-1));

    const [head] = await t.hub.db.select().from(auditChainHead);
    expect(head.baseId).toBe(old.at(-1));
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true, first_bad_id: null });
    expect(await coldVerify()).toMatchObject({ ok: true });
    expect(await deleteExpiredRows(t.hub, 30, SLICE)).toEqual({ deleted: 0, checkpoint: null });
  });

  it('a run that fails after some slices keeps those, verifies, and the next run finishes', async () => {
    const old = await seedOldRows();

    // The fourth slice's record fails: that slice rolls back, the three before it stay.
    const record = t.hub.audit.record.bind(t.hub.audit);
    let calls = 0;
    const spy = vi.spyOn(t.hub.audit, 'record').mockImplementation(async (event, tx) => {
      calls += 1;
      if (calls === 4) throw new Error('database went away');
      return record(event, tx);
    });
    await expect(deleteExpiredRows(t.hub, 30, SLICE)).rejects.toThrow('database went away');
    spy.mockRestore();

    const kept = await prunedEvents();
    expect(kept).toHaveLength(3);
    const [cut] = await t.hub.db.select().from(auditChainHead);
    expect(cut.baseId).toBe(old[3 * SLICE - 1]);
    expect(await coldVerify()).toMatchObject({ ok: true });

    const rest = await deleteExpiredRows(t.hub, 30, SLICE);
    expect(rest.deleted).toBe(old.length - 3 * SLICE);
    expect((await prunedEvents()).length).toBe(Math.ceil(old.length / SLICE));
    expect(await coldVerify()).toMatchObject({ ok: true });
  });

  // PostgreSQL only: the embedded database is one connection, so there is no background pool to check
  // (declared only there, so that a PGlite run reports no skipped test).
  if (kind === 'postgres')
    it('runs on a connection of its own with a background statement timeout', async () => {
      const [request] = await rows<{ statement_timeout: string }>(t.hub.db, sql`show statement_timeout`);
      const [background] = await rows<{ statement_timeout: string; application_name: string }>(
        t.hub.database.background,
        sql`select current_setting('statement_timeout') as statement_timeout, current_setting('application_name') as application_name`,
      );
      expect(background).toEqual({ statement_timeout: '2min', application_name: 'hub-background' });
      expect(request.statement_timeout).not.toBe('2min');
    });
});
