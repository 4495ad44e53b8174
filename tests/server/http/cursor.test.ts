import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import type { TestClient } from '../../helpers/client';
import { rows } from '../../../src/server/db/client';
import { webhookEndpoints } from '../../../src/server/db/schema/index';

/**
 * Issue 38: one cursor (http/cursor.ts, db/cursor.ts) for every list. A cursor the API did not
 * issue is a 400 naming `cursor` on every list that takes one — never a 500 from the database —
 * and paging across rows that share a timestamp, to the microsecond, neither skips nor repeats one.
 */

const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const UUID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const AT = '2026-11-20T08:00:00.000000Z';

/** Cursors this API never issued: not base64 JSON, older formats, other versions, impossible values. */
const FORGED: [string, string][] = [
  ['garbage', 'garbage'],
  ['the old audit format', '1790000000000.5'],
  ['the old organization format', forge({ createdAt: AT, id: UUID })],
  ['the old user format', forge([AT, UUID])],
  ['another version', forge([2, AT, UUID])],
  ['February 30th', forge([1, '2026-02-30T08:00:00.000000Z', UUID])],
  ['year 0', forge([1, '0000-01-01T00:00:00.000000Z', UUID])],
  ['hour 24', forge([1, '2026-11-20T24:00:00.000000Z', UUID])],
  ['a time without microseconds', forge([1, '2026-11-20T08:00:00Z', UUID])],
  ['SQL as the id', forge([1, AT, "x' or '1'='1"])],
  ['no position', forge([1, null, null])],
  ['too long', 'a'.repeat(201)],
];

/** For the lists whose ids are uuids. */
const FORGED_UUID: [string, string][] = [['a number where a uuid belongs', forge([1, AT, 42])]];

/** For the audit log, whose ids are numbers. */
const FORGED_SERIAL: [string, string][] = [
  ['a uuid where a number belongs', forge([1, AT, UUID])],
  ['a number past 2^53', forge([1, AT, 2 ** 60])],
  ['a negative id', forge([1, AT, -1])],
  ['a fractional id', forge([1, AT, 1.5])],
];

