import { beforeAll, describe, expect, it } from 'vitest';
import { auditRow } from '../../helpers/fixtures';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { startAuditAnchorLog } from '../../../src/server/audit/anchor-log';
import { AUDIT_COMMANDS } from '../../../src/server/cli/audit';
import { createAuditLog } from '../../../src/server/audit/record';
import { useTestHub } from '../../helpers/use-test-hub';

/** The chain's head kept outside the database: written to the log, checked by `audit verify --anchor`. */
describe.each(TEST_DATABASES)('audit chain anchor outside the database [%s]', (kind) => {
  const t = useTestHub(kind);
  beforeAll(async () => {
    for (let i = 0; i < 5; i++)
      await t.hub.audit.recordRows([auditRow({ eventType: 'sign_in_success', severity: 'low' })]);
  });

  /** The CLI as a separate process would run it: a hub that remembers nothing of the appends. */
  async function cli(name: string, args: string[] = []) {
    const cold = { ...t.hub, audit: createAuditLog(t.hub.database, t.clock.now, t.hub.config.masterKey!) };
    const out: string[] = [];
    const log = console.log;
    console.log = (s: string) => out.push(s);
    try {
      const code = await AUDIT_COMMANDS.find((c) => c.name === name)!.run(cold, args);
      return { code, out: out.join('\n') };
    } finally {
      console.log = log;
    }
  }

  it('the running hub logs a MAC’d anchor that verifies, and catches a later rollback behind it', async () => {
    const lines: string[] = [];
    const timers = startAuditAnchorLog(t.hub, (l) => lines.push(l));
    try {
      await expect.poll(() => lines.length).toBe(1);
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
    const logged = JSON.parse(lines[0]) as { msg: string; anchor: { id: number; hash: string; mac: string } };
    expect(logged.msg).toBe('audit chain anchor');
    expect(logged.anchor.id).toBe(6);
    const anchorJson = JSON.stringify(logged.anchor);
    expect((await cli('audit verify', ['--anchor', anchorJson])).code).toBe(0);
    expect((await cli('audit anchor')).out).toBe(anchorJson);

    // Rows deleted and the anchor row put back as it was before them: only the logged anchor tells.
    const [before] = await t.hub.db
      .execute(sql`select * from audit_chain_head`)
      .then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
    await t.hub.audit.recordRows([auditRow({ eventType: 'sign_out', severity: 'low' })]);
    const later = (await t.hub.audit.anchor())!;
    await t.hub.db.execute(sql`delete from audit_logs where id > ${logged.anchor.id}`);
    await t.hub.db.execute(
      sql`update audit_chain_head set last_id = ${before.last_id}, last_hash = ${before.last_hash}, mac = ${before.mac} where id = 0`,
    );
    const verdict = await cli('audit verify', [`--anchor=${JSON.stringify(later)}`]);
    expect(verdict.code).toBe(1);
    expect(JSON.parse(verdict.out)).toMatchObject({ ok: false, reason: 'anchor_mismatch' });
    // The live process that wrote the rows notices on its own.
    expect(await t.hub.audit.verifyChain()).toMatchObject({ ok: false, reason: 'rolled_back' });
    expect((await cli('audit verify', ['--anchor', '{"id":1}'])).code).toBe(2);
  });
});
