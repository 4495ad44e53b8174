import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { closeHub, createHub } from '../../../src/server/create-hub';
import type { Hub } from '../../../src/server/hub';
import type { DbOrTx } from '../../../src/server/db/client';
import type { Revocation } from '../../../src/server/revocations';
import { CACHES } from '../../../src/server/caches';
import { createBrowserSession, revokeSession, revokeUserSessions } from '../../../src/server/auth/sessions';
import { revokeSessionIds } from '../../../src/server/oauth/revoke-service';
import { loadClient } from '../../../src/server/oauth/clients/service';
import { oauthRuntime } from '../../../src/server/oauth/runtime';
import { resolveResource } from '../../../src/server/oauth/resource';
import { cleanupAllUsers } from '../../../src/server/setup/setup-service';
import { MAX_JWT_TTL_S, REFRESH_GRACE_S } from '../../../src/server/oauth/constants';
import { CSRF, createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { createUser, signedInUser } from '../../helpers/fixtures';
import {
  authorize,
  basic,
  exchangeCode,
  form,
  FORM,
  registerClient,
  type RegisteredClient,
} from '../oauth/oauth-helpers';

/** Every message a hub hears, in order, and a way to wait for one. */
function listen(hub: Hub) {
  const heard: Revocation[] = [];
  let wake = () => {};
  const stop = hub.revocations.subscribe((_, message) => {
    heard.push(message);
    wake();
  });
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = () => done() && resolve();
      wake();
    });
  return { heard, until, stop };
}

const names = (message: Revocation, sessionIds: string[]) =>
  message.kind === 'sessions' && message.ids.some((id) => sessionIds.includes(id));

/**
 * Issue 26 point 3: whatever ends sessions, deactivates a client or changes the signing keys
 * publishes once, from the function that did the write, after it committed and never when it
 * rolled back; and every cache of a hub is declared with its bound and what clears it. Two hubs
 * on one database stand for two nodes: B hears A through LISTEN/NOTIFY only.
 */
