import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { closeHub, createHub } from '../../../src/server/create-hub';
import { openDatabase } from '../../../src/server/db/client';
import { acquirePglite } from '../../helpers/pglite-template';

const testConfig = () => loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: randomBytes(32).toString('base64') });

/**
 * Test hubs on PGlite share the instances of their worker (tests/helpers/pglite-template.ts):
 * a hub that closes must leave nothing behind for the next one, and the database it closed
 * must still refuse its stale callers.
 */
describe('an embedded database given to the hub, reused after it closes', () => {
  const leased: { release(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const l of leased) await l.release();
  });

  it('closes without closing the instance: listeners gone, stale statements refused as unavailable', async () => {
    const lease = await acquirePglite();
    leased.push(lease);
    const database = await openDatabase({ pglite: lease.client });
    const heard: string[] = [];
    await database.listen('reuse_test', (payload) => heard.push(payload));
    await database.notify('reuse_test', 'before');
    await expect.poll(() => heard).toEqual(['before']);

    await database.close();
    await expect(database.ping()).rejects.toMatchObject({ name: 'DatabaseUnavailableError' });
    // The instance itself still answers, and a notification no longer reaches the closed one.
    await lease.client.query(`select pg_notify('reuse_test', 'after')`);
    const { rows } = await lease.client.query<{ one: number }>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(heard).toEqual(['before']);
  });

  it('gives the next user the same instance emptied: rows gone, ids start again', async () => {
    const lease = await acquirePglite();
    const hub = await createHub({ config: testConfig(), database: await openDatabase({ pglite: lease.client }) });
    await hub.audit.record({ type: 'config_change', details: { test: 'reuse' } });
    await closeHub(hub);
    const count = (client: PGlite) =>
      client.query<{ n: number; top: string | null }>(
        'select count(*)::int as n, max(id)::text as top from audit_logs',
      );
    expect((await count(lease.client)).rows[0]!.n).toBeGreaterThan(0);
    await lease.release();

    const next = await acquirePglite();
    leased.push(next);
    expect(next.client).toBe(lease.client);
    expect((await count(next.client)).rows[0]).toEqual({ n: 0, top: null });
    const { rows } = await next.client.query(
      'select (select count(*)::int from audit_chain_head) as heads, (select is_called from audit_logs_id_seq) as used',
    );
    expect(rows).toEqual([{ heads: 0, used: false }]);
  });

  it('does not reuse an instance whose schema a test changed', async () => {
    const lease = await acquirePglite();
    await lease.client.exec('create table left_behind (id int)');
    await lease.release();
    const next = await acquirePglite();
    leased.push(next);
    expect(next.client).not.toBe(lease.client);
    expect(lease.client.closed).toBe(true);
    const { rows } = await next.client.query(`select 1 from pg_class where relname = 'left_behind'`);
    expect(rows).toEqual([]);
  });
});
