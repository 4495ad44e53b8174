import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, clusterUnavailableReason, type Balancer } from '../../scripts/cluster/cluster';
import { systemActor } from '../../src/server/actor';
import { closeHub } from '../../src/server/create-hub';
import type { Hub } from '../../src/server/hub';
import { createClient } from '../../src/server/oauth/clients/service';
import { connectToCluster, http, load, until } from './helpers';

/**
 * The drain (src/server/plugins/drain.ts) behind the balancer configurations of
 * docs/operating-drain.md, with default hub settings: nginx as most deployments run it (no
 * active health checks, never reloaded: it sees only 503 refusals and refused connections), and
 * HAProxy with active checks on /api/health/ready. Three SIGTERMs (one per node) under a steady stream of
 * POST /oauth/token, each node started again on its port: not one request may fail.
 */
const BALANCERS: Balancer[] = ['nginx', 'haproxy'];
const SIGTERMS = 3;

describe.each(BALANCERS)('SIGTERM behind %s, default hub settings', (balancer) => {
  const unavailable = clusterUnavailableReason(balancer);
  if (unavailable) console.warn(`[cluster] drain behind ${balancer} skipped: ${unavailable}`);
  let cluster: Cluster;
  let hub: Hub;
  let sql: pg.Pool;

  beforeAll(async () => {
    if (unavailable) return;
    cluster = await Cluster.start({ nodes: 3, balancer, readinessController: false });
    ({ hub, sql } = await connectToCluster(cluster));
  }, 300_000);

  afterAll(async () => {
    await sql?.end().catch(() => {});
    if (hub) await closeHub(hub).catch(() => {});
    await cluster?.stop();
  });

  it.skipIf(!!unavailable)(
    `${SIGTERMS} SIGTERMs under a steady stream of POST /oauth/token: every request answered, every node exits 0`,
    async () => {
      const created = await createClient(
        hub,
        {
          app_name: `Drain behind ${balancer}`,
          app_url: 'https://drain.example.test',
          redirect_uris: ['https://drain.example.test/cb'],
          post_logout_redirect_uris: [],
          scopes: ['read:profile'],
          app_type: 'platform',
        },
        systemActor(),
      );
      const authorization = `Basic ${Buffer.from(`${created.client.clientId}:${created.clientSecret!}`).toString('base64')}`;
      const issuedRows = async () =>
        Number(
          (
            await sql.query(
              `select count(*) as n from audit_logs where event_type = 'oauth_token_issued' and details->>'client_id' = $1`,
              [created.client.clientId],
            )
          ).rows[0].n,
        );

      let stop = false;
      const loadRun = load(
        8,
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
        await until('load running', 60_000, async () => (await issuedRows()) >= 20);
        for (let i = 0; i < SIGTERMS; i++) {
          const victim = cluster.nodes[i % cluster.nodes.length];
          victim.proc.kill('SIGTERM');
          exitCodes.push(await victim.exited);
          // Back on its port (the balancer's configuration never changes), then more load.
          await cluster.startNode(victim.index, victim.port);
          const mark = await issuedRows();
          await until('load continues', 60_000, async () => (await issuedRows()) >= mark + 20);
        }
      } finally {
        stop = true;
      }
      const answers = await loadRun;
      expect(exitCodes).toEqual(Array(SIGTERMS).fill(0));
      expect(
        answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.error ?? a.body.slice(0, 200)}`),
      ).toEqual([]);
      // One audit row per answer: no refused request was half done, none was done twice.
      expect(await issuedRows()).toBe(answers.length);
    },
  );
});
