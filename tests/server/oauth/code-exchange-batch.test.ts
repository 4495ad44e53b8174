import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { countStatements } from '../../helpers/count-statements';
import { holdNextAppend } from '../../helpers/hold-statement';
import { auditLogs, authSessions } from '../../../src/server/db/schema/index';
import { loadClient } from '../../../src/server/oauth/clients/service';
import { exchangeAuthorizationCode } from '../../../src/server/oauth/grants/authorization-code';
import { authorize, exchangeCode, pkcePair, registerClient, type RegisteredClient } from './oauth-helpers';

/**
 * Code exchanges join the group commit (`batchRequired`, oauth/endpoints/token.ts): exchanges
 * that arrive together consume their codes, write their sessions and chain their
 * `oauth_token_issued` records in one statement. A code that cannot be consumed (another node
 * exchanged it first) fails its batch as a whole; the batch commits again in halves, so only
 * that exchange is refused — as the replay it is — and the others are answered.
 */
/** A condition, not a clock: generous, for a CI machine that other suites keep busy. */
const WAIT = { timeout: 30_000, interval: 20 };

describe.each(TEST_DATABASES)('code exchanges in the group commit [%s]', (kind) => {
  const t = useTestHub(kind);

  /** Codes issued on this node (which keeps their copies), with their verifiers. */
  async function codes(client: RegisteredClient, cookie: string, n: number) {
    const out: { code: string; verifier: string }[] = [];
    for (let i = 0; i < n; i++) {
      const { verifier, challenge } = pkcePair();
      const { code } = await authorize(t, client, cookie, {
        prompt: 'none',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      out.push({ code, verifier });
    }
    return out;
  }

  /**
   * Holds the statement of a batch on the wire (an unrelated audit record's) until `release()`:
   * units that arrive meanwhile wait for it, and then leave together (db/coalescing-window.ts).
   */
  async function holdABatch() {
    const { sent, restore } = holdNextAppend(t.hub.database.db);
    const held = t.hub.unitOfWork.commit({
      type: 'oauth_token_issued',
      userId: null,
      sessionId: randomUUID(),
      details: { grant_type: 'client_credentials', client_id: 'held-batch', scope: '' },
    });
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1), WAIT);
    return {
      release: async () => {
        restore();
        await held;
      },
    };
  }

  /** Sends the exchanges at once while a batch is on the wire; resolves once all of them wait in the unit of work. */
  async function exchangeTogether(client: RegisteredClient, list: { code: string; verifier: string }[]) {
    const commits = vi.spyOn(t.hub.unitOfWork, 'commit');
    const hold = await holdABatch();
    const answers = list.map(({ code, verifier }) => exchangeCode(t, client, code, verifier));
    await vi.waitFor(() => expect(commits.mock.calls.length).toBeGreaterThanOrEqual(list.length + 1), WAIT);
    commits.mockRestore();
    const counter = countStatements();
    try {
      await hold.release();
      return { responses: await Promise.all(answers), sent: counter.texts };
    } finally {
      counter.stop();
    }
  }

  it('exchanges that arrive together commit in one statement', async () => {
    const client = await registerClient(t);
    const { cookie } = await signedInUser(t.hub);
    const list = await codes(client, cookie, 4);
    // The node's caches know the client once one exchange went through.
    const first = await codes(client, cookie, 1);
    expect((await exchangeCode(t, client, first[0].code, first[0].verifier)).statusCode).toBe(200);

    const { responses, sent } = await exchangeTogether(client, list);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // The held batch's statement, then one for the four exchanges (one each when they commit alone).
    const appends = sent.filter((q) => q.includes('audit_logs'));
    expect(appends, sent.join('\n')).toHaveLength(2);
    const sessions = responses.map((r) => r.json().access_token as string).map(sessionOf);
    const rows = await t.hub.db.select().from(authSessions).where(inArray(authSessions.id, sessions));
    expect(rows).toHaveLength(4);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a code another node consumed fails only its own exchange, refused as a replay; the others of its batch are answered', async () => {
    const client = await registerClient(t);
    const { user, cookie } = await signedInUser(t.hub);
    const list = await codes(client, cookie, 4);
    // "Another node": the second code exchanged through the database alone (this node keeps its copy).
    const oauthClient = (await loadClient(t.hub, client.client_id))!;
    const elsewhere = await exchangeAuthorizationCode(t.hub, oauthClient, {
      code: list[1].code,
      redirect_uri: client.redirect_uris[0],
      code_verifier: list[1].verifier,
    });
    const issuedBefore = await grantsOf(client);

    const { responses } = await exchangeTogether(client, list);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 400, 200, 200]);
    expect(responses[1].json()).toMatchObject({ error: 'invalid_grant' });
    // Three grants recorded, none for the replay; what the other node issued from that code is revoked.
    expect(await grantsOf(client)).toBe(issuedBefore + 3);
    expect(await countEvents('oauth_code_reuse')).toBeGreaterThan(0);
    const [revoked] = await t.hub.db.select().from(authSessions).where(eq(authSessions.id, elsewhere.sessionId!));
    expect(revoked).toMatchObject({ userId: user.id, isActive: false });
    for (const i of [0, 2, 3]) {
      const [row] = await t.hub.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, sessionOf(responses[i].json().access_token)));
      expect(row).toMatchObject({ userId: user.id, isActive: true });
    }
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  /** The app session an access token names (its `sid`). */
  const sessionOf = (token: string) => String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid);
  const grantsOf = async (client: RegisteredClient) =>
    (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_token_issued'))).filter(
      (r) => (r.details as { client_id?: string }).client_id === client.client_id,
    ).length;
  const countEvents = async (type: string) =>
    (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type))).length;
});
