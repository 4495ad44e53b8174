import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, TEST_DATABASES, TestClock, type TestHub } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs, backchannelLogouts } from '../../../src/server/db/schema/index';
import { closeHub, createHub } from '../../../src/server/create-hub';
import type { Hub } from '../../../src/server/hub';
import { startupTasks } from '../../../src/server/startup';
import { createBackchannelWorker } from '../../../src/server/oauth/backchannel';
import { authorize, exchangeCode, registerClient } from './oauth-helpers';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Back-Channel Logout delivery (src/server/oauth/backchannel.ts): a receiver that gives no HTTP
 * answer is tried again (by the worker, on the hub's clock); one that answers, with any status, is not.
 */
describe('back-channel logout delivery', () => {
  let t: TestHub;
  let server: Server;
  const received: string[] = [];
  const answers: Answer[] = [];
  const noAnswer: Answer = (req) => req.socket.destroy();
  const status =
    (code: number): Answer =>
    (_req, res) =>
      res.writeHead(code).end();

  beforeAll(async () => {
    t = await createTestHub('pglite', { config: { outboundAllowPrivate: true } });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(new URLSearchParams(body).get('logout_token') ?? '');
        (answers.shift() ?? status(204))(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A user signed in to a client with a back-channel URI, then signed out at the hub. */
  async function signOutOfClient(appName: string) {
    const port = (server.address() as AddressInfo).port;
    const client = await registerClient(t, {
      app_name: appName,
      backchannel_logout_uri: `http://127.0.0.1:${port}/bc`,
    });
    const { user, cookie } = await signedInUser(t.hub);
    const { code } = await authorize(t, client, cookie, { scope: 'openid' });
    expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
    const out = await t.client.asBrowser(cookie).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    const outcome = () =>
      t.hub.db
        .select({ details: auditLogs.details })
        .from(auditLogs)
        .where(and(eq(auditLogs.eventType, 'oauth_backchannel_logout'), eq(auditLogs.userId, user.id)));
    return { client, outcome };
  }

  it('tries again, with a fresh token, when the receiver gave no answer; one audit event says how it ended', async () => {
    received.length = 0;
    answers.push(noAnswer, noAnswer, status(204));
    const { client, outcome } = await signOutOfClient('Flaky receiver');
    // The retries are the worker's, each once the hub's clock reaches it (1 s, then 4 s later).
    const worker = createBackchannelWorker(t.hub);
    await expect
      .poll(
        async () => {
          t.clock.advance(5_000);
          await worker.runOnce();
          return (await outcome()).map((r) => r.details);
        },
        { timeout: 15_000 },
      )
      .toEqual([{ client_id: client.client_id, sid: expect.any(String), delivered: true, status: 204, attempts: 3 }]);
    expect(received).toHaveLength(3);
    const jtis = received.map((token) => decodeJwt(token).jti);
    expect(new Set(jtis).size).toBe(3);
  });

  it('does not send again to a receiver that answered, even with an error', async () => {
    received.length = 0;
    answers.push(status(500));
    const { outcome } = await signOutOfClient('Failing receiver');
    // Recorded before the sign-out answered: the outcome of the one attempt, no retry pending.
    expect((await outcome()).map((r) => r.details)).toEqual([
      expect.objectContaining({ delivered: false, status: 500, attempts: 1 }),
    ]);
    expect(received).toHaveLength(1);
  });
});

/**
 * Issue 38: the logouts owed are rows of the durable outbox, committed with the end of the
 * sessions. A node that stops while the receiver is down loses none: a node started afterwards on
 * the same database sends it (fresh token, at its own time) and audits the outcome once.
 */
describe.each(TEST_DATABASES)('back-channel logout across a restart [%s]', (kind) => {
  let t: TestHub;
  let server: Server;
  let up = false;
  const received: string[] = [];

  beforeAll(async () => {
    t = await createTestHub(kind, { config: { outboundAllowPrivate: true } });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        // Down: the connection is dropped without an answer (the token is not counted as received).
        if (!up) return req.socket.destroy();
        received.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a logout whose receiver is down when its node stops is delivered by a node started later on the same database', async () => {
    const port = (server.address() as AddressInfo).port;
    const client = await registerClient(t, {
      app_name: 'Restart',
      backchannel_logout_uri: `http://127.0.0.1:${port}/bc`,
    });
    const { user, cookie } = await signedInUser(t.hub);
    const { code } = await authorize(t, client, cookie, { scope: 'openid' });
    expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
    // The node signs the user out while the receiver is down: its one attempt gets no answer.
    expect((await t.client.asBrowser(cookie).post('/api/auth/sign-out')).statusCode).toBe(200);
    const owed = await t.hub.db.select().from(backchannelLogouts);
    expect(owed).toMatchObject([{ clientId: client.client_id, userId: user.id, attempts: 1 }]);
    expect(received).toEqual([]);

    // That node is gone (it ran no worker); the receiver comes back; a new node starts, ten minutes on.
    up = true;
    const clock = new TestClock(new Date(t.clock.now().getTime() + 10 * 60_000));
    const fresh: Hub = await createHub({
      config: t.hub.config,
      skipMigrations: true,
      clock: clock.now,
      ...(kind === 'pglite' ? { database: t.hub.database } : {}),
    });
    const stop = await startupTasks(fresh);
    try {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      const token = decodeJwt(received[0]);
      expect(token).toMatchObject({ aud: client.client_id, sub: user.id, sid: owed[0].sid });
      // Signed by the new node, at its time: not a copy kept from before the stop.
      expect(token.iat).toBe(Math.floor(clock.now().getTime() / 1000));
      await expect
        .poll(async () =>
          (
            await t.hub.db
              .select({ details: auditLogs.details })
              .from(auditLogs)
              .where(and(eq(auditLogs.eventType, 'oauth_backchannel_logout'), eq(auditLogs.userId, user.id)))
          ).map((r) => r.details),
        )
        .toEqual([{ client_id: client.client_id, sid: owed[0].sid, delivered: true, status: 204, attempts: 2 }]);
      expect(await t.hub.db.select().from(backchannelLogouts)).toEqual([]);
    } finally {
      await stop();
      if (kind === 'pglite') await fresh.revocations.stop();
      else await closeHub(fresh);
    }
  });
});
