import { describe, expect, it } from 'vitest';
import { breakingClientChanges, type ClientLiveSettings } from '../../src/shared/client-change-impact';

const LIVE: ClientLiveSettings = {
  is_active: true,
  token_endpoint_auth_method: 'client_secret_basic',
  dpop_bound_access_tokens: false,
  require_pushed_authorization_requests: false,
  fapi2: false,
  redirect_uris: ['https://app.test/cb', 'https://app.test/cb2'],
  scopes: ['openid', 'email', 'profile'],
};

describe('which changes break a live client (issue 46)', () => {
  it('names each breaking change, in order', () => {
    expect(
      breakingClientChanges(LIVE, {
        ...LIVE,
        token_endpoint_auth_method: 'private_key_jwt',
        dpop_bound_access_tokens: true,
        require_pushed_authorization_requests: true,
        redirect_uris: ['https://app.test/cb'],
        scopes: ['openid'],
      }),
    ).toEqual([
      { kind: 'auth_method', from: 'client_secret_basic', to: 'private_key_jwt' },
      { kind: 'dpop_required' },
      { kind: 'par_required' },
      { kind: 'redirect_uris_removed', uris: ['https://app.test/cb2'] },
      { kind: 'scopes_removed', scopes: ['email', 'profile'] },
    ]);
  });

  it('FAPI 2.0 requires DPoP and PAR whatever the switches say; deactivation says only that', () => {
    expect(breakingClientChanges(LIVE, { ...LIVE, fapi2: true }).map((i) => i.kind)).toEqual([
      'dpop_required',
      'par_required',
    ]);
    expect(breakingClientChanges(LIVE, { ...LIVE, is_active: false, scopes: [] })).toEqual([{ kind: 'deactivated' }]);
  });

  it('loosening, adding and reactivating break nothing; an inactive client breaks no further', () => {
    const strict = { ...LIVE, dpop_bound_access_tokens: true, require_pushed_authorization_requests: true };
    expect(breakingClientChanges(strict, LIVE)).toEqual([]);
    expect(
      breakingClientChanges(LIVE, {
        ...LIVE,
        redirect_uris: [...LIVE.redirect_uris, 'https://x.test/cb'],
        scopes: [...LIVE.scopes, 'offline_access'],
      }),
    ).toEqual([]);
    expect(breakingClientChanges({ ...LIVE, is_active: false }, LIVE)).toEqual([]);
    expect(breakingClientChanges({ ...LIVE, is_active: false }, { ...LIVE, is_active: false, scopes: [] })).toEqual([]);
  });
});
