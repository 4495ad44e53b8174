import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { createUser, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { authorizeUrl, authorizeWithPkce, basic, exchangeCode, pkcePair, registerClient } from '../oauth/oauth-helpers';
import { countStatements } from '../../helpers/count-statements';
import { eq } from 'drizzle-orm';
import { auditLogs, authSessions, oauthUsedJtis } from '../../../src/server/db/schema/index';
import { loadClient } from '../../../src/server/oauth/clients/service';
import { exchangeAuthorizationCode } from '../../../src/server/oauth/grants/authorization-code';
import { revokeUserSessions } from '../../../src/server/auth/sessions';
import { cleanupAllUsers } from '../../../src/server/setup/setup-service';
import { generateKeyPair } from 'jose';
import { handMadeProof } from '../oauth/fapi-helpers';

/**
 * Issue 15: the hot paths' database round trips, counted (not timed), so that a change that
 * adds a statement to one fails here instead of only in a benchmark.
 */
describe.each(TEST_DATABASES)('database round trips of the hot paths [%s]', (kind) => {
  const t = useTestHub(kind);
  let counter: ReturnType<typeof countStatements>;
  beforeAll(() => {
    counter = countStatements();
  });
  afterAll(() => {
    counter.stop();
  });

  /** The statements `run` sends (and their text, for the failure message). */
  async function statementsOf(run: () => Promise<unknown>): Promise<{ n: number; sent: string[] }> {
    const from = counter.count();
    await run();
    const sent = counter.texts.slice(from);
    return { n: sent.length, sent };
  }

  const signIn = (email: string) =>
    t.client.post('/api/auth/sign-in', { csrf: true, body: { email, password: FIXTURE_PASSWORD } });

  it('a correct-password sign-in: 2 round trips beside the hash (count + account, then session + audit)', async () => {
    const [warm, user] = [
      await createUser(t.hub),
      await createUser(t.hub, { roles: ['user', 'platform_admin'], mfa: false }),
    ];
    // The chain writer's first append in a process locks the anchor to learn it; later ones do not.
    expect((await signIn(warm.email)).statusCode).toBe(200);
    let res: Awaited<ReturnType<typeof signIn>> | undefined;
    const { n, sent } = await statementsOf(async () => {
      res = await signIn(user.email);
    });
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({ user: { id: user.id }, is_ecosystem_admin: true });
    // The counter sees the statements (it would pass a broken count of 0 otherwise).
    expect(sent.some((s) => s.includes('sign_in_attempts'))).toBe(true);
    expect(n, sent.join('\n')).toBeLessThanOrEqual(2);
  });

  it('a code + PKCE flow from a signed-in browser: silent authorize and exchange in 1 round trip (sealed codes)', async () => {
    const client = await registerClient(t);
    const { cookie } = await signedInUser(t.hub);
    const flow = async () => {
      const { code, verifier } = await authorizeWithPkce(t, client, cookie, { prompt: 'none' });
      const res = await exchangeCode(t, client, code, verifier);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ access_token: expect.any(String), id_token: expect.any(String) });
      expect(res.json().refresh_token).toMatch(/^hubrt_/);
    };
    // The first flow reads the client and the browser session into this node's caches.
    await flow();
    const { n, sent } = await statementsOf(flow);
    // The authorize step writes nothing; the exchange's one statement consumes the code with the grant's record.
    expect(sent.some((s) => s.includes('audit_logs'))).toBe(true);
    expect(n, sent.join('\n')).toBe(1);
  });

  it('a token’s first introspection on the node that issued it: no round trip (code flow and client_credentials)', async () => {
    const client = await registerClient(t);
    const { cookie } = await signedInUser(t.hub);
    const { code, verifier } = await authorizeWithPkce(t, client, cookie);
    const fromCode = (await exchangeCode(t, client, code, verifier)).json().access_token as string;
    const cc = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials', scope: 'read:profile' },
    });
    expect(cc.statusCode, cc.body).toBe(200);
    for (const token of [fromCode, cc.json().access_token as string]) {
      let answer: Record<string, unknown> = {};
      const { n, sent } = await statementsOf(async () => {
        answer = (
          await t.client.post('/oauth/introspect', { headers: { authorization: basic(client) }, form: { token } })
        ).json();
      });
      expect(answer).toMatchObject({ active: true, client_id: client.client_id });
      expect(n, sent.join('\n')).toBe(0);
    }
  });

  it('a client_credentials grant: 1 round trip, its chained oauth_token_issued row and no session row', async () => {
    const client = await registerClient(t);
    // RFC 8707: it names a registered API (the client's own app_url), as bench:oauth does.
    const grant = () =>
      t.client.post('/oauth/token', {
        headers: { authorization: basic(client) },
        form: { grant_type: 'client_credentials', scope: 'read:profile', resource: 'https://rb.example.test' },
      });
    expect((await grant()).statusCode).toBe(200); // the client and the resource are now in this node's caches
    let res: Awaited<ReturnType<typeof grant>> | undefined;
    const { n, sent } = await statementsOf(async () => {
      res = await grant();
    });
    expect(res!.statusCode, res!.body).toBe(200);
    expect(sent.some((s) => s.includes('audit_logs'))).toBe(true);
    expect(n, sent.join('\n')).toBe(1);
    const jti = String(JSON.parse(Buffer.from(res!.json().access_token.split('.')[1], 'base64url').toString()).jti);
    const issued = (
      await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_token_issued'))
    ).filter((r) => (r.details as { jti?: string }).jti === jti);
    expect(issued).toHaveLength(1);
    expect(await t.hub.db.select().from(authSessions).where(eq(authSessions.clientId, client.client_id))).toEqual([]);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a DPoP grant takes the round trips of a bearer one: the proof’s jti commits with the grant (issue 31)', async () => {
    const client = await registerClient(t);
    const keys = await generateKeyPair('ES256');
    const proof = () =>
      handMadeProof(keys, {
        htm: 'POST',
        htu: `${t.hub.config.publicUrl}/oauth/token`,
        // The test hub's clock, not the machine's: the proof's iat must be recent to it.
        iat: Math.floor(t.hub.clock().getTime() / 1000),
      });
    const { cookie } = await signedInUser(t.hub);
    const grant = async (dpop: string) =>
      t.client.post('/oauth/token', {
        headers: { authorization: basic(client), dpop },
        form: { grant_type: 'client_credentials', scope: 'read:profile' },
      });
    expect((await grant(await proof())).statusCode).toBe(200); // the client and the key are now in this node's caches
    const usedBefore = await usedJtis();
    const cc = await proof();
    let res: Awaited<ReturnType<typeof grant>> | undefined;
    const one = await statementsOf(async () => {
      res = await grant(cc);
    });
    expect(res!.statusCode, res!.body).toBe(200);
    expect(res!.json().token_type).toBe('DPoP');
    expect(one.n, one.sent.join('\n')).toBe(1);

    const { code, verifier } = await authorizeWithPkce(t, client, cookie);
    const exchangeProof = await proof();
    const exchange = await statementsOf(async () => {
      res = await t.client.post('/oauth/token', {
        headers: { authorization: basic(client), dpop: exchangeProof },
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirect_uris[0],
          code_verifier: verifier,
        },
      });
    });
    expect(res!.statusCode, res!.body).toBe(200);
    expect(res!.json().token_type).toBe('DPoP');
    expect(exchange.n, exchange.sent.join('\n')).toBe(1);

    // Each grant's one statement recorded its proof's jti; the same proof again is refused.
    expect(await usedJtis()).toBe(usedBefore + 2);
    res = await grant(cc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(await usedJtis()).toBe(usedBefore + 2);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('the session the authorization endpoint caches ends at once: sign-out, revoking all of a user’s sessions, idleness, the wipe', async () => {
    const client = await registerClient(t);
    const silent = async (cookie: string) => {
      const url = authorizeUrl(client, { scope: 'openid', prompt: 'none', ...pkceParams() });
      const res = await t.client.get(url, { cookie });
      expect(res.statusCode).toBe(302);
      const back = new URL(String(res.headers.location)).searchParams;
      return back.get('code') ? 'code' : back.get('error');
    };
    const pkceParams = () => ({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });

    // Signed out through the API: refused on the next request.
    const a = await signedInUser(t.hub);
    expect(await silent(a.cookie)).toBe('code');
    const out = await t.client.asBrowser(a.cookie).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(await silent(a.cookie)).toBe('login_required');

    // Every session of a user ended (deactivation, password change or reset do this): refused.
    const b = await signedInUser(t.hub);
    expect(await silent(b.cookie)).toBe('code');
    expect(await revokeUserSessions(t.hub, b.user.id, null)).toBe(1);
    expect(await silent(b.cookie)).toBe('login_required');

    // Idle longer than allowed: the row is read again, found idle and ended, as without a cache.
    const c = await signedInUser(t.hub);
    expect(await silent(c.cookie)).toBe('code');
    t.clock.advanceMinutes(t.hub.config.sessionIdleMinutes + 1);
    expect(await silent(c.cookie)).toBe('login_required');
    const [row] = await t.hub.db.select().from(authSessions).where(eq(authSessions.userId, c.user.id));
    expect(row.isActive).toBe(false);

    // The setup tool's wipe deletes every user and session at once: no cached session outlives it.
    const d = await signedInUser(t.hub);
    expect(await silent(d.cookie)).toBe('code');
    await cleanupAllUsers(t.hub);
    expect(await silent(d.cookie)).toBe('login_required');
  });

  it('a code this node holds but another node exchanged first: refused as a replay, nothing of the attempt written', async () => {
    const client = await registerClient(t);
    const { user, cookie } = await signedInUser(t.hub);
    const { code, verifier } = await authorizeWithPkce(t, client, cookie, { prompt: 'none' });
    // "Another node": the exchange through the database alone (any node opens a sealed code).
    const oauthClient = (await loadClient(t.hub, client.client_id))!;
    const input = { code, redirect_uri: client.redirect_uris[0], code_verifier: verifier };
    const first = await exchangeAuthorizationCode(t.hub, oauthClient, input);
    const issuedBefore = await countEvents('oauth_token_issued');

    // Here the code passes every check, but the statement finds the code consumed and fails as a
    // whole; the row then decides: a replay, which revokes what the first exchange issued.
    const res = await exchangeCode(t, client, code, verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await countEvents('oauth_token_issued')).toBe(issuedBefore);
    expect(await countEvents('oauth_code_reuse')).toBeGreaterThan(0);
    const [session] = await t.hub.db.select().from(authSessions).where(eq(authSessions.id, first.sessionId!));
    expect(session).toMatchObject({ userId: user.id, isActive: false });

    // The chain is whole, and the next flow commits as usual.
    const again = await authorizeWithPkce(t, client, cookie, { prompt: 'none' });
    expect((await exchangeCode(t, client, again.code, again.verifier)).statusCode).toBe(200);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  const usedJtis = async () => (await t.hub.db.select().from(oauthUsedJtis)).length;
  const countEvents = async (type: string) =>
    (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type))).length;
});
