import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { authorizeWithPkce, pkcePair, registerClient, type RegisteredClient } from './oauth-helpers';
import { auditLogs, authSessions, oauthAuthorizationCodes, platformUsers } from '../../../src/server/db/schema/index';
import type { OAuthClient } from '../../../src/server/db/schema/index';
import { openCode } from '../../../src/server/oauth/sealed-code';
import { loadClient } from '../../../src/server/oauth/clients/service';
import { OAuthError } from '../../../src/server/oauth/errors';
import { CODE_RULES } from '../../../src/server/oauth/grants/code-rules';
import {
  exchangeAtOnce,
  exchangeCommitted,
  exchangeLocked,
  planExchange,
  type CommitGrant,
} from '../../../src/server/oauth/grants/authorization-code';

/**
 * Issue 26: the code exchange's rules live in one ordered list (grants/code-rules.ts), and every
 * path — with the grant's audit record, the one statement, the locked row — enforces every rule.
 * Each rule is broken here on each path; a rule added to the list without a way to break it fails
 * the first test. Codes are sealed (issue 44): the row read here is the used-code set's.
 */
describe.each(TEST_DATABASES)('the code exchange rules, on every path [%s]', (kind) => {
  const t = useTestHub(kind);
  let client: RegisteredClient;
  let oauthClient: OAuthClient;
  let otherClient: OAuthClient;
  beforeAll(async () => {
    client = await registerClient(t);
    oauthClient = (await loadClient(t.hub, client.client_id))!;
    const other = await registerClient(t, { app_name: 'Other' });
    otherClient = (await loadClient(t.hub, other.client_id))!;
  });

  interface Case {
    code: string;
    verifier: string;
    userId: string;
    /** The request as the token endpoint would pass it on. */
    input: { code: string; redirect_uri: string; code_verifier?: string; resource?: string };
    client: OAuthClient;
  }

  /** A fresh code for a fresh user, with PKCE, and the request that would exchange it. */
  async function freshCase(extra: Record<string, string> = {}): Promise<Case> {
    const { user, cookie } = await signedInUser(t.hub);
    const { code, verifier } = await authorizeWithPkce(t, client, cookie, { prompt: 'none', ...extra });
    const input = { code, redirect_uri: client.redirect_uris[0], code_verifier: verifier };
    return { code, verifier, userId: user.id, input, client: oauthClient };
  }

  /** The code's row in the used-code set (undefined while unused), or as the code carries it. */
  const usedRowOf = async (code: string) =>
    (
      await t.hub.db
        .select()
        .from(oauthAuthorizationCodes)
        .where(eq(oauthAuthorizationCodes.codeHash, openCode(t.hub, code)!.codeHash))
    )[0];
  const rowOf = async (code: string) => (await usedRowOf(code)) ?? openCode(t.hub, code)!;

  /** Breaks one rule of a fresh case: in the request, in the code, or in the used-code set's or user's rows. */
  const BREAKERS: Record<string, (c: Case) => Promise<void>> = {
    client: async (c) => {
      c.client = otherClient;
    },
    unused: async (c) => {
      // The first exchange of the code, through the database (as another node would).
      const first = await exchangeAtOnce(t.hub, planExchange(t.hub, oauthClient, c.input));
      expect(first?.sessionId).toBeTruthy();
    },
    unexpired: async () => {
      t.clock.advance(61_000);
    },
    redirect_uri: async (c) => {
      c.input.redirect_uri = 'https://rb.example.test/elsewhere';
    },
    resource: async (c) => {
      c.input.resource = 'https://api.other.example.test/';
    },
    pkce: async (c) => {
      c.input.code_verifier = pkcePair().verifier;
    },
    dpop_key: async (c) => {
      // The code is bound to a DPoP key (RFC 9449 §10) that the token request does not prove.
      const bound = await freshCase({ dpop_jkt: 'A'.repeat(43) });
      Object.assign(c, { ...bound, client: c.client });
    },
    active_user: async (c) => {
      await t.hub.db.update(platformUsers).set({ isActive: false }).where(eq(platformUsers.id, c.userId));
    },
  };

  const commit: CommitGrant = (g) =>
    t.hub.unitOfWork.commit(
      {
        type: 'oauth_token_issued',
        userId: g.userId,
        sessionId: g.sessionId,
        details: { grant_type: 'authorization_code', client_id: client.client_id, scope: g.scope },
      },
      g.writes,
    );

  /** Nothing of this exchange was written: no session, no grant record. */
  async function expectNothingWritten(sessionId: string) {
    const sessions = await t.hub.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(sessions).toHaveLength(0);
    const issued = await t.hub.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, 'oauth_token_issued'), eq(auditLogs.sessionId, sessionId)));
    expect(issued).toHaveLength(0);
  }

  it('every rule of the list has a way to be broken here, and the list is in the order the locked path reports', () => {
    expect(CODE_RULES.map((r) => r.name)).toEqual(Object.keys(BREAKERS));
  });

  it('an unbroken code is exchanged by each path alone', async () => {
    for (const path of ['committed', 'statement', 'locked'] as const) {
      const c = await freshCase();
      const x = planExchange(t.hub, c.client, c.input);
      const result =
        path === 'committed'
          ? await exchangeCommitted(t.hub, x, commit)
          : path === 'statement'
            ? await exchangeAtOnce(t.hub, x)
            : await exchangeLocked(t.hub, x);
      expect(result?.sessionId, path).toBe(x.rows.session.id);
      expect(result?.response.refresh_token, path).toMatch(/^hubrt_/);
      expect((await rowOf(c.code)).consumedAt, path).not.toBeNull();
    }
  });

  for (const rule of CODE_RULES) {
    it(`"${rule.name}" is enforced with the audit record, by the one statement and by the locked row`, async () => {
      // With the grant's audit record, in one unit of work.
      {
        const c = await freshCase();
        await BREAKERS[rule.name](c);
        const x = planExchange(t.hub, c.client, c.input);
        expect(await exchangeCommitted(t.hub, x, commit)).toBeUndefined();
        await expectNothingWritten(x.rows.session.id);
      }
      // The one statement on its own.
      {
        const c = await freshCase();
        await BREAKERS[rule.name](c);
        const before = await rowOf(c.code);
        const x = planExchange(t.hub, c.client, c.input);
        expect(await exchangeAtOnce(t.hub, x)).toBeUndefined();
        await expectNothingWritten(x.rows.session.id);
        expect((await rowOf(c.code)).consumedAt).toEqual(before.consumedAt);
      }
      // The locked row: the rule's own refusal, and its consequence.
      {
        const c = await freshCase();
        await BREAKERS[rule.name](c);
        const before = await rowOf(c.code);
        const x = planExchange(t.hub, c.client, c.input);
        const expected = rule.check(before, x.facts, { userIsActive: rule.name !== 'active_user' });
        expect(expected).toBeInstanceOf(OAuthError);
        const error = await exchangeLocked(t.hub, x).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(OAuthError);
        expect((error as OAuthError).error).toBe(expected!.error);
        expect((error as OAuthError).description).toBe(expected!.description);
        await expectNothingWritten(x.rows.session.id);
        const after = await rowOf(c.code);
        if (rule.consequence === 'burn_code') expect(after.consumedAt).not.toBeNull();
        else expect(after.consumedAt).toEqual(before.consumedAt);
        if (rule.consequence === 'revoke_issued') {
          const [issued] = await t.hub.db
            .select()
            .from(authSessions)
            .where(eq(authSessions.id, after.issuedSessionId!));
          expect(issued.isActive).toBe(false);
        }
      }
    });
  }
});
