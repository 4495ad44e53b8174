import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findOutboundCalls, outboundCallsIn } from '../../../scripts/outbound-calls';

/**
 * One door out (issue 38): only src/server/net/ calls out, so the address policy, the pinned
 * lookup and the limits cannot be skipped by a new caller. `npm run check` runs the same scan.
 */
describe('outbound calls', () => {
  it.each([
    ["const res = await fetch(url, { method: 'POST' });", 'global fetch'],
    ['await globalThis.fetch(url)', 'global fetch'],
    ['http.request(url, options)', 'http(s).request'],
    ['https.get(url)', 'http(s).request'],
    ['net.connect({ host, port })', 'a socket'],
    ['tls.connect({ host, port })', 'a socket'],
    ["import https from 'node:https';", 'an https/tls import'],
    ["import { connect } from 'node:tls';", 'an https/tls import'],
    ["import type { TLSSocket } from 'node:tls';", null],
    ["import { request } from 'node:http';", 'a named request/connect import'],
    ["import { createConnection } from 'net';", 'a named request/connect import'],
    ["import { fetch } from 'undici';", 'an HTTP client library'],
    ['// a comment may say fetch(url)', null],
    ['const config = { [oidc.customFetch]: outboundFetch(policy, limits) };', null],
    ['cache.fetch(key)', null],
  ])('finds %s', (line, what) => {
    const found = outboundCallsIn('f.ts', line);
    if (what === null) expect(found).toEqual([]);
    else expect(found[0]).toBe(`f.ts:1: ${what}`);
  });

  it('finds a request through node:http under another name', () => {
    const source = "import http from 'node:http';\nconst client = http;\nclient.request(url);";
    expect(outboundCallsIn('f.ts', source)).toEqual(['f.ts:3: a request through node:http']);
  });

  it('finds none in src/server outside net/', () => {
    expect(findOutboundCalls(path.resolve(import.meta.dirname, '../../..'))).toEqual([]);
  });
});
