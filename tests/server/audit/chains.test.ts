import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { auditRow } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { chainRows as chainRowsOf } from '../../helpers/audit-mark';
import { auditChainHead, auditLogs } from '../../../src/server/db/schema/index';
import { createAuditLog, type AuditLog } from '../../../src/server/audit/record';
import {
  CHAIN_SPAN,
  GENESIS_HASH,
  chainHash,
  chainRowId,
  deriveChainKey,
  headMac,
  keyedHash,
} from '../../../src/server/audit/chain';
import { openDatabase } from '../../../src/server/db/client';
import { acquirePglite } from '../../helpers/pglite-template';
import { WRITER_LEASE_MS } from '../../../src/server/audit/writer-queries';

/**
 * Issue 43: three writers, each with its own chain, joined by checkpoints. Every kind of tampering
 * with chain 1 (not the legacy chain 0) is found by a verifier that knows only the database, and
 * names the first bad row.
 */
describe.each(TEST_DATABASES)('audit chains of three writers [%s]', (kind) => {
  const t = useTestHub(kind);
  const key = () => t.hub.config.masterKey!;

  /** Three fresh writers on empty tables (chains 0, 1, 2), four rounds of rows, each round checkpointed. */
  async function threeWriters(): Promise<AuditLog[]> {
    await t.hub.db.execute(sql`delete from audit_logs`);
    await t.hub.db.execute(sql`delete from audit_chain_head`);
    await t.hub.db.execute(sql`delete from audit_writers`);
    const logs = [0, 1, 2].map(() => createAuditLog(t.hub.database, t.clock.now, key()));
    for (const log of logs) await log.prepare();
    expect(logs.map((l) => l.writer.chainId())).toEqual([0, 1, 2]);
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        logs.map((log, w) =>
          log.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { w, round } })]),
        ),
      );
      for (const log of logs) expect(await log.checkpoint()).toBe(true);
    }
    return logs;
  }

  const chainRows = (chain: number) => chainRowsOf(t.hub.db, chain);
  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, key()).verifyChain();

  it('three chains and their checkpoints verify; a row carries (chain, seq) in its id', async () => {
    await threeWriters();
    const rows = await chainRows(1);
    // seal, then four rounds of a row and a checkpoint
    expect(rows.map((r) => r.id - CHAIN_SPAN)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.filter((r) => r.eventType === 'audit_chain_checkpoint')).toHaveLength(4);
    const verdict = await coldVerify();
    expect(verdict).toMatchObject({ ok: true, checked: 27 });
    expect(verdict.chains?.map((c) => c.seq)).toEqual([9, 9, 9]);
  });

  it('an edited row, a deleted middle row and a re-chain without the key are named', async () => {
    await threeWriters();
    const rows = await chainRows(1);
    await t.hub.db
      .update(auditLogs)
      .set({ details: { forged: true } })
      .where(eq(auditLogs.id, rows[3].id));
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: rows[3].id, reason: 'row_mismatch' });
    await t.hub.db.update(auditLogs).set({ details: rows[3].details }).where(eq(auditLogs.id, rows[3].id));

    await t.hub.db.execute(sql`delete from audit_logs where id = ${rows[4].id}`);
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: rows[5].id, reason: 'link_broken' });
    await t.hub.db.insert(auditLogs).values(rows[4]);

    // Re-chained with plain SHA-256 from the second row on, the anchor's hash moved along.
    let prev = rows[0].hash;
    for (const r of rows.slice(1)) {
      const hash = chainHash(prev, r);
      await t.hub.db.update(auditLogs).set({ prevHash: prev, hash }).where(eq(auditLogs.id, r.id));
      prev = hash;
    }
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: rows[1].id, reason: 'row_mismatch' });
    await t.hub.db.update(auditChainHead).set({ lastHash: prev }).where(eq(auditChainHead.id, 1));
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, reason: 'head_invalid' });
  });

  it('rows swapped between two chains are named', async () => {
    await threeWriters();
    const [a, b] = [(await chainRows(1))[2], (await chainRows(2))[2]];
    const content = ({ id: _id, ...rest }: typeof a) => rest;
    await t.hub.db.update(auditLogs).set(content(b)).where(eq(auditLogs.id, a.id));
    await t.hub.db.update(auditLogs).set(content(a)).where(eq(auditLogs.id, b.id));
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: a.id });
  });

  it('a deleted tail is named, even behind a replayed older anchor, by the other chains’ checkpoints', async () => {
    await threeWriters();
    const rows = await chainRows(1);
    await t.hub.db.execute(sql`delete from audit_logs where id > ${rows[5].id} and id < ${chainRowId(2, 0)}`);
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: rows[6].id, reason: 'truncated' });

    // The attacker puts back chain 1's anchor as it stood at rows[5] (kept from an earlier copy of
    // the table): chain 1 alone verifies again, but chains 0 and 2 checkpointed it further on.
    const logs = await threeWriters();
    const early = await t.hub.db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
    await logs[1].recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    await logs[0].recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    expect(await logs[0].checkpoint()).toBe(true);
    await t.hub.db.execute(sql`delete from audit_logs where id > ${early[0].lastId} and id < ${chainRowId(2, 0)}`);
    await t.hub.db.update(auditChainHead).set(early[0]).where(eq(auditChainHead.id, 1));
    const verdict = await coldVerify();
    expect(verdict).toMatchObject({ ok: false, chain: 1, first_bad_id: early[0].lastId + 1, reason: 'truncated' });
    expect(verdict.checkpoint_id).toBeGreaterThan(chainRowId(0, 0));
    expect(verdict.checkpoint_id).toBeLessThan(chainRowId(1, 0));
  });

  it('a whole chain removed (rows, anchor and lease) is named by the checkpoints that saw it', async () => {
    await threeWriters();
    const last = (await chainRows(1)).at(-1)!;
    await t.hub.db.execute(sql`delete from audit_logs where id > ${chainRowId(1, 0)} and id < ${chainRowId(2, 0)}`);
    await t.hub.db.execute(sql`delete from audit_chain_head where id = 1`);
    await t.hub.db.execute(sql`delete from audit_writers where chain_id = 1`);
    expect(await coldVerify()).toMatchObject({ ok: false, chain: 1, first_bad_id: last.id, reason: 'chain_missing' });
  });

  it('a writer that stops renewing mid-batch (killed) leaves every chain verifiable; its chain is taken over', async () => {
    const logs = await threeWriters();
    // Batches on the wire when the writer "dies": it never renews its lease again.
    const inFlight = [1, 2, 3].map((i) =>
      logs[1].recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low', details: { i } })]),
    );
    logs[1].writer.abandonLease();
    // Its lease runs out (the others renew theirs meanwhile).
    await t.hub.db.execute(
      sql`update audit_writers set lease_until = ${new Date(t.clock.now().getTime() - WRITER_LEASE_MS).toISOString()}
           where chain_id = 1`,
    );
    const successor = createAuditLog(t.hub.database, t.clock.now, key());
    await successor.prepare();
    expect(successor.writer.chainId()).toBe(1);
    await successor.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    await Promise.allSettled(inFlight);
    expect(await successor.checkpoint()).toBe(true);
    expect(await coldVerify()).toMatchObject({ ok: true });
    expect((await chainRows(1)).at(-1)!.eventType).toBe('audit_chain_checkpoint');
    expect((await chainRows(1)).at(0)!.prevHash).toBe(GENESIS_HASH);
  });

  it('a writer that finds its lease lost claims a chain again at once, so an append in a transaction never waits on a claim', async () => {
    const logs = await threeWriters();
    // Writer 1 stalled (a laptop asleep) past its lease, and another process took its chain.
    await t.hub.db.execute(sql`update audit_writers set owner = 'another-process' where chain_id = 1`);
    await logs[1].writer.renewLease();
    expect(logs[1].writer.chainId()).toBe(3);
    // Inside a caller's transaction (on the one-connection embedded database, a claim there would never answer).
    await t.hub.db.transaction((tx) => logs[1].recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })], tx));
    expect((await chainRows(3)).map((r) => r.eventType)).toEqual(['audit_chain_started', 'sign_out']);
    expect(await coldVerify()).toMatchObject({ ok: true });
  });
});

