import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, clusterUnavailableReason } from '../../scripts/cluster/cluster';
import { previousReleaseCommit, previousReleaseTree } from '../../scripts/cluster/previous-release';
import { closeHub } from '../../src/server/create-hub';
import { readJournal } from '../../src/server/db/schema-contract';
import type { Hub } from '../../src/server/hub';
import { connectToCluster, http, load, until } from './helpers';

/**
 * A rolling upgrade (issue 45, docs/operating.md "Upgrading a running cluster"): two nodes of the
 * previous release (.ci/previous-release, extracted from this clone's history) behind nginx on
 * one PostgreSQL, under a steady stream of POST /oauth/token; each node in turn is stopped
 * (SIGTERM, it drains) and started again running this release, which applies its migrations
 * while the other, older node keeps serving. Not one request may fail, every answered token has
 * its audit row, and the audit chain verifies across both releases' writes. Until the last node is
 * upgraded the database is at the previous release's schema, which this release's code does not
 * read: the client is registered by the previous release's own CLI, and this test's hub (this
 * release) opens only afterwards, to verify.
 */
/** This tree: the release being rolled out. */
const CURRENT_RELEASE = path.resolve(import.meta.dirname, '../..');

describe('rolling upgrade from the previous release', () => {
  const unavailable = clusterUnavailableReason();
  if (unavailable) console.warn(`[cluster] rolling upgrade skipped: ${unavailable}`);
  let cluster: Cluster;
  let hub: Hub;
  let sql: pg.Pool;

  beforeAll(async () => {
    if (unavailable) return;
    // nginx as most deployments run it, never reloaded (as tests/cluster/drain.test.ts): a draining
    // node's 503 and a stopped node's refused connection are retried on the other node.
    cluster = await Cluster.start({ nodes: 2, root: previousReleaseTree(), readinessController: false });
    sql = new pg.Pool({ connectionString: cluster.db.url, max: 2 });
    sql.on('error', () => {});
  }, 300_000);

  afterAll(async () => {
    await sql?.end().catch(() => {});
    if (hub) await closeHub(hub).catch(() => {});
    await cluster?.stop();
  });

  it.skipIf(!!unavailable)(
    `node by node from ${previousReleaseCommit()} under load: 0 failed, nothing lost`,
    async () => {
      const created = previousReleaseCli(cluster, [
        ...['clients', 'create', '--name', 'Rolling upgrade', '--url', 'https://upgrade.example.test'],
        ...['--redirect-uri', 'https://upgrade.example.test/cb', '--scope', 'read:profile'],
      ]) as { client_id: string; client_secret: string };
      const authorization = `Basic ${Buffer.from(`${created.client_id}:${created.client_secret}`).toString('base64')}`;
      const issuedRows = async () =>
        Number(
          (
            await sql.query(
              `select count(*) as n from audit_logs where event_type = 'oauth_token_issued' and details->>'client_id' = $1`,
              [created.client_id],
            )
          ).rows[0].n,
        );
      let stop = false;
      // Light load: four clients, one request after another each.
      const loadRun = load(
        4,
        () => stop,
        () =>
          http(`${cluster.balancerUrl}/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
            body: 'grant_type=client_credentials&scope=read%3Aprofile',
          }),
      );
      const exitCodes: (number | null)[] = [];
      try {
        await until('load running', 60_000, async () => (await issuedRows()) >= 10);
        for (const node of [...cluster.nodes]) {
          node.proc.kill('SIGTERM');
          exitCodes.push(await node.exited);
          await cluster.startNode(node.index, node.port, CURRENT_RELEASE);
          const mark = await issuedRows();
          await until('load continues', 60_000, async () => (await issuedRows()) >= mark + 10);
        }
      } finally {
        stop = true;
      }
      const answers = await loadRun;
      expect(exitCodes).toEqual([0, 0]);
      expect(
        answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.error ?? a.body.slice(0, 200)}`),
      ).toEqual([]);
      expect(await issuedRows()).toBe(answers.length);
      const connected = await connectToCluster(cluster);
      hub = connected.hub;
      await connected.sql.end();
      expect(await hub.audit.verifyChain()).toMatchObject({ ok: true });
      // This release recorded its schema level; the database carries no contract an old node would trip on.
      const settings = await sql.query(`select key, value from hub_settings where key like 'schema_%'`);
      expect(settings.rows).toContainEqual({
        key: `schema_expectation:${readJournal().length}`,
        value: expect.objectContaining({ level: readJournal().length }),
      });
    },
  );
});

/** The previous release's own CLI on the cluster's database; its JSON answer. */
function previousReleaseCli(cluster: Cluster, args: string[]): unknown {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    cwd: previousReleaseTree(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.db.url,
      HUB_MASTER_KEY: cluster.masterKey,
    },
    encoding: 'utf8',
  });
  return JSON.parse(out);
}
