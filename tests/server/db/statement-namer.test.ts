import { describe, expect, it } from 'vitest';
import { statementNamer } from '../../../src/server/db/client';

/**
 * Named statements by shape (db/client.ts): the chain's pipelined append is named by its text, so
 * each shape is parsed and planned once per connection — but never more names than the bound, so
 * that a variety of shapes cannot grow the driver's and PostgreSQL's statement caches for ever.
 */
describe('statementNamer', () => {
  it('gives one text one name, every time, and another text another', () => {
    const name = statementNamer('append');
    const a = name('select 1');
    expect(a).toBe('append_0');
    expect(name('select 2')).toBe('append_1');
    expect(name('select 1')).toBe(a);
  });

  it('past `max` texts, a new text goes unnamed while the known ones keep their names', () => {
    const name = statementNamer('append', 2);
    expect([name('a'), name('b'), name('c')]).toEqual(['append_0', 'append_1', undefined]);
    expect([name('b'), name('c'), name('a')]).toEqual(['append_1', undefined, 'append_0']);
  });
});
