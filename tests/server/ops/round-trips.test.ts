import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES, CSRF, createTestHub, type TestHub } from '../../helpers/test-hub';
import { createUser, FIXTURE_PASSWORD, signedInUser } from '../../helpers/fixtures';
import { authorize, exchangeCode, pkcePair, registerClient } from '../oauth/oauth-helpers';
import { countStatements } from '../../helpers/count-statements';

/**
 * Issue 15: the hot paths' database round trips, counted (not timed), so that a change that
 * adds a statement to one fails here instead of only in a benchmark.
 */
describe.each(TEST_DATABASES)('database round trips of the hot paths [%s]', (kind) => {
  let t: TestHub;
  let counter: ReturnType<typeof countStatements>;
  beforeAll(async () => {
    t = await createTestHub(kind);
    counter = countStatements();
  });
  afterAll(async () => {
    counter.stop();
    await t?.close();
  });

  /** The statements `run` sends (and their text, for the failure message). */
  async function statementsOf(run: () => Promise<unknown>): Promise<{ n: number; sent: string[] }> {
    const from = counter.count();
    await run();
    const sent = counter.texts.slice(from);
    return { n: sent.length, sent };
  }

  const signIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: CSRF,
      payload: { email, password: FIXTURE_PASSWORD },
    });

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

  it('a code + PKCE flow from a signed-in browser: silent authorize and exchange in 3 round trips', async () => {
    const client = await registerClient(t);
    const { cookie } = await signedInUser(t.hub);
    const flow = async () => {
      const { verifier, challenge } = pkcePair();
      const { code } = await authorize(t, client, cookie, {
        prompt: 'none',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const res = await exchangeCode(t, client, code, verifier);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ access_token: expect.any(String), id_token: expect.any(String) });
      expect(res.json().refresh_token).toMatch(/^hubrt_/);
    };
    // The first flow reads the client and the browser session into this node's caches.
    await flow();
    const { n, sent } = await statementsOf(flow);
    expect(sent.some((s) => s.includes('oauth_authorization_codes'))).toBe(true);
    expect(n, sent.join('\n')).toBeLessThanOrEqual(3);
  });
});
