import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/shared/return-path';
import { FOREIGN_SPELLINGS, OWN_PATHS } from './return-path-spellings';

describe('safeReturnPath: the one return-path rule, checked on the normalised value', () => {
  it.each(FOREIGN_SPELLINGS.map((s) => [JSON.stringify(s), s]))('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each(OWN_PATHS)('keeps %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it('returns the normalised path, which stays on the hub whatever it looked like', () => {
    expect(safeReturnPath('/a/./b/../c?x=1#y')).toBe('/a/c?x=1#y');
    expect(safeReturnPath('/%2e%2e/account')).toBe('/account');
    // A second encoding is no dot segment: a harmless path of the hub, never a host.
    expect(safeReturnPath('/%252e//evil.example')).toBe('/%252e//evil.example');
    for (const value of ['/%252e//evil.example', '/a/c', '/account']) {
      expect(new URL(safeReturnPath(value)!, 'https://hub.example').origin).toBe('https://hub.example');
    }
  });

  it('refuses what is no path at all, and excluded prefixes on the normalised value', () => {
    for (const value of [undefined, null, 42, '', 'account', ' /account', `/${'a'.repeat(2000)}`]) {
      expect(safeReturnPath(value)).toBeNull();
    }
    const excluding = ['/auth/sso', '/api/'];
    expect(safeReturnPath('/auth/sso/acme', { excluding })).toBeNull();
    expect(safeReturnPath('/x/../auth/sso/acme', { excluding })).toBeNull();
    expect(safeReturnPath('/%2e/api/me', { excluding })).toBeNull();
    expect(safeReturnPath('/auth?linked=acme', { excluding })).toBe('/auth?linked=acme');
  });
});
