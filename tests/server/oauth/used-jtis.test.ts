import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { countStatements } from '../../helpers/count-statements';
import { acceptJtiOnce, type UsedJti } from '../../../src/server/oauth/jti-once';

/**
 * Issue 31: the JWT IDs checked outside a grant's unit of work (client assertions, DPoP proofs at
 * introspection, userinfo, revocation, refresh) are recorded once across nodes and, when
 * requests come together, with one insert for all of them (oauth/jti-once.ts `createUsedJtis`).
 */
describe.each(TEST_DATABASES)('used JWT IDs [%s]', (kind) => {
  const t = useTestHub(kind);
  const until = new Date(Date.now() + 60_000);
  const jti = (issuer = 'used-jtis-test'): UsedJti => ({ kind: 'dpop', issuer, jti: randomUUID(), until });

  it('IDs of concurrent requests go in with one insert; each is refused afterwards', async () => {
    const ids = Array.from({ length: 40 }, () => jti());
    const counter = countStatements();
    let results: boolean[];
    try {
      results = await Promise.all(ids.map((j) => acceptJtiOnce(t.hub, j)));
    } finally {
      counter.stop();
    }
    expect(results).toEqual(ids.map(() => true));
    // Spelled either way: drizzle's query builder quotes the table, a statement of sql`` may not.
    const inserts = counter.texts.filter((q) => /insert into "?oauth_used_jtis"?/.test(q));
    expect(inserts, counter.texts.join('\n')).toHaveLength(1);
    expect(await Promise.all(ids.map((j) => acceptJtiOnce(t.hub, j)))).toEqual(ids.map(() => false));
  });

  it('in one batch, a used ID and a repeated one are refused; the fresh ones and the first of the pair are not', async () => {
    const used = jti();
    expect(await acceptJtiOnce(t.hub, used)).toBe(true);
    const twice = jti();
    const fresh = [jti(), jti()];
    const results = await Promise.all([used, fresh[0], twice, twice, fresh[1]].map((j) => acceptJtiOnce(t.hub, j)));
    expect(results).toEqual([false, true, true, false, true]);
  });

  it('the same jti from another issuer or of another kind is another ID', async () => {
    const a = jti('issuer-a');
    const b = { ...a, issuer: 'issuer-b' };
    const c = { ...a, kind: 'client_assertion' as const };
    expect(await Promise.all([a, b, c].map((j) => acceptJtiOnce(t.hub, j)))).toEqual([true, true, true]);
  });

  it('a database error fails every request of its batch, records none of them, and the next batch works', async () => {
    const db = t.hub.db;
    const spy = vi.spyOn(db, 'execute').mockRejectedValueOnce(Object.assign(new Error('down'), { code: '57P01' }));
    const ids = [jti(), jti(), jti()];
    try {
      const outcomes = await Promise.allSettled(ids.map((j) => acceptJtiOnce(t.hub, j)));
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      spy.mockRestore();
    }
    expect(await Promise.all(ids.map((j) => acceptJtiOnce(t.hub, j)))).toEqual([true, true, true]);
  });
});
