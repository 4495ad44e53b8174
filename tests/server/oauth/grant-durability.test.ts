import { beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../../helpers/fixtures';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { TEST_DB_TIMEOUTS, TEST_DATABASES } from '../../helpers/test-hub';
import { rows } from '../../../src/server/db/client';
import { openDatabase } from '../../../src/server/db/client';
import { createAuditLog } from '../../../src/server/audit/record';
import { basic, registerClient, type RegisteredClient } from './oauth-helpers';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * Every answered client_credentials grant is durable and in the audit chain before the answer:
 * after a burst of concurrent grants (group-committed, several batches in flight), the chain
 * holds exactly one oauth_token_issued row per 200, naming that token's jti (no session row is
 * written: issue 28), and the chain verifies — also while another process appends to the same
 * chain (PostgreSQL).
 */
describe.each(TEST_DATABASES)('client_credentials durability under load [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  beforeAll(async () => {
    client = await registerClient(t);
  });

  const grant = () =>
    t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials' },
    });

  it('one node alone pipelines its batches: one statement each, never redone', async () => {
    const before = { ...t.hub.audit.writer.stats };
    const answers = await Promise.all(Array.from({ length: 200 }, grant));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const after = t.hub.audit.writer.stats;
    expect(after.fast - before.fast).toBeGreaterThan(0);
    expect(after.conflicts - before.conflicts).toBe(0);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });

  it('answers a grant only once its audit row is committed', async () => {
    const second =
      kind === 'postgres'
        ? await openDatabase({ url: t.databaseUrl, poolMax: 3, timeouts: TEST_DB_TIMEOUTS })
        : undefined;
    const otherNode = second ? createAuditLog(second, t.clock.now, t.hub.config.masterKey!) : undefined;
    const answers = await Promise.all([
      ...Array.from({ length: 300 }, grant),
      // Another node appending meanwhile moves the anchor under this node's guesses: three
      // workers (its pool has three connections), ten appends each.
      ...(otherNode
        ? Array.from({ length: 3 }, async (_, w) => {
            for (let i = 0; i < 10; i++)
              await otherNode.recordRows([
                auditRow({ eventType: 'sign_in_success', severity: 'low', details: { w, i } }),
              ]);
            return null;
          })
        : []),
    ]);
    await second?.close();
    const ok = answers.filter((a) => a !== null && a.statusCode === 200);
    expect(ok).toHaveLength(300);
    const claims = ok.map((a) => decodeJwt(a!.json().access_token));
    expect(claims.every((c) => c.sid === undefined && typeof c.jti === 'string')).toBe(true);
    const jtis = claims.map((c) => c.jti!);
    const [{ n }] = await rows<{ n: number }>(
      t.hub.db,
      sql`select count(distinct details->>'jti')::int as n from audit_logs where event_type = 'oauth_token_issued'
            and details->>'client_id' = ${client.client_id}
            and details->>'jti' in (select jsonb_array_elements_text(${JSON.stringify(jtis)}::jsonb))`,
    );
    expect(n).toBe(300);
    const [{ s }] = await rows<{ s: number }>(
      t.hub.db,
      sql`select count(*)::int as s from auth_sessions where client_id = ${client.client_id}`,
    );
    expect(s).toBe(0);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });

  it('appends inside other transactions during a grant burst neither deadlock nor lose a grant', async () => {
    const before = await rows<{ n: number }>(t.hub.db, sql`select count(*)::int as n from audit_logs`);
    // Administration writes its audit row in its own transaction (anchor locked first) while
    // pipelined token batches are in flight and may already hold the next ids.
    const adminWrites = Array.from({ length: 10 }, (_, i) =>
      t.hub.db.transaction((tx) =>
        t.hub.audit.recordRows([auditRow({ eventType: 'user_updated', severity: 'medium', details: { i } })], tx),
      ),
    );
    const answers = await Promise.all([...Array.from({ length: 200 }, grant), ...adminWrites]);
    const ok = answers.filter((a) => a && a.statusCode === 200);
    expect(ok).toHaveLength(200);
    const [{ n }] = await rows<{ n: number }>(t.hub.db, sql`select count(*)::int as n from audit_logs`);
    expect(n - before[0].n).toBe(210);
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: true });
  });
});