describe.each(TEST_DATABASES)('invalidation lives with the write [%s]', (kind) => {
  let a: TestHub;
  let bHub: Hub;
  let onA: ReturnType<typeof listen>;
  let onB: ReturnType<typeof listen>;
  let markers = 0;

  beforeAll(async () => {
    a = await createTestHub(kind);
    // Node B: the same configuration; on PGlite the same database handle (one process owns it).
    bHub = await createHub({
      config: a.hub.config,
      skipMigrations: true,
      ...(kind === 'pglite' ? { database: a.hub.database } : {}),
    });
    onA = listen(a.hub);
    onB = listen(bHub);
  });
  afterAll(async () => {
    onA?.stop();
    onB?.stop();
    if (kind === 'pglite') await bHub?.revocations.stop();
    else if (bHub) await closeHub(bHub);
    await a?.close();
  });

  /**
   * What node B heard because of `run`: A publishes a marker afterwards, and NOTIFY delivers in
   * commit order, so once B hears the marker it has heard everything `run` published.
   */
  async function heardOnB(run: () => Promise<unknown>): Promise<Revocation[]> {
    const from = onB.heard.length;
    await run();
    const clientId = `marker-${(markers += 1)}`;
    const isMarker = (m: Revocation) => m.kind === 'client' && m.clientId === clientId;
    await a.hub.revocations.publish({ kind: 'client', clientId });
    await onB.until(() => onB.heard.slice(from).some(isMarker));
    const after = onB.heard.slice(from);
    return after.slice(0, after.findIndex(isMarker));
  }

  async function liveBrowserSession(): Promise<{ userId: string; sessionId: string }> {
    const user = await createUser(a.hub);
    const { session } = await createBrowserSession(a.hub, { userId: user.id });
    return { userId: user.id, sessionId: session.id };
  }

  const enders: { name: string; end: (s: { userId: string; sessionId: string }, tx?: DbOrTx) => Promise<unknown> }[] = [
    { name: 'revokeSession', end: (s, tx) => revokeSession(a.hub, s.sessionId, null, tx) },
    { name: 'revokeUserSessions', end: (s, tx) => revokeUserSessions(a.hub, s.userId, null, tx) },
    { name: 'revokeSessionIds', end: (s, tx) => revokeSessionIds(a.hub, [s.sessionId], null, tx) },
  ];

  for (const { name, end } of enders) {
    it(`${name}: on its own, every node hears it once`, async () => {
      const s = await liveBrowserSession();
      const heard = await heardOnB(() => end(s));
      expect(heard).toEqual([{ kind: 'sessions', ids: [s.sessionId] }]);
    });

    it(`${name}: in a transaction, heard once after the commit, nothing before`, async () => {
      const s = await liveBrowserSession();
      const heard = await heardOnB(() =>
        a.hub.db.transaction(async (tx) => {
          await end(s, tx);
          expect(onA.heard.some((m) => names(m, [s.sessionId]))).toBe(false);
        }),
      );
      // This node heard it as the transaction resolved, not later through its own LISTEN.
      expect(onA.heard.some((m) => names(m, [s.sessionId]))).toBe(true);
      expect(heard).toEqual([{ kind: 'sessions', ids: [s.sessionId] }]);
    });

    it(`${name}: in a transaction that rolls back, nothing is heard anywhere`, async () => {
      const s = await liveBrowserSession();
      const heard = await heardOnB(() =>
        a.hub.db
          .transaction(async (tx) => {
            await end(s, tx);
            throw new Error('roll back');
          })
          .catch(() => undefined),
      );
      expect(heard).toEqual([]);
      expect(onA.heard.some((m) => names(m, [s.sessionId]))).toBe(false);
    });
  }

  it('refuses a transaction it could not publish after (one not opened by hub.db)', async () => {
    const s = await liveBrowserSession();
    await expect(a.hub.database.db.transaction((tx) => revokeSession(a.hub, s.sessionId, null, tx))).rejects.toThrow(
      /hub\.db\.transaction/,
    );
  });

  describe('the writers that own their transaction', () => {
    let client: RegisteredClient;
    let cookie: string;
    beforeAll(async () => {
      client = await registerClient(a);
      cookie = (await signedInUser(a.hub)).cookie;
    });
    const token = (fields: Record<string, string>) =>
      a.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { ...FORM, authorization: basic(client) },
        payload: form(fields),
      });
    const grant = async () => {
      const res = await exchangeCode(a, client, (await authorize(a, client, cookie)).code, undefined);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { ...body, sid: String(decodeJwt(body.access_token).sid) };
    };

    it('a refresh token used again after its grace: the grant ends, heard once', async () => {
      const first = await grant();
      expect((await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).statusCode).toBe(200);
      a.clock.advance((REFRESH_GRACE_S + 1) * 1000);
      const heard = await heardOnB(async () => {
        const res = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
        expect(res.statusCode).toBe(400);
      });
      expect(heard).toEqual([{ kind: 'sessions', ids: [first.sid] }]);
    });

    it('an authorization code exchanged twice: its tokens end, heard once', async () => {
      const { code } = await authorize(a, client, cookie);
      const res = await exchangeCode(a, client, code, undefined);
      expect(res.statusCode).toBe(200);
      const sid = String(decodeJwt(res.json().access_token).sid);
      const heard = await heardOnB(async () =>
        expect((await exchangeCode(a, client, code, undefined)).statusCode).toBe(400),
      );
      expect(heard).toEqual([{ kind: 'sessions', ids: [sid] }]);
    });

    it("revoking an app's access ends its sessions, heard once", async () => {
      const { sid } = await grant();
      const heard = await heardOnB(async () => {
        const res = await a.app.inject({
          method: 'DELETE',
          url: `/api/apps/${client.client_id}/sessions`,
          headers: { cookie, ...CSRF },
        });
        expect(res.statusCode).toBe(200);
      });
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ kind: 'sessions', ids: expect.arrayContaining([sid]) });
    });

    it('a deactivated client leaves every node’s client cache, heard once', async () => {
      const other = await registerClient(a);
      expect(await loadClient(bHub, other.client_id)).toMatchObject({ isActive: true });
      const admin = await signedInUser(a.hub, ['platform_admin']);
      const heard = await heardOnB(async () => {
        const res = await a.app.inject({
          method: 'PATCH',
          url: `/api/admin/oauth-clients/${other.id}`,
          headers: { cookie: admin.cookie, ...CSRF },
          payload: { is_active: false },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(heard).toEqual([{ kind: 'client', clientId: other.client_id }]);
      expect(await loadClient(bHub, other.client_id)).toMatchObject({ isActive: false });
    });

    it('a deactivated client’s app_url stops being a resource on every node', async () => {
      const api = `https://api-${markers}-${Date.now()}.example.test`;
      const other = await registerClient(a, { app_url: api });
      expect(await resolveResource(bHub, api)).toBe(api); // B now holds it as registered
      const admin = await signedInUser(a.hub, ['platform_admin']);
      await heardOnB(async () => {
        const res = await a.app.inject({
          method: 'PATCH',
          url: `/api/admin/oauth-clients/${other.id}`,
          headers: { cookie: admin.cookie, ...CSRF },
          payload: { is_active: false },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      await expect(resolveResource(bHub, api)).rejects.toMatchObject({ error: 'invalid_target' });
    });

    it('a key rotation and a prune are each heard once', async () => {
      const keys = oauthRuntime(a.hub).keys;
      expect(await heardOnB(() => keys.rotate('ES256', { force: true }))).toEqual([{ kind: 'keys' }]);
      a.clock.advance((MAX_JWT_TTL_S + 1) * 1000);
      let gone: string[] = [];
      const heard = await heardOnB(async () => {
        gone = await keys.prune();
      });
      expect(gone.length).toBeGreaterThan(0);
      expect(heard).toEqual([{ kind: 'keys' }]);
    });
  });

  it('the setup tool’s wipe: every session ended, heard once', async () => {
    expect(await heardOnB(() => cleanupAllUsers(a.hub))).toEqual([{ kind: 'all-sessions' }]);
  });

  it('revoking an access token no session stands behind (client_credentials): every node hears its jti once', async () => {
    const client = await registerClient(a);
    const issued = await a.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials' },
    });
    const token = String(issued.json().access_token);
    const jti = String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti);
    const heard = await heardOnB(() =>
      a.client.post('/oauth/revoke', { headers: { authorization: basic(client) }, form: { token } }),
    );
    expect(heard).toEqual([{ kind: 'tokens', jtis: [jti] }]);
    // Revoked already: a second revocation writes and publishes nothing.
    expect(
      await heardOnB(() =>
        a.client.post('/oauth/revoke', { headers: { authorization: basic(client) }, form: { token } }),
      ),
    ).toEqual([]);
  });

  it('every cache of a hub is declared, with a bound and what clears it', () => {
    expect(Object.keys(a.hub.caches).sort()).toEqual(Object.keys(CACHES).sort());
    const kinds: Revocation['kind'][] = ['sessions', 'all-sessions', 'client', 'keys', 'tokens', 'master-keys'];
    for (const [name, declared] of Object.entries(CACHES)) {
      expect(Number.isFinite(declared.maxEntries) && declared.maxEntries > 0, name).toBe(true);
      expect(declared.ttlMs > 0, name).toBe(true);
      if (Array.isArray(declared.clearedBy)) {
        expect(declared.clearedBy.length, name).toBeGreaterThan(0);
        for (const k of declared.clearedBy) expect(kinds, name).toContain(k);
      } else {
        expect(declared.clearedBy.never.length, name).toBeGreaterThan(20);
      }
    }
  });
});
