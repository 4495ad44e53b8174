import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { oauthAuthorizationCodes } from '../../../src/server/db/schema/index';
import { sha256Hex } from '../../../src/server/crypto/tokens';
import { issueCode } from '../../../src/server/oauth/authorize/issue-code';
import type { AuthorizeContext } from '../../../src/server/oauth/authorize/context';

/**
 * authorize/issue-code.ts: codes issued while an insert is on the wire share the next one. A code
 * whose row cannot be stored fails its own request only, and no code is answered before its row is.
 */
describe.each(TEST_DATABASES)('issuing authorization codes [%s]', (kind) => {
  const t = useTestHub(kind);

  /** The context of an authorization that passed every check, for `userId`. */
  const passed = (userId: string): AuthorizeContext =>
    ({
      hub: t.hub,
      params: {},
      client: { clientId: 'client-of-issue-code-test' },
      auth: { user: { id: userId }, session: { id: randomUUID(), authTime: new Date(), amr: ['pwd'] } },
      redirectUri: 'https://app.example.test/cb',
      scopes: ['openid'],
      resource: null,
    }) as unknown as AuthorizeContext;

  const stored = async (code: string) =>
    (
      await t.hub.db
        .select()
        .from(oauthAuthorizationCodes)
        .where(eq(oauthAuthorizationCodes.codeHash, sha256Hex(code)))
    ).length;

  it('a code whose row cannot be stored fails alone; the codes that shared its insert are stored and answered', async () => {
    const { user } = await signedInUser(t.hub);
    // The first goes at once; the next three share the insert after it, which fails on the
    // unknown user (a foreign key) and is tried again code by code.
    const outcomes = await Promise.allSettled([
      issueCode(passed(user.id)),
      issueCode(passed(user.id)),
      issueCode(passed(randomUUID())),
      issueCode(passed(user.id)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    for (const o of outcomes) if (o.status === 'fulfilled') expect(await stored(o.value)).toBe(1);
  });
});
