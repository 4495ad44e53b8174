import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, type TestHub } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { auditLogs } from '../../../src/server/db/schema/index';
import { authorize, exchangeCode, registerClient } from './oauth-helpers';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Back-Channel Logout delivery (src/server/oauth/backchannel.ts): a receiver that gives no HTTP
 * answer is tried again; one that answers, with any status, is not.
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
    await expect
      .poll(async () => (await outcome()).map((r) => r.details))
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
