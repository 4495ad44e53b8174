import { describe, expect, it } from 'vitest';
import { destinationAfterAuth, destinationAfterLink } from '@/features/auth/auth.utils';
import { authorizeReturnTo } from '@/features/account/org-mfa-notice';
import { FOREIGN_SPELLINGS, OWN_PATHS } from '../../shared/return-path-spellings';

/**
 * Issue 38, finding 1, in the browser: the /auth screen's `next` / `return_to`, the link screen's
 * `return_to` (link-identity.tsx follows it with a full navigation) and the organization MFA
 * notice's way back run the one return-path rule the server runs (src/shared/return-path.ts).
 */
const cases = FOREIGN_SPELLINGS.map((s) => [JSON.stringify(s), s]);

describe('the web follows only the hub\u2019s own paths', () => {
  it.each(cases)('/auth sends %s home', (_, spelling) => {
    expect(destinationAfterAuth(new URLSearchParams({ next: spelling }))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams({ return_to: spelling }), true)).toBe('/admin');
  });

  it.each(cases)('the link screen sends %s to the account', (_, spelling) => {
    expect(destinationAfterLink(spelling)).toBe('/account');
  });

  it.each(cases)('the MFA notice offers no way back to %s', (_, spelling) => {
    expect(authorizeReturnTo(spelling)).toBeNull();
  });

  it('keeps the hub\u2019s own paths, normalised', () => {
    for (const path of OWN_PATHS) {
      expect(destinationAfterLink(path)).toBe(path);
      expect(destinationAfterAuth(new URLSearchParams({ next: path }))).toBe(path);
    }
    expect(destinationAfterAuth(new URLSearchParams({ next: '/x/../auth?y=1' }))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams({ next: '/x/../admin' }))).toBe('/account');
    expect(destinationAfterAuth(new URLSearchParams({ next: '/x/../admin' }), true)).toBe('/admin');
    expect(authorizeReturnTo('/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example%2Fcb')).toBe(
      '/oauth/authorize?client_id=a&redirect_uri=https%3A%2F%2Fapp.example%2Fcb',
    );
    expect(authorizeReturnTo('/oauth/authorize/../..//evil.example?x')).toBeNull();
  });
});
