import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, clusterUnavailableReason } from '../../scripts/cluster/cluster';
import { systemActor } from '../../src/server/actor';
import { createBrowserSession, SESSION_COOKIE } from '../../src/server/auth/sessions';
import { closeHub } from '../../src/server/create-hub';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { organizationDomains, organizationRoles, organizations } from '../../src/server/db/schema/index';
import type { Hub } from '../../src/server/hub';
import { createClient } from '../../src/server/oauth/clients/service';
import { insertScimToken } from '../../src/server/scim/queries/tokens';
import { connectToCluster, http, until } from './helpers';

/**
 * Issue 41 at scale: a directory provisions 1,000 people and 50 groups (the 3 built-in roles and
 * 47 custom ones) through SCIM on a two-node cluster, then deprovisions 100 of them. Each of the
 * 100 held a browser session and an organization-scoped access token that both nodes had just
 * accepted; after its `active: false` answered, both nodes refuse both (how soon is printed).
 */
const unavailable = clusterUnavailableReason();
if (unavailable) console.warn(`[cluster] SCIM tests skipped: ${unavailable}`);

const PEOPLE = 1000;
const CUSTOM_ROLES = 47;
const DEPROVISIONED = 100;
const CONCURRENCY = 16;
const SCIM_JSON = { 'content-type': 'application/scim+json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const REDIRECT = 'https://rp.example.test/cb';

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

describe.skipIf(!!unavailable)('SCIM provisioning on a cluster', () => {
  let cluster: Cluster;
  let hub: Hub;
  let sql: pg.Pool;
  let orgId: string;
  let token: string;
  let client: { id: string; secret: string };
  const domain = 'scim-cluster.test';
  let base: string;

  const scim = (method: string, path: string, body?: unknown) =>
    http(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? SCIM_JSON : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const basic = () => `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
  const introspect = async (node: string, accessToken: string) =>
    (
      (await (
        await http(`${node}/oauth/introspect`, {
          method: 'POST',
          headers: { ...FORM, authorization: basic() },
          body: new URLSearchParams({ token: accessToken }).toString(),
        })
      ).json()) as { active: boolean }
    ).active;
  const signedIn = async (node: string, cookie: string) =>
    (await http(`${node}/api/me/orgs`, { headers: { cookie } })).status === 200;

  beforeAll(async () => {
    cluster = await Cluster.start({
      nodes: 2,
      env: { HUB_SCIM_REQUESTS_PER_MINUTE: '100000', HUB_ADMIN_MFA: 'optional' },
    });
    ({ hub, sql } = await connectToCluster(cluster));
    const [org] = await hub.db.insert(organizations).values({ name: 'Scale Co', slug: 'scale-co' }).returning();
    orgId = org.id;
    base = `${cluster.balancerUrl}/scim/v2/orgs/${orgId}`;
    await hub.db
      .insert(organizationDomains)
      .values({ orgId, domain, verificationToken: 't', verifiedAt: new Date(), method: 'admin' });
    await hub.db
      .insert(organizationRoles)
      .values(Array.from({ length: CUSTOM_ROLES }, (_, i) => ({ name: `team_${String(i).padStart(2, '0')}` })));
    // The token as POST /api/orgs/:id/scim-tokens makes it (that route is tested in tests/server/scim).
    const secret = randomBytes(32).toString('base64url');
    const row = await insertScimToken(hub.db, {
      orgId,
      name: 'Directory',
      secretHash: sha256Hex(secret),
      createdBy: null,
      createdAt: new Date(),
    });
    token = `hubscim_${row.id}_${secret}`;
    const created = await createClient(
      hub,
      {
        app_name: 'Scale RP',
        app_url: 'https://rp.example.test',
        redirect_uris: [REDIRECT],
        post_logout_redirect_uris: [],
        scopes: ['openid', 'profile', 'organizations'],
        app_type: 'platform',
      },
      systemActor(),
    );
    client = { id: created.client.clientId, secret: created.clientSecret! };
  }, 300_000);

  afterAll(async () => {
    await sql?.end().catch(() => {});
    if (hub) await closeHub(hub).catch(() => {});
    await cluster?.stop();
  });

  it(
    'provisions 1,000 users and 50 groups, deprovisions 100: each one then refused on both nodes',
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      // 1. Provision, as Entra does: look the userName up, then create.
      const ids = await pool(
        Array.from({ length: PEOPLE }, (_, i) => `person${i}@${domain}`),
        CONCURRENCY,
        async (userName, i) => {
          const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
          expect(found.status).toBe(200);
          expect(((await found.json()) as { totalResults: number }).totalResults).toBe(0);
          const res = await scim('POST', '/Users', {
            schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
            userName,
            externalId: `ext-${i}`,
            name: { givenName: 'Person', familyName: String(i) },
            emails: [{ value: userName, type: 'work', primary: true }],
            active: true,
          });
          expect(res.status, await res.text()).toBe(201);
          return ((await res.json()) as { id: string }).id;
        },
      );
      expect(new Set(ids).size).toBe(PEOPLE);
      console.log(`[cluster] SCIM: ${PEOPLE} users provisioned in ${Date.now() - started} ms`);

      // 2. Fifty groups: the built-in three and 47 custom roles; every person joins one custom group.
      const groups = (await (await scim('GET', '/Groups?excludedAttributes=members&count=100')).json()) as {
        totalResults: number;
        Resources: { id: string }[];
      };
      expect(groups.totalResults).toBe(3 + CUSTOM_ROLES);
      const custom = groups.Resources.map((g) => g.id).filter((g) => g.startsWith('team_'));
      await pool(custom, 8, async (group, g) => {
        const members = ids.filter((_, i) => i % CUSTOM_ROLES === g).map((value) => ({ value }));
        const res = await scim('PATCH', `/Groups/${group}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'Add', path: 'members', value: members }],
        });
        expect(res.status, await res.text()).toBe(200);
      });
      const [{ n: inGroups }] = (
        await sql.query(
          `select count(*)::int as n from organization_members where org_id = $1 and array_length(roles, 1) = 2`,
          [orgId],
        )
      ).rows as { n: number }[];
      expect(inGroups).toBe(PEOPLE);

      // 3. The 100 to deprovision each hold a browser session and an organization-scoped token,
      // which both nodes accept now (and so may hold in their caches).
      const [n1, n2] = cluster.nodes.map((n) => n.url);
      const leavers = ids.slice(0, DEPROVISIONED);
      const held = await pool(leavers, CONCURRENCY, async (userId) => {
        const { token: cookieToken } = await createBrowserSession(hub, {
          userId,
          ipAddress: '127.0.0.1',
          userAgent: 'cluster-test',
          amr: ['pwd'],
        });
        const cookie = `${SESSION_COOKIE}=${cookieToken}`;
        const verifier = randomBytes(32).toString('base64url');
        const authorize = await http(
          `${cluster.balancerUrl}/oauth/authorize?${new URLSearchParams({
            response_type: 'code',
            client_id: client.id,
            redirect_uri: REDIRECT,
            scope: `openid organization:${orgId}`,
            state: 's',
            code_challenge: createHash('sha256').update(verifier).digest('base64url'),
            code_challenge_method: 'S256',
          })}`,
          { headers: { cookie } },
        );
        expect(authorize.status, await authorize.text()).toBe(302);
        const location = authorize.headers.get('location')!;
        const code = new URL(location).searchParams.get('code')!;
        expect(code, location).toBeTruthy();
        const tokens = await http(`${cluster.balancerUrl}/oauth/token`, {
          method: 'POST',
          headers: { ...FORM, authorization: basic() },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: REDIRECT,
            code_verifier: verifier,
          }).toString(),
        });
        expect(tokens.status, await tokens.text()).toBe(200);
        const accessToken = ((await tokens.json()) as { access_token: string }).access_token;
        for (const node of [n1, n2]) {
          expect(await signedIn(node, cookie)).toBe(true);
          expect(await introspect(node, accessToken)).toBe(true);
        }
        return { userId, cookie, accessToken };
      });

      // 4. Deprovision: once each answer is in, both nodes refuse that person's session and token.
      // How soon is a speed figure, printed here and not asserted (the tests prove behaviour, the
      // benchmarks speed): alone on a 2-core VM the refusals are seen a median 43 ms after the
      // answer, the slowest of 400 at 30–283 ms; in a CI run whose cores the browser journeys held,
      // one probe's round trip alone took 2.4 s. A node that never refuses still fails the file (the watchdog).
      const lags = await pool(held, 10, async ({ userId, cookie, accessToken }) => {
        const res = await scim('PATCH', `/Users/${userId}`, {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', path: 'active', value: false }],
        });
        expect(res.status, await res.text()).toBe(200);
        const answered = Date.now();
        await Promise.all(
          [n1, n2].flatMap((node) => [
            until(`${userId} session refused on ${node}`, 60_000, async () => !(await signedIn(node, cookie))),
            until(`${userId} token refused on ${node}`, 60_000, async () => !(await introspect(node, accessToken))),
          ]),
        );
        return Date.now() - answered;
      });
      const sorted = [...lags].sort((a, b) => a - b);
      console.log(
        `[cluster] SCIM: ${DEPROVISIONED} deprovisioned, refused on both nodes after a median ` +
          `${sorted[sorted.length >> 1]} ms, the slowest ${sorted.at(-1)} ms`,
      );
      const [{ n: members }] = (
        await sql.query(`select count(*)::int as n from organization_members where org_id = $1`, [orgId])
      ).rows as { n: number }[];
      expect(members).toBe(PEOPLE - DEPROVISIONED);
      const [{ n: deprovisioned }] = (
        await sql.query(`select count(*)::int as n from audit_logs where event_type = 'scim_user_deprovisioned'`)
      ).rows as { n: number }[];
      expect(deprovisioned).toBe(DEPROVISIONED);
    },
  );
});
