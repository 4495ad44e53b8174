import { describe, expect, it } from 'vitest';
import { isHttpsOrLoopback, isLoopbackHost } from '../../src/shared/loopback';

const host = (url: string) => new URL(url).hostname;

describe('isLoopbackHost (on the WHATWG-normalised hostname)', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://127.255.255.254/',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
  ])('%s is this machine', (url) => expect(isLoopbackHost(host(url))).toBe(true));

  it.each([
    'http://localhost.evil.example/',
    'http://evil-localhost/',
    'http://128.0.0.1/',
    'http://10.0.0.1/',
    'http://[::2]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[fe80::1]/',
    'http://0.0.0.0/',
    'http://example.com/',
  ])('%s is not', (url) => expect(isLoopbackHost(host(url))).toBe(false));
});

describe('isHttpsOrLoopback', () => {
  it('accepts https anywhere and http only to this machine', () => {
    expect(isHttpsOrLoopback(new URL('https://idp.example/'))).toBe(true);
    expect(isHttpsOrLoopback(new URL('http://127.0.0.1:8080/'))).toBe(true);
    expect(isHttpsOrLoopback(new URL('http://idp.example/'))).toBe(false);
    expect(isHttpsOrLoopback(new URL('ftp://127.0.0.1/'))).toBe(false);
  });
});
