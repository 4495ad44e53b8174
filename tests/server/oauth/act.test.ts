import { describe, expect, it } from 'vitest';
import { MAX_ACT_DEPTH, nestAct, parseAct, type ActClaim } from '../../../src/server/oauth/act';

describe('the act claim (RFC 8693 §4.1)', () => {
  it('puts the current actor outermost and the earlier chain inside it', () => {
    const first = nestAct({ sub: 'svc-a', client_id: 'a' }, null);
    expect(nestAct({ sub: 'svc-b', client_id: 'b' }, first)).toEqual({
      sub: 'svc-b',
      client_id: 'b',
      act: { sub: 'svc-a', client_id: 'a' },
    });
  });

  it('reads a well-formed chain and refuses a malformed or too deep one', () => {
    expect(parseAct({ sub: 'admin-1', extra: 'dropped' })).toEqual({ sub: 'admin-1' });
    expect(parseAct({ client_id: 'x' })).toBeNull();
    expect(parseAct({ sub: 'a', act: { sub: 7 } })).toBeNull();
    expect(parseAct('admin')).toBeNull();
    let chain: ActClaim = { sub: 'a0' };
    for (let i = 1; i < MAX_ACT_DEPTH; i++) chain = nestAct({ sub: `a${i}` }, chain);
    expect(parseAct(chain)).toEqual(chain);
    expect(parseAct(nestAct({ sub: 'one-too-many' }, chain))).toBeNull();
  });
});
