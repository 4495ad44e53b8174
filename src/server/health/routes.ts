import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub';
import { errorBody } from '../errors';
import { contracts } from '../http/contract';
import { apiErrorSchema } from '../../shared/api/errors';
import { migrationsApplied } from '../db/migrate';
import { oauthRuntime } from '../oauth/runtime';

const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
const unhealthySchema = apiErrorSchema.extend({ status: z.literal('error'), db: z.literal('unreachable') });
const liveSchema = z.object({ status: z.literal('ok') }).describe('The process is up and its event loop turns');
const checkResult = z.enum(['ok', 'failing']);
const checksSchema = z.object({
  draining: z.boolean().describe('true from SIGTERM on: the node finishes its requests and stops'),
  database: checkResult.describe('the database answers `select 1` within 2 s'),
  migrations: checkResult.describe('every migration of this release is applied'),
  keys: checkResult.describe('the signing keys are loaded'),
  listener: checkResult.describe('the LISTEN connection (cross-node revocations) is up'),
});
const readySchema = z.object({ status: z.literal('ready'), checks: checksSchema });
const notReadySchema = apiErrorSchema.extend({ status: z.literal('not_ready'), checks: checksSchema });

async function check(fn: () => Promise<boolean>): Promise<'ok' | 'failing'> {
  try {
    return (await fn()) ? 'ok' : 'failing';
  } catch {
    return 'failing';
  }
}

export async function healthRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { hub } = opts;
  let migrated = false;

  contracts(app).get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: unhealthySchema } } },
    async (_request, reply) => {
      try {
        await hub.database.ping(2000);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch {
        return reply.code(503).send({
          status: 'error' as const,
          db: 'unreachable' as const,
          ...errorBody('database_unavailable', 'The database is unavailable.'),
        });
      }
    },
  );

  // Liveness: answers without touching the database, so a database outage never gets a node restarted.
  contracts(app).get('/health/live', { schema: { response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  // Readiness: the balancer sends traffic only to nodes that can serve it.
  contracts(app).get(
    '/health/ready',
    { schema: { response: { 200: readySchema, 503: notReadySchema } } },
    async (_request, reply) => {
      const [database, migrations, keys] = await Promise.all([
        check(async () => (await hub.database.ping(2000), true)),
        check(async () => (migrated ||= await migrationsApplied(hub.database))),
        check(async () => !!(await oauthRuntime(hub).keys.current()).active),
      ]);
      const checks = {
        draining: hub.lifecycle.draining,
        database,
        migrations,
        keys,
        listener: hub.database.listenerConnected() ? ('ok' as const) : ('failing' as const),
      };
      const ready = !checks.draining && Object.values(checks).every((v) => v === 'ok' || v === false);
      if (ready) return { status: 'ready' as const, checks };
      return reply.code(503).send({
        status: 'not_ready' as const,
        checks,
        ...errorBody('not_ready', 'This node cannot serve requests right now.'),
      });
    },
  );
}
