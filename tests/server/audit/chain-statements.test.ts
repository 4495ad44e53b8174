import type { CounterKey } from '../../../src/server/auth/counter-key';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { auditRow } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { watchAppends } from '../../helpers/hold-statement';
import { auditLogs } from '../../../src/server/db/schema/index';
import { rows, type DbOrTx } from '../../../src/server/db/client';
import { AUDIT_TICKET_LOCK_CLASS } from '../../../src/server/audit/chain-queries';
import { clearAttemptsStatement } from '../../../src/server/auth/sign-in-limit-queries';

const schemaColumns = Object.values(getTableColumns(auditLogs)).map((c) => c.name);

/**
 * Every chain append on `db` while `run` runs, as text and parameters, however it is sent: the
 * grants-only append is a named statement (`preparedRows`), an append with writes goes through
 * `db.execute` (tests/helpers/hold-statement.ts watchAppends sees both).
 */
async function captureAppends(db: DbOrTx, run: () => Promise<unknown>) {
  const appends = watchAppends(db);
  try {
    await run();
    return appends.sent.mock.calls.map(([statement]) => statement);
  } finally {
    appends.restore();
  }
}

/** A statement as sent (text with $n placeholders, parameters) as drizzle SQL again, to run it under `explain`. */
function rebuilt(statement: { sql: string; params: unknown[] }): SQL {
  const parts = statement.sql.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql`${statement.params[Number(part) - 1]}` : sql.raw(part))),
    sql``,
  );
}

/** The insert list, the select list, the record definition and the rows' JSON keys of a chain append. */
function columnsOf(statement: { sql: string; params: unknown[] }) {
  const text = statement.sql.replace(/\s+/g, ' ');
  const [, insert, select] = /insert into audit_logs \(([^)]*)\) select (.*?) from /.exec(text)!;
  const [, record] = /jsonb_to_recordset\(\$\d+::jsonb\) as x\((.*?)\) (?:where|returning)/.exec(text)!;
  const rowsJson = statement.params.find((p) => typeof p === 'string' && p.startsWith('[{')) as string;
  const split = (list: string) => list.split(',').map((c) => c.trim());
  return {
    insert: split(insert),
    select: split(select),
    record: split(record).map((c) => {
      const [name, ...type] = c.split(' ');
      return { name, type: type.join(' ') };
    }),
    jsonKeys: (JSON.parse(rowsJson) as Record<string, unknown>[]).map((r) => Object.keys(r)),
  };
}

