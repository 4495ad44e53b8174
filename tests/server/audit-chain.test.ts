import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../helpers/fixtures';
import { eq, sql } from 'drizzle-orm';
import { TEST_DATABASES, createTestHub, type TestHub } from '../helpers/test-hub';
import { auditLogs } from '../../src/server/db/schema/index';
import { createAuditLog } from '../../src/server/audit/record';
import { openDatabase } from '../../src/server/db/client';

describe.each(TEST_DATABASES)('audit hash chain [%s]', (kind) => {
  let t: TestHub;
  beforeAll(async () => {
    t = await createTestHub(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('appends chained rows and verifies them', async () => {
    await t.hub.audit.record({ type: 'config_change', details: { action: 'test', nested: { b: 1, a: 2 } } });
    await t.hub.audit.recordRows([
      auditRow({ eventType: 'sign_in_success', severity: 'low', userId: null, ipAddress: '10.0.0.1' }),
      auditRow({ eventType: 'sign_in_failure', severity: 'medium', details: { email: 'x@example.test' } }),
    ]);
    const all = await t.hub.db.select().from(auditLogs).orderBy(auditLogs.id);
    expect(all.length).toBe(3);
    expect(all[1].prevHash).toBe(all[0].hash);
    expect(all[2].prevHash).toBe(all[1].hash);
    expect(await t.hub.audit.verifyChain()).toEqual({ ok: true, checked: 3, first_bad_id: null });
  });

  it('concurrent appends from several connections still form one valid chain', async () => {
    const before = (await t.hub.audit.verifyChain()).checked;
    // On PostgreSQL a second, independent connection pool plays a second hub process.
    const second = kind === 'postgres' ? await openDatabase({ url: t.databaseUrl, poolMax: 5 }) : undefined;
    const otherLog = second ? createAuditLog(second) : t.hub.audit;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? otherLog : t.hub.audit).recordRows([
          auditRow({ eventType: 'concurrency_probe', severity: 'low', details: { i } }),
        ]),
      ),
    );
    await second?.close();
    const result = await t.hub.audit.verifyChain();
    expect(result).toEqual({ ok: true, checked: before + 40, first_bad_id: null });
  });

  it('names the first row that was edited in the database', async () => {
    const all = await t.hub.db.select().from(auditLogs).orderBy(auditLogs.id);
    const victim = all[5];
    await t.hub.db
      .update(auditLogs)
      .set({ details: { forged: true } })
      .where(eq(auditLogs.id, victim.id));
    expect(await t.hub.audit.verifyChain()).toEqual({ ok: false, checked: 5, first_bad_id: victim.id });
    // Restoring the original content restores the chain.
    await t.hub.db.update(auditLogs).set({ details: victim.details }).where(eq(auditLogs.id, victim.id));
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('detects a deleted row', async () => {
    const all = await t.hub.db.select().from(auditLogs).orderBy(auditLogs.id);
    await t.hub.db.execute(sql`delete from audit_logs where id = ${all[2].id}`);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: false, first_bad_id: all[3].id });
  });
});