const MIGRATIONS = new URL('../../../drizzle/', import.meta.url);

describe('the upgrade of a one-chain database to chains (migration audit_chains) [pglite]', () => {
  it('an existing chain verifies before and after, becomes chain 0 and goes on there', async () => {
    // A migrated database taken back to the schema before this migration (exactly what it changes),
    // then the migration's own file applied to it, as the upgrade applies it (whatever comes after it).
    const { client, release } = await acquirePglite();
    const database = await openDatabase({ pglite: client });
    try {
      await client.exec(`drop table audit_writers;
        alter table audit_chain_head drop constraint audit_chain_head_chain_id;
        alter table audit_chain_head add constraint audit_chain_head_single_row check (id = 1);
        alter table audit_chain_head alter column id set default 1;
        alter table audit_sinks drop column chain_cursors;
        drop function audit_chain_advance(smallint, bigint, text, bigint, text, text, timestamptz);`);
      // Five keyed rows and the single anchor (id 1) as the previous version wrote them.
      const masterKey = randomBytes(32);
      const key = deriveChainKey(masterKey);
      let prev = GENESIS_HASH;
      for (let id = 1; id <= 5; id++) {
        const row = { ...auditRow({ eventType: 'sign_in_success', severity: 'low', details: { id } }), id };
        const content = { userId: null, sessionId: null, ipAddress: null, userAgent: null, requestId: null };
        const full = { ...content, ...row, occurredAt: new Date(Date.UTC(2026, 0, id)) };
        const hash = keyedHash(key, prev, full);
        await database.db.insert(auditLogs).values({ ...full, prevHash: prev, hash });
        prev = hash;
      }
      const position = {
        lastId: 5,
        lastHash: prev,
        baseId: 0,
        baseHash: GENESIS_HASH,
        legacyLastId: 0,
        legacyLastHash: GENESIS_HASH,
        sealedAt: new Date(Date.UTC(2026, 0, 1)),
        keyId: null,
      };
      await database.db.execute(
        sql`insert into audit_chain_head (id, last_id, last_hash, base_id, base_hash, legacy_last_id, legacy_last_hash,
              sealed_at, mac, updated_at)
            values (1, 5, ${prev}, 0, ${GENESIS_HASH}, 0, ${GENESIS_HASH}, ${position.sealedAt.toISOString()},
              ${headMac(key, position)}, now())`,
      );
      // Before: the anchor is authentic and each row's MAC links to the one before (the old verification's rules).
      const before = await database.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
      expect(before.every((r) => r.hash === keyedHash(key, r.prevHash, r))).toBe(true);

      const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_audit_chains.sql'))!;
      await client.exec(readFileSync(new URL(file, MIGRATIONS), 'utf8'));
      const clock = () => new Date(Date.UTC(2026, 1, 1));
      expect(await createAuditLog(database, clock, masterKey).verifyChain()).toMatchObject({
        ok: true,
        checked: 5,
        chains: [{ chain: 0, head_id: 5, seq: 5 }],
      });
      const node = createAuditLog(database, clock, masterKey);
      expect(await node.prepare()).toBeNull();
      expect(node.writer.chainId()).toBe(0);
      await node.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
      expect(await createAuditLog(database, clock, masterKey).verifyChain()).toMatchObject({ ok: true, checked: 6 });
      const [last] = await database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
      expect(last).toMatchObject({ id: 6, prevHash: prev, eventType: 'sign_out' });
    } finally {
      await database.close();
      await release();
    }
  });
});
