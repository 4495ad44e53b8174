/**
 * Spellings of "somewhere else" a `return_to` or `next` may arrive as (issue 38, finding 1),
 * shared by the rule's unit test (tests/shared), the end-to-end sign-in tests
 * (tests/server/federation/return-path.test.ts) and the web's (tests/web/auth). Each is the value
 * after the one decoding the query string gets.
 */
export const FOREIGN_SPELLINGS: readonly string[] = [
  // Another host outright.
  '//evil.example',
  '///evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  // Dot segments the parser resolves into `//host`.
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '/././/evil.example',
  '/a/b/../..//evil.example',
  // Backslashes, which browsers read as slashes.
  '/\\evil.example',
  '\\\\evil.example',
  '/.\\/evil.example',
  '/a/..\\/evil.example',
  // Escaped slashes and backslashes in the path.
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5C/evil.example',
  '/%5c%5cevil.example',
  '/.%2F/evil.example',
  // Tabs, newlines and other control characters, which the parser drops.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/.\t//evil.example',
  '/\u0000/evil.example',
  '/\u0085/evil.example',
];

/** Paths of the hub that must come back as they are (a pending authorization request keeps its escaped query). */
export const OWN_PATHS: readonly string[] = [
  '/oauth/authorize?client_id=hub_x&response_type=code&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&state=s1',
  '/account/security',
  '/account?tab=security&linked=acme',
  '/fulfils#section',
];
