import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { auditLogs, oauthClients } from '../../../src/server/db/schema/index';
import { createBackchannelWorker } from '../../../src/server/oauth/backchannel';
import { clientKeyPair, privateKeyJwtConfig } from '../oauth/fapi-helpers';
import { authorize, exchangeCode, registerClient } from '../oauth/oauth-helpers';
import * as oidc from 'openid-client';

/** A receiver on loopback counting what reaches it. */
async function countingServer(answer: (path: string) => { status: number; body?: string }) {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '/');
    req.resume();
    const a = answer(req.url ?? '/');
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * The hub's own outbound callers under the one policy (net/outbound.ts): what a client registers
 * for the hub to call later is checked when it is stored and again at every call.
 */
describe.each(TEST_DATABASES)('outbound calls for OAuth clients [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true, realClock: true, config: { outboundAllowPrivate: false } });

  it('refuses a back-channel logout URI or jwks_uri at a metadata, private or translated address, and stores nothing', async () => {
    // Accepted with 201 before 8b67472: back-channel logout had no address check at all.
    const count = async () => (await t.hub.db.select({ id: oauthClients.id }).from(oauthClients)).length;
    const before = await count();
    for (const [field, url, why] of [
      ['backchannel_logout_uri', 'http://169.254.169.254/latest/meta-data', 'must be https'],
      ['backchannel_logout_uri', 'https://169.254.169.254/logout', 'the address is link-local'],
      ['backchannel_logout_uri', 'https://[::ffff:10.0.0.1]/logout', 'the address is private'],
      ['backchannel_logout_uri', 'https://[64:ff9b::7f00:1]/logout', 'the address is translated'],
      ['backchannel_logout_uri', 'https://localhost/logout', 'the address is loopback'],
      ['jwks_uri', 'https://192.168.1.20/jwks', 'the address is private'],
    ] as const) {
      const body =
        field === 'jwks_uri' ? { token_endpoint_auth_method: 'private_key_jwt', jwks_uri: url } : { [field]: url };
      await expect(registerClient(t, body), url).rejects.toThrow(`${field}: ${why}`);
    }
    expect(await count()).toBe(before);
  });

  it('checks a back-channel logout URI again at delivery: a policy that tightened sends nothing', async () => {
    const receiver = await countingServer(() => ({ status: 204 }));
    try {
      t.hub.config.outboundAllowPrivate = true;
      const client = await registerClient(t, { backchannel_logout_uri: `${receiver.base}/bc` });
      t.hub.config.outboundAllowPrivate = false;
      const { user, cookie } = await signedInUser(t.hub);
      const { code } = await authorize(t, client, cookie, { scope: 'openid' });
      expect((await exchangeCode(t, client, code, undefined)).statusCode).toBe(200);
      expect((await t.client.asBrowser(cookie).post('/api/auth/sign-out')).statusCode).toBe(200);
      // Refused is no answer: the worker tries again on its schedule (1 s, then 4 s), each time refused.
      const worker = createBackchannelWorker(t.hub);
      await expect
        .poll(async () => {
          await worker.runOnce();
          return (
            await t.hub.db
              .select({ details: auditLogs.details })
              .from(auditLogs)
              .where(and(eq(auditLogs.eventType, 'oauth_backchannel_logout'), eq(auditLogs.userId, user.id)))
          ).map((r) => (r.details as { delivered: boolean }).delivered);
        })
        .toEqual([false]);
      expect(receiver.paths).toEqual([]);
    } finally {
      t.hub.config.outboundAllowPrivate = false;
      await receiver.close();
    }
  });

  it('fetches a client’s key set once for grants that arrive together (single flight)', async () => {
    // Eight fetches for eight concurrent grants before this change.
    const key = await clientKeyPair('ES256');
    const jwks = await countingServer(() => ({ status: 200, body: JSON.stringify({ keys: [key.jwk] }) }));
    try {
      t.hub.config.outboundAllowPrivate = true;
      const client = await registerClient(t, {
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: `${jwks.base}/jwks`,
      });
      const config = await privateKeyJwtConfig(t, client, key);
      const grants = await Promise.all(Array.from({ length: 8 }, () => oidc.clientCredentialsGrant(config)));
      expect(grants.every((g) => typeof g.access_token === 'string')).toBe(true);
      expect(jwks.paths).toEqual(['/jwks']);
    } finally {
      t.hub.config.outboundAllowPrivate = false;
      await jwks.close();
    }
  });
});
