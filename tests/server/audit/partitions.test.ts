import { readFileSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../src/server/audit/record';
import { pruneAuditLog } from '../../../src/server/audit/retention';
import { ensureAuditPartitions, monthPartitionName, monthStart } from '../../../src/server/audit/partitions';
import { listAuditPartitions } from '../../../src/server/audit/partition-queries';
import { rows } from '../../../src/server/db/client';
import { DAY_MS } from '../../../src/shared/dates';
import { auditRow } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';

const MIGRATIONS = new URL('../../../drizzle/', import.meta.url);

/**
 * Issue 43: audit_logs is partitioned by month (migration audit_partitions), on PostgreSQL and PGlite;
 * retention drops a month whose rows have all expired, with every chain's base moved past it.
 */
describe.each(TEST_DATABASES)('audit partitions by month [%s]', (kind) => {
  const t = useTestHub(kind, { config: { auditRetentionDays: 30 } });
  const key = () => t.hub.config.masterKey!;
  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, key()).verifyChain();
  const partitionNames = async () => (await listAuditPartitions(t.hub.db)).map((p) => p.name);
  const partitionOf = async (id: number) =>
    (await rows<{ p: string }>(t.hub.db, sql`select tableoid::regclass::text as p from audit_logs where id = ${id}`))[0]
      ?.p;
  const newestId = async () =>
    Number((await rows<{ id: string }>(t.hub.db, sql`select max(id)::text as id from audit_logs`))[0].id);
  /** The first month after every range partition (the one of the rows before partitioning ends at the migration's). */
  const freeMonth = async () => {
    const ends = (await listAuditPartitions(t.hub.db)).flatMap((p) => (p.to ? [p.to.getTime()] : []));
    return monthStart(new Date(Math.max(...ends, t.clock.now().getTime())), 1);
  };

  it('a row of a month without a partition lands in DEFAULT, and moves into the partition made for it', async () => {
    t.clock.current = new Date((await freeMonth()).getTime() + 3 * DAY_MS);
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const id = await newestId();
    expect(await partitionOf(id)).toBe('audit_logs_default');

    const month = monthPartitionName(monthStart(t.clock.now()));
    expect(await ensureAuditPartitions(t.hub.db, t.clock.now())).toEqual([
      month,
      monthPartitionName(monthStart(t.clock.now(), 1)),
    ]);
    expect(await partitionOf(id)).toBe(month);
    expect(await ensureAuditPartitions(t.hub.db, t.clock.now())).toEqual([]);
    expect(await coldVerify()).toMatchObject({ ok: true });
  });

  it('retention drops a month that expired whole, moves both chains past it, and everything verifies', async () => {
    // A second writer claims a chain of its own (the test clock ran past the hub's lease, renewed on a real timer).
    await t.hub.db.execute(
      sql`update audit_writers set lease_until = ${new Date(t.clock.now().getTime() + DAY_MS).toISOString()}::timestamptz
          where chain_id = ${t.hub.audit.writer.chainId()!}`,
    );
    const other = createAuditLog(t.hub.database, t.clock.now, key());
    await other.prepare();
    expect(other.writer.chainId()).not.toBe(t.hub.audit.writer.chainId());
    const first = await freeMonth();
    t.clock.current = new Date(first.getTime() + DAY_MS);
    await ensureAuditPartitions(t.hub.db, t.clock.now());
    // Ten days of rows on both chains in the first month, ten in the next, checkpointed.
    for (let day = 0; day < 60; day += 3) {
      t.clock.current = new Date(first.getTime() + (day + 1) * DAY_MS);
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { day } })]);
      await other.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { day } })]);
      expect(await other.checkpoint()).toBe(true);
    }
    const second = monthStart(first, 1);
    const inFirst = await rows<{ n: number }>(
      t.hub.db,
      sql`select count(*)::int as n from ${sql.identifier(monthPartitionName(first))}`,
    );
    expect(inFirst[0].n).toBeGreaterThan(20);
    expect(await coldVerify()).toMatchObject({ ok: true });

    // 30 days' retention, 15 days into the month after next: the first month is gone whole, the second in part.
    t.clock.current = new Date(monthStart(first, 2).getTime() + 15 * DAY_MS);
    const cutoff = new Date(t.clock.now().getTime() - 30 * DAY_MS);
    const result = await pruneAuditLog(t.hub);
    expect(result.partitions).toContain(monthPartitionName(first));
    expect(await partitionNames()).not.toContain(monthPartitionName(first));
    expect(await partitionNames()).toContain(monthPartitionName(second));
    const left = await rows<{ oldest: string }>(t.hub.db, sql`select min(occurred_at)::text as oldest from audit_logs`);
    expect(new Date(left[0].oldest).getTime()).toBeGreaterThanOrEqual(cutoff.getTime());
    const pruned = await rows<{ partition: string | null }>(
      t.hub.db,
      sql`select details->>'partition' as partition from audit_logs where event_type = 'audit_retention_pruned'`,
    );
    // One record per chain for the dropped month (and the month before partitioning, if it held rows).
    expect(pruned.filter((p) => p.partition === monthPartitionName(first))).toHaveLength(2);

    expect(await coldVerify()).toMatchObject({ ok: true, first_bad_id: null });
    // Both chains go on from their moved bases.
    await other.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    expect(await coldVerify()).toMatchObject({ ok: true });
    await other.writer.release();
  });

  // PostgreSQL only (the embedded database runs one statement at a time): the locks under concurrent appends.
  if (kind === 'postgres')
    it('appends of two writers go on while a month is made (its rows leave DEFAULT) and one dropped: none fails', async () => {
      await t.hub.db.execute(
        sql`update audit_writers set lease_until = ${new Date(t.clock.now().getTime() + 400 * DAY_MS).toISOString()}::timestamptz`,
      );
      const other = createAuditLog(t.hub.database, t.clock.now, key());
      await other.prepare();
      const first = await freeMonth();
      t.clock.current = new Date(first.getTime() + DAY_MS);
      await ensureAuditPartitions(t.hub.db, t.clock.now());
      const row = () => auditRow({ eventType: 'sign_in_success', severity: 'low' });
      for (const log of [t.hub.audit, other]) await log.recordRows([row(), row(), row()]);
      // Two months on (no partition yet: appends go to DEFAULT until the pruning makes it).
      t.clock.current = new Date(monthStart(first, 2).getTime() + 15 * DAY_MS);
      let appended = 0;
      let stop = false;
      const errors: unknown[] = [];
      const load = [t.hub.audit, other].map(async (log) => {
        while (!stop)
          await Promise.all(
            Array.from({ length: 8 }, () =>
              log.recordRows([row()]).then(
                () => (appended += 1),
                (e) => errors.push(e),
              ),
            ),
          );
      });
      const appendedAtLeast = async (n: number) => {
        while (appended < n && errors.length === 0) await new Promise((resolve) => setImmediate(resolve));
      };
      try {
        await appendedAtLeast(100);
        const result = await pruneAuditLog(t.hub);
        expect(result.partitions).toContain(monthPartitionName(first));
        await appendedAtLeast(appended + 100);
      } finally {
        stop = true;
        await Promise.all(load);
      }
      expect(errors).toEqual([]);
      expect(await partitionNames()).toContain(monthPartitionName(monthStart(t.clock.now())));
      expect(await rows(t.hub.db, sql`select 1 from audit_logs_default limit 1`)).toEqual([]);
      expect(await coldVerify()).toMatchObject({ ok: true });
      await other.writer.release();
    });

  it('the migration turns an existing one-table log into partitions in place; it verifies before and after', async () => {
    const other = createAuditLog(t.hub.database, t.clock.now, key());
    await other.prepare();
    for (let i = 0; i < 3; i++) {
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { i } })]);
      await other.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { i } })]);
    }
    // The table as the migrations before this one leave it, holding the same rows.
    await t.hub.db.execute(sql`create table audit_logs_copy as select * from audit_logs`);
    await t.hub.db.execute(sql`drop table audit_logs`);
    await t.hub.db.execute(sql`create table audit_logs (
      id bigserial primary key, occurred_at timestamp with time zone not null, event_type text not null,
      severity text not null, user_id uuid, session_id text, ip_address text, user_agent text, source text not null,
      details jsonb default '{}'::jsonb not null, prev_hash text not null, hash text not null, request_id text)`);
    for (const [name, first] of [
      ['type', 'event_type'],
      ['severity', 'severity'],
      ['user', 'user_id'],
      ['source', 'source'],
    ])
      await t.hub.db.execute(
        sql.raw(`create index audit_logs_${name}_idx on audit_logs (${first}, occurred_at desc, id desc)`),
      );
    await t.hub.db.execute(sql`create index audit_logs_occurred_id_idx on audit_logs (occurred_at desc, id desc)`);
    await t.hub.db.execute(sql`insert into audit_logs select * from audit_logs_copy`);
    await t.hub.db.execute(sql`drop table audit_logs_copy`);
    const before = await coldVerify();
    expect(before).toMatchObject({ ok: true });

    const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_audit_partitions.sql'))!;
    for (const statement of readFileSync(new URL(file, MIGRATIONS), 'utf8').split('--> statement-breakpoint'))
      await t.hub.db.execute(sql.raw(statement));

    expect(await partitionNames()).toEqual(['audit_logs_before_partitioning', 'audit_logs_default']);
    expect(await coldVerify()).toMatchObject({ ok: true, checked: before.checked });
    await other.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    expect(await partitionOf(await newestId())).toBe('audit_logs_before_partitioning');
    expect(await coldVerify()).toMatchObject({ ok: true, checked: before.checked + 2 });
    await other.writer.release();
  });
});
