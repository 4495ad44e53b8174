import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable, loggableError } from '../../../src/server/plugins/errors';

describe('what a failed query leaves in the log', () => {
  it('keeps the statement and drops the bound parameters (a password hash, a token hash)', () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const error = new DrizzleQueryError(
      'insert into "platform_users" ("email", "password_hash") values ($1, $2)',
      ['a@b.c', secret],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('insert into \\"platform_users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('a@b.c');
  });

  it('tells an unreachable database by the driver code, not by the message', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(
      isDatabaseUnavailable(new DrizzleQueryError('select 1', [], Object.assign(new Error('x'), { code: '57P03' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('connection refused somewhere in a message'))).toBe(false);
  });
});
