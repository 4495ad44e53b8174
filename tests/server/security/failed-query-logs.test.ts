import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { createTestHub, type TestHub } from '../../helpers/test-hub';

/**
 * Issue 11 finding 10: a failed query's bound parameters (an argon2 hash appeared) never reach
 * the log, whichever path logs the error: the error hook, the refusal audit, or any `{ err }`.
 */
describe('failed-query logs carry the statement, never its parameters', () => {
  let t: TestHub;
  const lines: string[] = [];
  const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNo';
  const queryError = () =>
    new DrizzleQueryError(
      'insert into "audit_logs" ("event_type", "details") values ($1, $2)',
      ['sign_in_failure', secret],
      Object.assign(new Error('could not write'), { code: '53100' }),
    );

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestHub('pglite', { logStream, config: { logLevel: 'info' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('through the refusal audit, the error hook and any logger call', async () => {
    const record = t.hub.audit.record;
    t.hub.audit.record = (async () => {
      throw queryError();
    }) as typeof record;
    try {
      // An anonymous refusal whose audit row cannot be written: logged by the error hook.
      expect((await t.client.get('/api/admin/overview')).statusCode).toBe(401);
      // A sign-in whose audit write fails: a masked 500, logged.
      const failed = await t.client.post('/api/auth/sign-in', {
        csrf: true,
        body: { email: 'nobody@example.test', password: 'Wrong-Password-77!' },
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      expect(failed.body).not.toContain(secret);
    } finally {
      t.hub.audit.record = record;
    }
    // Any other code that logs an error object gets the same treatment (the logger's serializer).
    t.app.log.error({ err: queryError() }, 'something failed');

    const log = lines.join('');
    expect(log).toContain('refusal not audited');
    expect(log).toContain('something failed');
    expect(log).toContain('insert into \\"audit_logs\\"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('c2VjcmV0c2FsdA');
  });
});