describe.each(TEST_DATABASES)('the chain statements take their columns from the schema [%s]', (kind) => {
  const t = useTestHub(kind);

  it('the locked and the pipelined append name exactly the columns of the schema, typed as in the migrated table', async () => {
    const table = await rows<{ column_name: string; data_type: string }>(
      t.hub.db,
      sql`select column_name, data_type from information_schema.columns
           where table_schema = current_schema() and table_name = 'audit_logs' order by ordinal_position`,
    );
    // The table's own order differs (request_id came by ALTER TABLE, migration 0002); lists name columns.
    const typeOf = new Map(table.map((c) => [c.column_name, c.data_type]));
    expect([...typeOf.keys()].sort()).toEqual([...schemaColumns].sort());

    // Inside a transaction: the locked statement. Then, the anchor known, the pipelined one.
    const locked = await t.hub.db.transaction((tx) =>
      captureAppends(tx, () => t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })], tx)),
    );
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const pipelined = await captureAppends(t.hub.database.db, () =>
      t.hub.audit.recordRows([
        auditRow({ eventType: 'sign_in_success', severity: 'low', requestId: 'r-1' }),
        auditRow({ eventType: 'sign_out', severity: 'low', details: { b: 1, a: 2 } }),
      ]),
    );
    const appends = [...locked, ...pipelined].filter((s) => s.sql.includes('insert into audit_logs'));
    expect(appends.map((s) => s.sql.includes('audit_chain_advance'))).toEqual([false, true]);
    // The pipelined append is named by its shape (db/client.ts statementNamer), so PostgreSQL plans
    // each shape once per connection; the locked one, inside a caller's transaction, is not.
    expect(appends[0].name).toBeUndefined();
    expect(appends[1].name).toMatch(/^audit_chain_append_\d+$/);
    for (const statement of appends) {
      const columns = columnsOf(statement);
      expect(columns.insert).toEqual(schemaColumns);
      expect(columns.select).toEqual(schemaColumns);
      // Each record type is the table's own (a bigserial is stored as a bigint).
      expect(columns.record).toEqual(schemaColumns.map((name) => ({ name, type: typeOf.get(name) })));
      for (const keys of columns.jsonKeys) expect(keys).toEqual(schemaColumns);
    }
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });

  it('the pipelined append joins nothing, however many writes its batch carries (its plan grows with them, not faster)', async () => {
    // A batch of units with a write each (a sign-in's cleared counter), handed over in one turn.
    await t.hub.unitOfWork.commit({ type: 'sign_out', details: {} });
    const units = Array.from({ length: 12 }, (_, i) =>
      t.hub.unitOfWork.commit({ type: 'sign_out', details: {} }, [
        clearAttemptsStatement(`plan-test-${i}` as CounterKey),
      ]),
    );
    const statements = await captureAppends(t.hub.database.db, () => Promise.all(units));
    const append = statements.find((s) => s.sql.includes('audit_chain_advance') && s.sql.includes('w11'));
    expect(append, statements.map((s) => s.sql.slice(0, 80)).join('\n')).toBeDefined();
    // A FROM item per write made the planner join them all (~10 ms of planning for six code exchanges).
    const plan = await rows<Record<string, string>>(t.hub.db, sql`explain ${rebuilt(append!)}`);
    const lines = plan.map((r) => Object.values(r)[0]);
    // The one join is the audit insert's own (its ticket with its rows), whatever the batch's size.
    expect(lines.filter((l) => /Nested Loop|Hash Join|Merge Join/.test(l))).toHaveLength(1);
  });

  it('the ticket lock of the pipelined append is the one audit_chain_advance waits on (migration audit_chains)', async () => {
    const dir = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(dir).find((f) => f.endsWith('_audit_chains.sql'))!;
    const migration = readFileSync(new URL(file, dir), 'utf8');
    // Chain k's class is the base class + k (issue 43); this hub writes chain 0.
    const waits = [
      ...migration.matchAll(/pg_advisory_(?:un)?lock_shared\((\d+) \+ p_chain, \(p_after_id % (\d+)\)::int\)/g),
    ];
    expect(waits).toHaveLength(2);

    // The first append of a writer learns the anchor under the lock; the next one is pipelined.
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const [statement] = (
      await captureAppends(t.hub.database.db, () =>
        t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]),
      )
    ).filter((s) => s.sql.includes('audit_chain_advance'));
    const [, classParam, modulus] = /pg_advisory_xact_lock\(\$(\d+), \(\$\d+::bigint % (\d+)\)::int\)/.exec(
      statement.sql,
    )!;
    expect(t.hub.audit.writer.chainId()).toBe(0);
    expect(statement.params[Number(classParam) - 1]).toBe(AUDIT_TICKET_LOCK_CLASS);
    for (const [, lockClass, fold] of waits) {
      expect(Number(lockClass)).toBe(AUDIT_TICKET_LOCK_CLASS);
      expect(fold).toBe(modulus);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'audit_chain_advance while the batch before is not there yet [postgres]',
  () => {
    const t = useTestHub('postgres');

    it('holds no lock on that batch’s ticket while it waits, gives up with 40001 and moves nothing', async () => {
      // A pipelined batch can reach the anchor before the batch it was built on has taken its
      // ticket (they travel on different connections). While it waits, that batch must be free to
      // take its ticket: a ticket held here would make each wait for the other until this one gives up.
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
      const chain = t.hub.audit.writer.chainId();
      const [head] = await rows<{ last_id: string; mac: string }>(
        t.hub.db,
        sql`select last_id, mac from audit_chain_head where id = ${chain}`,
      );
      const waiting = new pg.Client({ connectionString: t.databaseUrl });
      const watching = new pg.Client({ connectionString: t.databaseUrl });
      await Promise.all([waiting.connect(), watching.connect()]);
      try {
        const { rows: me } = await waiting.query<{ pid: number }>('select pg_backend_pid() as pid');
        // Looks at the call while it runs: every time it is seen asleep between two looks at the
        // anchor, how many advisory locks it holds. A lock taken and released around each look can
        // be caught in the instant between them (the sleep may end between the two reads of one
        // observation), so one observation asleep with none held is the proof; a ticket held
        // through the sleeps shows in every observation.
        const observe = async (): Promise<{ asleep: number; free: number; error: unknown }> => {
          const afterId = Number(head.last_id) + 10;
          const call = waiting
            .query(`select audit_chain_advance($1::smallint, $2::bigint, 'not-yet', $3::bigint, 'h', 'm', now())`, [
              chain,
              afterId,
              afterId + 5,
            ])
            .then(
              () => ({ error: null }),
              (error: unknown) => ({ error }),
            );
          let settled = false;
          void call.then(() => (settled = true));
          let asleep = 0;
          let free = 0;
          while (!settled) {
            const { rows: seen } = await watching.query<{ wait_event: string | null; locks: string }>(
              `select a.wait_event, (select count(*) from pg_locks l
                                    where l.pid = a.pid and l.locktype = 'advisory' and l.granted) as locks
               from pg_stat_activity a where a.pid = $1`,
              [me[0].pid],
            );
            if (seen[0]?.wait_event !== 'PgSleep') continue;
            asleep++;
            if (Number(seen[0].locks) === 0) free++;
          }
          return { asleep, free, ...(await call) };
        };
        let seen = await observe();
        for (let attempt = 1; attempt < 20 && seen.asleep < 3; attempt++) seen = await observe();
        expect(seen.asleep).toBeGreaterThanOrEqual(3);
        expect(seen.free).toBeGreaterThan(0);
        expect((seen.error as { code?: string }).code).toBe('40001');
        const [after] = await rows<{ last_id: string; mac: string }>(
          t.hub.db,
          sql`select last_id, mac from audit_chain_head where id = ${chain}`,
        );
        expect(after).toEqual(head);
      } finally {
        await Promise.all([waiting.end(), watching.end()]);
      }
    });
  },
);
