import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { auditRow, signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { AUDIT_COMMANDS } from '../../../src/server/cli/audit';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('audit viewer, export and verify /api/admin/audit [%s]', (kind) => {
  const t = useTestHub(kind);
  let admin: { cookie: string; user: { id: string; email: string } };
  let plain: { cookie: string; user: { id: string } };
  beforeAll(async () => {
    admin = await signedInUser(t.hub, ['platform_admin']);
    plain = await signedInUser(t.hub, ['user']);
    // 30 rows: types alternate, one user on every third, the clock moves a minute per row.
    for (let i = 0; i < 30; i++) {
      await t.hub.audit.recordRows([
        {
          eventType: i % 2 ? 'sign_in_failure' : 'sign_in_success',
          severity: i % 5 === 0 ? 'high' : 'low',
          userId: i % 3 === 0 ? plain.user.id : null,
          source: i % 4 === 0 ? 'client' : 'server',
          details: { i, note: i === 7 ? 'comma, "quote"\nnewline' : undefined },
        },
      ]);
      t.clock.advanceMinutes(1);
    }
  });

  const get = (url: string, cookie = admin.cookie) => t.client.get(url, { cookie });

  it('refuses non-admins and anonymous callers', async () => {
    expect((await get('/api/admin/audit', plain.cookie)).statusCode).toBe(403);
    expect((await t.client.get('/api/admin/audit/export')).statusCode).toBe(401);
    expect((await get('/api/admin/audit/verify', plain.cookie)).statusCode).toBe(403);
  });

  it('pages newest first with a cursor, each row once', async () => {
    const seen: number[] = [];
    let url = '/api/admin/audit?type=sign_in_failure&limit=4';
    for (;;) {
      const body = (await get(url)).json();
      seen.push(...body.events.map((e: { details: { i: number } }) => e.details.i));
      if (!body.next_cursor) break;
      expect(body.events).toHaveLength(4);
      url = `/api/admin/audit?type=sign_in_failure&limit=4&cursor=${body.next_cursor}`;
    }
    expect(seen).toEqual([29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1]);
  });

  it('pages a time range newest first by occurred_at, rows sharing an instant each once', async () => {
    const instant = new Date('2026-11-20T08:00:00.000Z');
    for (let k = 0; k < 5; k++)
      await t.hub.audit.recordRows([
        auditRow({ eventType: 'tie_probe', severity: 'low', occurredAt: instant, details: { k } }),
      ]);
    await t.hub.audit.recordRows([
      auditRow({
        eventType: 'tie_probe',
        severity: 'low',
        occurredAt: new Date('2026-11-20T08:00:01.000Z'),
        details: { k: 5 },
      }),
    ]);
    const seen: number[] = [];
    const range = 'type=tie_probe&from=2026-11-20T07:00:00.000Z&to=2026-11-20T09:00:00.000Z&limit=2';
    let url = `/api/admin/audit?${range}`;
    for (;;) {
      const body = (await get(url)).json();
      seen.push(...body.events.map((e: { details: { k: number } }) => e.details.k));
      if (!body.next_cursor) break;
      url = `/api/admin/audit?${range}&cursor=${body.next_cursor}`;
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('filters by severity, user (id or email), source and time range', async () => {
    const high = (await get('/api/admin/audit?severity=high&type=sign_in_success')).json().events;
    expect(high.map((e: { details: { i: number } }) => e.details.i)).toEqual([20, 10, 0]);
    const byUser = (await get(`/api/admin/audit?user_id=${plain.user.id}&type=sign_in_success`)).json().events;
    expect(byUser.map((e: { details: { i: number } }) => e.details.i)).toEqual([24, 18, 12, 6, 0]);
    expect(byUser[0].user_email).toBeTruthy();
    const byEmail = (
      await get(`/api/admin/audit?user_id=${encodeURIComponent(byUser[0].user_email)}&type=sign_in_success`)
    ).json().events;
    expect(byEmail).toHaveLength(5);
    expect((await get('/api/admin/audit?user_id=nobody@example.test')).json()).toEqual({
      events: [],
      next_cursor: null,
    });
    const client = (await get('/api/admin/audit?source=client&type=sign_in_success')).json().events;
    expect(client.map((e: { details: { i: number } }) => e.details.i)).toEqual([28, 24, 20, 16, 12, 8, 4, 0]);
    // Rows 10..12 happened at 12:10..12:12.
    const range = (await get('/api/admin/audit?from=2026-11-21T12:10:00.000Z&to=2026-11-21T12:12:00.000Z')).json()
      .events;
    expect(range.map((e: { details: { i: number } }) => e.details.i)).toEqual([12, 11, 10]);
  });

  it('answers 400 for bad filters', async () => {
    for (const q of [
      'severity=urgent',
      'source=both',
      'from=yesterday',
      'cursor=abc',
      'limit=1000',
      'type=Bad%20Type',
    ]) {
      const res = await get(`/api/admin/audit?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('exports csv and jsonl with the same filters, and audits the export', async () => {
    const csv = await get('/api/admin/audit/export?format=csv&type=sign_in_failure');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,chain_id,seq,occurred_at,event_type,severity,user_id,user_email,session_id,ip_address,user_agent,source,details,prev_hash,hash',
    );
    // 15 rows, one of which has a quoted multi-line details cell.
    expect(csv.body).toContain('"{""i"":7,""note"":""comma, \\""quote\\""\\nnewline""}"');
    expect(lines.filter((l) => l.includes(',sign_in_failure,'))).toHaveLength(15);

    const jsonl = await get('/api/admin/audit/export?format=jsonl&severity=high');
    expect(jsonl.headers['content-type']).toContain('application/x-ndjson');
    const rows = jsonl.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The non-admin probes above were audited as high-severity permission_denied rows.
    expect(rows.filter((r) => r.event_type === 'permission_denied')).toHaveLength(2);
    expect(rows.filter((r) => r.event_type.startsWith('sign_in')).map((r) => r.details.i)).toEqual([
      25, 20, 15, 10, 5, 0,
    ]);
    expect(rows.every((r) => r.severity === 'high')).toBe(true);
    expect(rows[0]).toHaveProperty('hash');

    const audits = await t.hub.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'audit_export'))
      .orderBy(auditLogs.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({ userId: admin.user.id, severity: 'medium', source: 'server' });
    expect(audits[1].details).toMatchObject({ format: 'jsonl', filters: { severity: 'high' } });
  });

  it('verifies the chain, and names the row edited directly in the database (API and CLI)', async () => {
    const ok = (await get('/api/admin/audit/verify')).json();
    expect(ok.ok).toBe(true);
    expect(ok.first_bad_id).toBeNull();
    expect(ok.checked).toBeGreaterThanOrEqual(30);

    const all = await t.hub.db.select().from(auditLogs).orderBy(auditLogs.id);
    const victim = all[12];
    await t.hub.db
      .update(auditLogs)
      .set({ severity: 'low', details: { i: 999 } })
      .where(eq(auditLogs.id, victim.id));
    expect((await get('/api/admin/audit/verify')).json()).toMatchObject({
      ok: false,
      checked: 12,
      first_bad_id: victim.id,
      reason: 'row_mismatch',
    });

    const verify = AUDIT_COMMANDS.find((c) => c.name === 'audit verify')!;
    const out: string[] = [];
    const log = console.log;
    console.log = (s: string) => out.push(s);
    try {
      expect(await verify.run(t.hub, [])).toBe(1);
    } finally {
      console.log = log;
    }
    expect(JSON.parse(out[0])).toMatchObject({ ok: false, checked: 12, first_bad_id: victim.id });

    await t.hub.db
      .update(auditLogs)
      .set({ severity: victim.severity, details: victim.details })
      .where(eq(auditLogs.id, victim.id));
    expect((await get('/api/admin/audit/verify')).json().ok).toBe(true);
  });
});

describe('npm run hub -- audit verify (a real process)', () => {
  it('prints the verification of an embedded database and exits 0', async () => {
    const dir = `/tmp/audit-cli-${process.pid}-${Date.now()}`;
    const run = promisify(execFile);
    const { stdout } = await run('npx', ['tsx', 'src/server/cli.ts', 'audit', 'verify'], {
      env: { ...process.env, HUB_DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      // Starting tsx and an embedded database took 41 s at load 18 on two cores: a generous deadline.
      timeout: 240_000,
    });
    // The one row is the anchor's seal, written on the first start.
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({ ok: true, checked: 1, first_bad_id: null });
  }, 300_000);
});