describe.each(TEST_DATABASES)('list cursors [%s]', (kind) => {
  const t = useTestHub(kind);
  let asAdmin: TestClient;
  let orgId: string;
  let endpointId: string;
  beforeAll(async () => {
    const admin = await signedInUser(t.hub, ['user', 'platform_admin']);
    asAdmin = t.client.asBrowser(admin.cookie);
    const created = await asAdmin.post('/api/admin/orgs', {
      body: { name: 'Cursor Co', slug: 'cursor-co', owner_user_id: admin.user.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    orgId = created.json().organization.id;
    const [endpoint] = await t.hub.db
      .insert(webhookEndpoints)
      .values({ url: 'https://receiver.example/hook', events: ['user.deactivated'], secretEnc: 'sealed' })
      .returning();
    endpointId = endpoint.id;
  });

  const lists = () => [
    '/api/admin/users?limit=2',
    '/api/admin/users?q=example&limit=2',
    '/api/admin/orgs?limit=2',
    `/api/orgs/${orgId}/members?limit=2`,
    '/api/admin/audit?limit=2',
    '/api/admin/audit?from=2026-01-01T00:00:00.000Z&limit=2',
  ];

  it('refuses a cursor it did not issue with 400 naming the cursor, on every list', async () => {
    for (const url of lists()) {
      const serial = url.startsWith('/api/admin/audit');
      for (const [what, cursor] of [...FORGED, ...(serial ? FORGED_SERIAL : FORGED_UUID)]) {
        const res = await asAdmin.get(`${url}&cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, `${url}: ${what}: ${res.body}`).toBe(400);
        expect(res.json().error, `${url}: ${what}`).toMatchObject({ code: 'invalid_request', field: 'cursor' });
      }
    }
  });

  it('accepts its own cursors on every list, and an empty cursor is the first page', async () => {
    for (const url of lists()) {
      const first = await asAdmin.get(`${url}&cursor=`);
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      const next = first.json().next_cursor as string | null;
      if (next) expect((await asAdmin.get(`${url}&cursor=${next}`)).statusCode, url).toBe(200);
    }
  });

  it("refuses a delivery log position that is not a delivery id with 400 naming 'before'", async () => {
    const url = `/api/admin/webhooks/${endpointId}/deliveries?limit=2`;
    for (const before of ['abc', '0', '-1', '1.5', '1e400', '9007199254740992', "1' or '1'='1"]) {
      const res = await asAdmin.get(`${url}&before=${encodeURIComponent(before)}`);
      expect(res.statusCode, `${before}: ${res.body}`).toBe(400);
      expect(res.json().error, before).toMatchObject({ code: 'invalid_request', field: 'before' });
    }
  });

  /** Rows sharing one instant, and rows a microsecond apart (a millisecond cursor would skip them). */
  const INSTANTS = [
    '2026-11-20 08:00:00.000001+00',
    '2026-11-20 08:00:00.000001+00',
    '2026-11-20 08:00:00.000001+00',
    '2026-11-20 08:00:00.000002+00',
    '2026-11-20 08:00:00.000003+00',
    '2026-11-20 08:00:00.000003+00',
    '2026-11-20 08:00:00.001+00',
  ];

  /** Every page of `url` (limit 2), following next_cursor; the ids in the order they came. */
  async function walk(url: string, ids: (body: Record<string, unknown>) => string[]): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await asAdmin.get(`${url}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res.json()));
      cursor = res.json().next_cursor;
    } while (cursor);
    return seen;
  }

  it('pages users sharing a creation instant newest first, each once', async () => {
    for (const [i, at] of INSTANTS.entries()) {
      await t.hub.db.execute(sql`insert into platform_users (email, created_at)
        values (${`tie-probe-${i}@cursor.test`}, ${at}::timestamptz)`);
    }
    const expected = await rows<{ id: string }>(
      t.hub.db,
      sql`select id from platform_users where email like 'tie-probe-%' order by created_at desc, id desc`,
    );
    const seen = await walk('/api/admin/users?q=tie-probe&limit=2', (b) =>
      (b.users as { id: string }[]).map((u) => u.id),
    );
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen).toHaveLength(INSTANTS.length);
  });

  it('pages organizations sharing a creation instant newest first, each once', async () => {
    for (const [i, at] of INSTANTS.entries()) {
      await t.hub.db.execute(sql`insert into organizations (name, slug, created_at)
        values (${`Tie Probe ${i}`}, ${`tie-probe-${i}`}, ${at}::timestamptz)`);
    }
    const expected = await rows<{ id: string }>(
      t.hub.db,
      sql`select id from organizations where slug like 'tie-probe-%' order by created_at desc, id desc`,
    );
    const seen = await walk('/api/admin/orgs?q=tie-probe&limit=2', (b) =>
      (b.organizations as { id: string }[]).map((o) => o.id),
    );
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen).toHaveLength(INSTANTS.length);
  });

  it('pages members who joined at one instant in joining order, each once', async () => {
    for (const [i, at] of INSTANTS.entries()) {
      await t.hub.db.execute(sql`with u as (
          insert into platform_users (email) values (${`joiner-${i}@cursor.test`}) returning id
        )
        insert into organization_members (org_id, user_id, roles, joined_via, joined_at)
        select ${orgId}::uuid, u.id, array['member'], 'admin', ${at}::timestamptz from u`);
    }
    const expected = await rows<{ user_id: string }>(
      t.hub.db,
      sql`select user_id from organization_members where org_id = ${orgId}::uuid order by joined_at, user_id`,
    );
    const seen = await walk(`/api/orgs/${orgId}/members?limit=2`, (b) =>
      (b.members as { user_id: string }[]).map((m) => m.user_id),
    );
    expect(seen).toEqual(expected.map((r) => r.user_id));
    expect(seen).toHaveLength(INSTANTS.length + 1);
  });
});
