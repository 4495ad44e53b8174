import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { countStatements } from '../../helpers/count-statements';
import { holdNextAppend as holdAppend, watchAppends } from '../../helpers/hold-statement';
import { auditLogs, authSessions } from '../../../src/server/db/schema/index';
import { insertSessionsStatement } from '../../../src/server/auth/session-queries';
import { isWriteNotApplied, type StepsWrite } from '../../../src/server/db/writes';
import type { AuditEvent } from '../../../src/server/audit/record';
import { jtiOnceWrite } from '../../../src/server/oauth/jti-once';

/**
 * Issue 26: hot-path writes commit through one unit of work with their audit record. Batching,
 * merging and "required" are properties of the unit of work, proven here rather than promised
 * by comments: rows of many units merge into one insert; a required write that finds nothing
 * fails its own unit only, with its own SQLSTATE; step names never clash.
 */
describe.each(TEST_DATABASES)('the unit of work [%s]', (kind) => {
  const t = useTestHub(kind);
  let counter: ReturnType<typeof countStatements>;
  beforeAll(async () => {
    counter = countStatements();
    // The chain writer's first append locks the anchor to learn it; the tests below start after.
    await t.hub.unitOfWork.commit(event(randomUUID()));
  });
  afterAll(async () => {
    counter.stop();
  });

  function event(sessionId: string): AuditEvent {
    return {
      type: 'oauth_token_issued',
      userId: null,
      sessionId,
      details: { grant_type: 'client_credentials', client_id: 'unit-of-work-test', scope: '' },
    };
  }

  function session(id: string) {
    const now = t.hub.clock();
    return {
      id,
      userId: null,
      clientId: null,
      kind: 'app',
      sessionTokenHash: `uow-${id}`,
      scopes: [],
      authTime: now,
      createdAt: now,
      lastAccessedAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    };
  }

  const auditRowsOf = (ids: string[]) => t.hub.db.select().from(auditLogs).where(inArray(auditLogs.sessionId, ids));

  /** A write whose one step returns `n` rows, required to return exactly one. */
  function required(n: number): StepsWrite {
    return {
      kind: 'steps',
      requireOne: 'pick',
      steps: [{ name: 'pick', body: () => sql`select 1 from generate_series(1, ${n}::int)` }],
    };
  }

  it('the session rows of units committed together go in with one insert, in one statement', async () => {
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const from = counter.count();
    const appends = watchAppends(t.hub.database.db);
    let statements: string[];
    try {
      await Promise.all(ids.map((id) => t.hub.unitOfWork.commit(event(id), [insertSessionsStatement([session(id)])])));
      statements = appends.sent.mock.calls.map(([s]) => s.sql);
    } finally {
      appends.restore();
    }
    const sent = counter.texts.slice(from);
    expect(sent.length, sent.join('\n')).toBe(1);
    const [statement] = statements;
    expect(statement.match(/insert into "auth_sessions"/g)).toHaveLength(1);
    expect(await t.hub.db.select().from(authSessions).where(inArray(authSessions.id, ids))).toHaveLength(12);
    expect(await auditRowsOf(ids)).toHaveLength(12);
  });

  it('a required write that finds nothing fails its own unit (HU001) and nothing of it is written; units beside it commit', async () => {
    const [missing, beside, tooMany] = [randomUUID(), randomUUID(), randomUUID()];
    const results = await Promise.allSettled([
      t.hub.unitOfWork.commit(event(missing), [insertSessionsStatement([session(missing)]), required(0)]),
      t.hub.unitOfWork.commit(event(beside), [insertSessionsStatement([session(beside)])]),
      t.hub.unitOfWork.commit(event(tooMany), [required(2)]),
    ]);
    expect(results[0].status).toBe('rejected');
    expect(isWriteNotApplied((results[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(results[1].status).toBe('fulfilled');
    expect(isWriteNotApplied((results[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(await auditRowsOf([missing, beside, tooMany])).toMatchObject([{ sessionId: beside }]);
    expect(await t.hub.db.select().from(authSessions).where(eq(authSessions.id, missing))).toHaveLength(0);
    // A required write that found its row commits with its unit.
    const found = randomUUID();
    await t.hub.unitOfWork.commit(event(found), [required(1)]);
    expect(await auditRowsOf([found])).toHaveLength(1);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a real error in a write is not taken for a required write that found nothing', async () => {
    const id = randomUUID();
    const error = await t.hub.unitOfWork
      .commit(event(id), [
        // Evaluated at run time (random() is volatile): a real division by zero, SQLSTATE 22012.
        { kind: 'steps', steps: [{ name: 'boom', body: () => sql`select 1 / (random() * 0)::int as x` }] },
      ])
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    expect(isWriteNotApplied(error)).toBe(false);
    expect(await auditRowsOf([id])).toHaveLength(0);
  });

  it('required rows of a batch (DPoP proof IDs) go in with one insert; one used already fails only its own unit', async () => {
    const until = new Date(t.hub.clock().getTime() + 60_000);
    const jtiWrite = (jti: string) => jtiOnceWrite({ kind: 'dpop', issuer: 'unit-of-work-test', jti, until });
    const jtis = Array.from({ length: 4 }, () => randomUUID());
    await t.hub.unitOfWork.commit(event(randomUUID()), [jtiWrite(jtis[0])], { batchRequired: true });
    const ids = jtis.map(() => randomUUID());
    const appends = watchAppends(t.hub.database.db);
    let results: PromiseSettledResult<void>[];
    let first: string;
    try {
      results = await Promise.allSettled(
        jtis.map((jti, i) => t.hub.unitOfWork.commit(event(ids[i]), [jtiWrite(jti)], { batchRequired: true })),
      );
      first = appends.sent.mock.calls[0][0].sql;
    } finally {
      appends.restore();
    }
    expect(first.match(/insert into oauth_used_jtis/g)).toHaveLength(1);
    expect(results[0].status).toBe('rejected');
    expect(isWriteNotApplied((results[0] as PromiseRejectedResult).reason)).toBe(true);
    expect(results.slice(1).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect((await auditRowsOf(ids)).map((r) => r.sessionId).sort()).toEqual(ids.slice(1).sort());
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a batch that one required write fails commits again in halves down to that unit: 2·log₂(n) statements, not n', async () => {
    const until = new Date(t.hub.clock().getTime() + 60_000);
    const jtiWrite = (jti: string) => jtiOnceWrite({ kind: 'dpop', issuer: 'unit-of-work-halves', jti, until });
    const jtis = Array.from({ length: 16 }, () => randomUUID());
    const replayed = 11;
    await t.hub.unitOfWork.commit(event(randomUUID()), [jtiWrite(jtis[replayed])], { batchRequired: true });
    const ids = jtis.map(() => randomUUID());
    const from = counter.count();
    // Handed over in one turn: one batch of 16, which the replay fails.
    const results = await Promise.allSettled(
      jtis.map((jti, i) => t.hub.unitOfWork.commit(event(ids[i]), [jtiWrite(jti)], { batchRequired: true })),
    );
    // Every append: pipelined (`with ticket …`) or, after a failure, under the anchor's lock (`with moved …`).
    const appends = counter.texts.slice(from).filter((q) => /^with (ticket|moved) as/.test(q)).length;
    // 16 fails; halves of 8 (one fails), 4 (one fails), 2 (one fails), 1 and 1: 1 + 2 + 2 + 2 + 2.
    // Unit by unit it would be 1 + 16.
    expect(appends).toBe(9);
    expect(results.map((r) => r.status)).toEqual(jtis.map((_, i) => (i === replayed ? 'rejected' : 'fulfilled')));
    expect(isWriteNotApplied((results[replayed] as PromiseRejectedResult).reason)).toBe(true);
    expect((await auditRowsOf(ids)).map((r) => r.sessionId).sort()).toEqual(
      ids.filter((_, i) => i !== replayed).sort(),
    );
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  /** Holds the next statement the unit of work sends until `release()`: a batch that stays on the wire. */
  async function holdNextAppend() {
    // A failed batch (the test before) makes the writer learn the anchor again, in a transaction of
    // its own: one unit first, so that the batches below take the one-statement path.
    await t.hub.unitOfWork.commit(event(randomUUID()));
    return holdAppend(t.hub.database.db);
  }

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('units that arrive while a batch is on the wire wait for it, then leave together in one statement', async () => {
    const [first, ...later] = Array.from({ length: 6 }, () => randomUUID());
    const { sent, release, restore } = await holdNextAppend();
    try {
      const commits = [t.hub.unitOfWork.commit(event(first))];
      await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
      // One unit per turn of the event loop, as requests that finish apart would.
      for (const id of later) {
        commits.push(t.hub.unitOfWork.commit(event(id)));
        await nextTurn();
      }
      expect(sent).toHaveBeenCalledTimes(1);
      release();
      await Promise.all(commits);
      expect(sent).toHaveBeenCalledTimes(2);
    } finally {
      restore();
    }
    expect(await auditRowsOf([first, ...later])).toHaveLength(6);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a full window does not wait: 32 units waiting go out beside the batch on the wire', async () => {
    const [first, ...many] = Array.from({ length: 33 }, () => randomUUID());
    const { sent, release, restore } = await holdNextAppend();
    try {
      const commits = [t.hub.unitOfWork.commit(event(first))];
      await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
      commits.push(...many.map((id) => t.hub.unitOfWork.commit(event(id))));
      await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
      release();
      await Promise.all(commits);
    } finally {
      restore();
    }
    expect(await auditRowsOf([first, ...many])).toHaveLength(33);
    expect((await t.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('writes with the same step names in one batch do not clash', async () => {
    const ids = [randomUUID(), randomUUID()];
    await Promise.all(ids.map((id) => t.hub.unitOfWork.commit(event(id), [required(1), required(1)])));
    expect(await auditRowsOf(ids)).toHaveLength(2);
  });
});
