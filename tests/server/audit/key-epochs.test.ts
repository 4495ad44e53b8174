import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditRow } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { chainRows as chainRowsOf } from '../../helpers/audit-mark';
import { auditChainHead, auditLogs } from '../../../src/server/db/schema/index';
import { createAuditLog, type AuditLog } from '../../../src/server/audit/record';
import { canonicalJson, chainRowId, deriveChainKey, headMac, keyedHash } from '../../../src/server/audit/chain';
import { createMasterKeyring } from '../../../src/server/crypto/keyring';
import { keyIdOf } from '../../../src/server/crypto/secrets';
import { startRotation } from '../../../src/server/master-keys/service';
import { runRotation } from '../../../src/server/master-keys/rotator';

/**
 * Issue 45: a master-key rotation moves every audit chain into the new key's epoch with one row
 * MAC'd under both keys (audit/chain-keys.ts), while three writers keep appending; `audit verify`
 * crosses the epoch. Someone holding the OLD key afterwards cannot edit a row written after the
 * crossing, re-chain the rows before it, or put an anchor back in the old epoch.
 */
describe.each(TEST_DATABASES)('audit key epochs [%s]', (kind) => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const t = useTestHub(kind, { config: { masterKey: oldKey, masterKeys: [oldKey, newKey] } });
  const oldChainKey = deriveChainKey(oldKey);

  const chainRows = (chain: number) => chainRowsOf(t.hub.db, chain);
  const coldVerify = () => createAuditLog(t.hub.database, t.clock.now, t.hub.keyring).verifyChain();
  const row = (w: number, round: number) =>
    auditRow({ eventType: 'sign_in_success', severity: 'low', details: { w, round } });

  /** Rewrites a row's stored hash under `key` after its details were changed (what a key holder can do). */
  async function forge(id: number, key: Buffer) {
    const [r] = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.id, id));
    const details = { ...(r.details as object), forged: true };
    const hash = keyedHash(key, r.prevHash, { ...r, details }, canonicalJson(details));
    await t.hub.db.update(auditLogs).set({ details, hash }).where(eq(auditLogs.id, id));
    return hash;
  }

  let writers: AuditLog[] = [];

  it('three writers cross into the new key epoch under load, and verification crosses it', async () => {
    // This hub's chain and two more writers sharing its keyring, as two more nodes would.
    writers = [t.hub.audit, createAuditLog(t.hub.database, t.clock.now, t.hub.keyring)];
    writers.push(createAuditLog(t.hub.database, t.clock.now, t.hub.keyring));
    await Promise.all(writers.map((w, i) => w.recordRows([row(i, 0)])));
    const chains = writers.map((w) => w.writer.chainId()!);
    expect(new Set(chains).size).toBe(3);
    for (const w of writers) expect(await w.checkpoint()).toBe(true);

    // The switch crosses every chain at once, while appends of every writer are on the wire.
    const during = writers.map((w, i) => w.recordRows([row(i, 1), row(i, 2)]));
    await startRotation(t.hub, { via: 'cli' });
    await Promise.all(during);
    await Promise.all(writers.map((w, i) => w.recordRows([row(i, 3)])));
    for (const w of writers) await w.checkpoint(true);
    expect(await runRotation(t.hub, { retireGraceMs: 0 })).toEqual({ state: 'done', retired: keyIdOf(oldKey) });

    const heads = await t.hub.db.select().from(auditChainHead);
    for (const chain of chains) {
      expect(heads.find((h) => h.id === chain)?.keyId, `chain ${chain}`).toBe(keyIdOf(newKey));
      const crossings = (await chainRows(chain)).filter((r) => r.eventType === 'audit_key_epoch');
      expect(
        crossings.map((r) => r.details),
        `chain ${chain}`,
      ).toEqual([{ chain, from: null, to: keyIdOf(newKey), mac: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    }
    const verdict = await coldVerify();
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.chains).toHaveLength(3);
    // A verifier that holds only the old key cannot vouch for the new epoch: it says so, not "tampered".
    const onlyOld = createMasterKeyring([oldKey]);
    expect(await createAuditLog(t.hub.database, t.clock.now, onlyOld).verifyChain()).toMatchObject({
      ok: false,
      reason: 'key_unavailable',
    });
  });

  it('with the old key, a row after the crossing cannot be edited nor the past re-chained', async () => {
    const chain = writers[1].writer.chainId()!;
    const rows = await chainRows(chain);
    const crossing = rows.findIndex((r) => r.eventType === 'audit_key_epoch');
    const after = rows[crossing + 1];
    const original = { details: after.details, hash: after.hash };
    await forge(after.id, oldChainKey);
    expect(await coldVerify()).toMatchObject({ ok: false, chain, first_bad_id: after.id, reason: 'row_mismatch' });
    await t.hub.db.update(auditLogs).set(original).where(eq(auditLogs.id, after.id));

    // Every row before the crossing edited and re-chained under the old key, the crossing's own MAC included:
    // its second MAC, under the new key, pins the hash it follows.
    const saved = rows
      .slice(0, crossing + 1)
      .map((r) => ({ id: r.id, prevHash: r.prevHash, hash: r.hash, details: r.details }));
    let prev = rows[0].prevHash;
    for (const r of rows.slice(0, crossing + 1)) {
      const details = r.id === rows[1].id ? { ...(r.details as object), forged: true } : r.details;
      const hash = keyedHash(oldChainKey, prev, { ...r, details }, canonicalJson(details));
      await t.hub.db.update(auditLogs).set({ details, prevHash: prev, hash }).where(eq(auditLogs.id, r.id));
      prev = hash;
    }
    await t.hub.db.update(auditLogs).set({ prevHash: prev }).where(eq(auditLogs.id, after.id));
    expect(await coldVerify()).toMatchObject({
      ok: false,
      chain,
      first_bad_id: rows[crossing].id,
      reason: 'checkpoint_invalid',
    });
    for (const s of saved) await t.hub.db.update(auditLogs).set(s).where(eq(auditLogs.id, s.id));
    await t.hub.db.update(auditLogs).set({ prevHash: rows[crossing].hash }).where(eq(auditLogs.id, after.id));
    expect(await coldVerify()).toMatchObject({ ok: true });
  });

  it('with the old key, an anchor put back in the old epoch is not authentic once the key is retired', async () => {
    const chain = writers[2].writer.chainId()!;
    const [head] = await t.hub.db.select().from(auditChainHead).where(eq(auditChainHead.id, chain));
    // Truncated to the last row before the crossing, re-anchored in the old epoch under the old key.
    const rows = await chainRows(chain);
    const before = rows[rows.findIndex((r) => r.eventType === 'audit_key_epoch') - 1];
    const position = { ...head, lastId: before.id, lastHash: before.hash, keyId: null };
    await t.hub.db
      .update(auditChainHead)
      .set({ lastId: before.id, lastHash: before.hash, keyId: null, mac: headMac(oldChainKey, position) })
      .where(eq(auditChainHead.id, chain));
    await t.hub.db.execute(sql`delete from audit_logs where id > ${before.id} and id < ${chainRowId(chain + 1, 0)}`);
    expect(await coldVerify()).toMatchObject({ ok: false, chain, reason: 'head_invalid' });
    await Promise.all(writers.slice(1).map((w) => w.writer.release()));
  });
});
