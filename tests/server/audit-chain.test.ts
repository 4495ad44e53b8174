import { beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../helpers/fixtures';
import { asc, eq, sql } from 'drizzle-orm';
import { TEST_DATABASES, TEST_DB_TIMEOUTS } from '../helpers/test-hub';
import { auditChainHead, auditLogs } from '../../src/server/db/schema/index';
import { createAuditLog, type AuditLog } from '../../src/server/audit/record';
import { GENESIS_HASH, chainHash, keyedHash } from '../../src/server/audit/chain';
import { openDatabase } from '../../src/server/db/client';
import { useTestHub } from '../helpers/use-test-hub';

describe.each(TEST_DATABASES)('audit hash chain [%s]', (kind) => {
  const t = useTestHub(kind);
  let key: Buffer;
  beforeAll(async () => {
    key = t.hub.config.masterKey!;
  });

  /** An empty table and a new anchor, written by a writer with no memory of earlier runs. */
  async function freshLog(): Promise<AuditLog> {
    await t.hub.db.execute(sql`delete from audit_logs`);
    await t.hub.db.execute(sql`delete from audit_chain_head`);
    // Issue 43: the new writer claims chain 0 again, as the only process there is.
    await t.hub.db.execute(sql`delete from audit_writers`);
    const log = createAuditLog(t.hub.database, t.clock.now, key);
    expect(await log.prepare()).toBe('empty');
    return log;
  }

  async function appendSome(log: AuditLog, n: number) {
    for (let i = 0; i < n; i++) {
      await log.recordRows([
        auditRow({
          eventType: 'sign_in_success',
          severity: 'low',
          requestId: `req-${i}`,
          details: { i, nested: { b: 1, a: [2, { z: null, y: 'x' }] } },
        }),
      ]);
    }
  }

  const allRows = () => t.hub.db.select().from(auditLogs).orderBy(asc(auditLogs.id));

  /** A verifier that knows only the database (a fresh process, the CLI). */
  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, key).verifyChain();

  it('appends keyed rows with consecutive ids and verifies them', async () => {
    const log = await freshLog();
    await appendSome(log, 2);
    await log.recordRows([
      auditRow({ eventType: 'sign_in_success', severity: 'low', userId: null, ipAddress: '10.0.0.1' }),
      auditRow({ eventType: 'sign_in_failure', severity: 'medium', details: { email: 'x@example.test' } }),
    ]);
    const rows = await allRows();
    // The first row is the anchor's own seal event.
    expect(rows.map((r) => r.eventType)).toEqual([
      'audit_chain_started',
      'sign_in_success',
      'sign_in_success',
      'sign_in_success',
      'sign_in_failure',
    ]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0].prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i].prevHash).toBe(rows[i - 1].hash);
    // Keyed: the stored hash is the HMAC under the chain key, not a hash anyone can recompute.
    expect(rows[1].hash).not.toBe(chainHash(rows[1].prevHash, rows[1]));
    expect(await log.verifyChain()).toMatchObject({ ok: true, checked: 5, first_bad_id: null });
    expect(await coldVerify()).toMatchObject({ ok: true, checked: 5, head: { id: 5, hash: rows[4].hash } });
  });

  it('concurrent appends from two processes form valid chains, one each', async () => {
    const log = await freshLog();
    // On PostgreSQL a second, independent connection pool plays a second hub process; since issue
    // 43 it claims a chain of its own (its seal is one more row), so neither waits for the other.
    const second =
      kind === 'postgres'
        ? await openDatabase({ url: t.databaseUrl, poolMax: 5, timeouts: TEST_DB_TIMEOUTS })
        : undefined;
    const other = second ? createAuditLog(second, t.clock.now, key) : log;
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? other : log).recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { i } })]),
      ),
    );
    await second?.close();
    expect(await log.verifyChain()).toMatchObject({ ok: true, checked: second ? 62 : 61 });
    const rows = await allRows();
    expect(new Set(rows.map((r) => (r.details as { i?: number }).i)).size).toBe(61);
  });

  it('names the first edited row, including an edited request_id', async () => {
    const log = await freshLog();
    await appendSome(log, 6);
    const victim = (await allRows())[4];
    await t.hub.db
      .update(auditLogs)
      .set({ details: { forged: true } })
      .where(eq(auditLogs.id, victim.id));
    expect(await coldVerify()).toMatchObject({
      ok: false,
      checked: 4,
      first_bad_id: victim.id,
      reason: 'row_mismatch',
    });
    await t.hub.db.update(auditLogs).set({ details: victim.details }).where(eq(auditLogs.id, victim.id));
    expect((await coldVerify()).ok).toBe(true);
    await t.hub.db.update(auditLogs).set({ requestId: 'someone-else' }).where(eq(auditLogs.id, victim.id));
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: victim.id, reason: 'row_mismatch' });
  });

  it('detects a deleted row in the middle', async () => {
    const log = await freshLog();
    await appendSome(log, 5);
    const rows = await allRows();
    await t.hub.db.execute(sql`delete from audit_logs where id = ${rows[2].id}`);
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: rows[3].id, reason: 'link_broken' });
  });

  it('detects truncation of the newest rows', async () => {
    const log = await freshLog();
    await appendSome(log, 8);
    const rows = await allRows();
    await t.hub.db.execute(sql`delete from audit_logs where id > ${rows[5].id}`);
    expect(await coldVerify()).toMatchObject({ ok: false, checked: 6, first_bad_id: rows[6].id, reason: 'truncated' });
    expect(await log.verifyChain()).toMatchObject({ ok: false, reason: 'truncated' });
  });

  it('detects truncation even when the anchor is pointed at the new last row', async () => {
    const log = await freshLog();
    await appendSome(log, 8);
    const rows = await allRows();
    await t.hub.db.execute(sql`delete from audit_logs where id > ${rows[5].id}`);
    await t.hub.db
      .update(auditChainHead)
      .set({ lastId: rows[5].id, lastHash: rows[5].hash })
      .where(eq(auditChainHead.id, 0));
    expect(await coldVerify()).toMatchObject({ ok: false, reason: 'head_invalid' });
  });

  it('detects a full re-chain with plain SHA-256 (rows and anchor rewritten)', async () => {
    const log = await freshLog();
    await appendSome(log, 6);
    const rows = await allRows();
    // The attacker rewrites one event and re-chains every row the way the old hub did.
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const details = r.id === rows[3].id ? { forged: true } : r.details;
      const hash = chainHash(prev, { ...r, details });
      await t.hub.db.update(auditLogs).set({ details, prevHash: prev, hash }).where(eq(auditLogs.id, r.id));
      prev = hash;
    }
    expect(await coldVerify()).toMatchObject({
      ok: false,
      checked: 0,
      first_bad_id: rows[0].id,
      reason: 'row_mismatch',
    });
    // …and moves the anchor's hash too: its MAC no longer matches.
    await t.hub.db.update(auditChainHead).set({ lastHash: prev }).where(eq(auditChainHead.id, 0));
    expect(await coldVerify()).toMatchObject({ ok: false, reason: 'head_invalid' });
  });

  it('detects a re-chain under a key other than the master key', async () => {
    const log = await freshLog();
    await appendSome(log, 3);
    const rows = await allRows();
    const wrongKey = Buffer.alloc(32, 7);
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const hash = keyedHash(wrongKey, prev, r);
      await t.hub.db.update(auditLogs).set({ prevHash: prev, hash }).where(eq(auditLogs.id, r.id));
      prev = hash;
    }
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: rows[0].id, reason: 'row_mismatch' });
  });

  it('detects a forged row appended past the anchor', async () => {
    const log = await freshLog();
    await appendSome(log, 3);
    const last = (await allRows()).at(-1)!;
    await t.hub.db.insert(auditLogs).values({
      id: last.id + 1,
      occurredAt: new Date(),
      eventType: 'sign_in_success',
      severity: 'low',
      source: 'server',
      details: {},
      prevHash: last.hash,
      hash: 'f'.repeat(64),
    });
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: last.id + 1, reason: 'rows_beyond_head' });
  });

  it('a replayed old anchor hides a truncation from the database alone, not from an outside anchor or a live node', async () => {
    const log = await freshLog();
    await appendSome(log, 4);
    const [oldHead] = await t.hub.db.select().from(auditChainHead);
    const oldLast = (await allRows()).at(-1)!;
    await appendSome(log, 4);
    const anchor = (await log.anchor())!;
    // Attacker: delete the four newest rows and put back the anchor row copied earlier.
    await t.hub.db.execute(sql`delete from audit_logs where id > ${oldLast.id}`);
    await t.hub.db.update(auditChainHead).set(oldHead).where(eq(auditChainHead.id, 0));
    // What the README says: the database on its own cannot tell this from the earlier state…
    expect(await coldVerify()).toMatchObject({ ok: true });
    // …but the process that wrote the rows remembers, and so does an anchor kept elsewhere.
    expect(await log.verifyChain()).toMatchObject({ ok: false, reason: 'rolled_back' });
    const cold = createAuditLog(t.hub.database, t.clock.now, key);
    expect(await cold.verifyChain({ anchor })).toMatchObject({ ok: false, reason: 'anchor_mismatch' });
    // A forged outside anchor is refused as such.
    expect(await cold.verifyChain({ anchor: { ...anchor, id: 2 } })).toMatchObject({ reason: 'anchor_invalid' });
  });

  it('an anchor deleted by an attacker is re-sealed on the next append, and the keyed rows it covered stop verifying', async () => {
    const log = await freshLog();
    await appendSome(log, 3);
    await t.hub.db.execute(sql`delete from audit_chain_head`);
    expect(await coldVerify()).toMatchObject({ ok: false, reason: 'head_missing' });
    // The node restarts after its lease ran out and claims its chain again.
    await t.hub.db.execute(sql`delete from audit_writers`);
    const restarted = createAuditLog(t.hub.database, t.clock.now, key);
    await restarted.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const rows = await allRows();
    const seal = rows.at(-2)!;
    expect(seal.eventType).toBe('audit_chain_sealed');
    expect(seal.severity).toBe('high');
    expect(seal.details).toMatchObject({ reason: 'existing_rows' });
    // The keyed rows now sit in the sealed "plain SHA-256" prefix, where they cannot verify.
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: rows[0].id, reason: 'row_mismatch' });
  });

  it('upgrades a plain SHA-256 chain once: verifies it, seals it, continues keyed', async () => {
    await t.hub.db.execute(sql`delete from audit_logs`);
    await t.hub.db.execute(sql`delete from audit_chain_head`);
    await t.hub.db.execute(sql`delete from audit_writers`);
    // Rows as the previous version wrote them: bigserial ids with a gap, plain SHA-256.
    let prev = GENESIS_HASH;
    const ids = [10, 11, 13];
    for (const [n, id] of ids.entries()) {
      const row = {
        occurredAt: new Date(Date.UTC(2026, 0, 1 + n)),
        eventType: 'sign_in_success',
        severity: 'low',
        userId: null,
        sessionId: null,
        ipAddress: '10.0.0.9',
        userAgent: 'old',
        source: 'server',
        details: { n },
      };
      const hash = chainHash(prev, row);
      await t.hub.db.insert(auditLogs).values({ id, ...row, prevHash: prev, hash });
      prev = hash;
    }
    const log = createAuditLog(t.hub.database, t.clock.now, key);
    expect(await log.prepare()).toBe('existing_rows');
    expect(await log.prepare()).toBeNull();
    await log.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const rows = await allRows();
    expect(rows.map((r) => r.id)).toEqual([10, 11, 13, 14, 15]);
    expect(rows[3]).toMatchObject({ eventType: 'audit_chain_sealed', prevHash: prev });
    expect(await coldVerify()).toMatchObject({ ok: true, checked: 5, head: { legacy_last_id: 13, id: 15 } });
    // The sealed old rows are still protected: rewriting one is found.
    await t.hub.db
      .update(auditLogs)
      .set({ details: { n: 99 } })
      .where(eq(auditLogs.id, 11));
    expect(await coldVerify()).toMatchObject({ ok: false, first_bad_id: 11, reason: 'row_mismatch' });
  });
});
