import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(__dirname, '../../../src/server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The arguments of every `createHmac(` call in a source text, up to the closing parenthesis
 * (nested calls such as `macKey(masterKey, …)` included), across line breaks.
 */
function hmacCalls(source: string): string[] {
  const calls: string[] = [];
  for (let at = source.indexOf('createHmac('); at >= 0; at = source.indexOf('createHmac(', at + 1)) {
    let depth = 0;
    let end = at + 'createHmac'.length;
    for (; end < source.length; end += 1) {
      if (source[end] === '(') depth += 1;
      if (source[end] === ')' && --depth === 0) break;
    }
    calls.push(source.slice(at, end + 1));
  }
  return calls;
}

/** A call keyed with the master key itself: the key argument names it (not a key derived from it). */
const keyedWithMasterKey = (call: string) => /^createHmac\(\s*['"`][\w-]+['"`]\s*,\s*[^,()]*masterKey/.test(call);

/**
 * Issue 38: every MAC the hub makes under its master key goes through crypto/keyed-mac.ts, which
 * keys each use with its own HKDF subkey (`keyedMac`, `isKeyedMac`). A raw HMAC under the master
 * key (what DPoP nonces, consent and re-authentication marks, hand-offs and sign-out forms were
 * made with) lets a MAC made for one use stand for another; this scan fails when one comes back.
 */
describe('no HMAC under the raw master key in src/server', () => {
  it('recognises the raw form, on one line or several, and lets derived keys pass', () => {
    expect(keyedWithMasterKey(hmacCalls("createHmac('sha256', hub.config.masterKey!).update(x)")[0])).toBe(true);
    expect(keyedWithMasterKey(hmacCalls("createHmac(\n  'sha256',\n  masterKey,\n)")[0])).toBe(true);
    expect(keyedWithMasterKey(hmacCalls("createHmac('sha256', macKey(masterKey, 'x/v1'))")[0])).toBe(false);
    expect(keyedWithMasterKey(hmacCalls("createHmac('sha256', key).update(masterKey)")[0])).toBe(false);
  });

  it('finds none', () => {
    const files = sourceFiles(SERVER);
    const calls = files.flatMap((file) =>
      hmacCalls(readFileSync(file, 'utf8')).map((call) => ({ file: relative(SERVER, file), call })),
    );
    // The scan reads what it should: the keyed-MAC helper's own HMAC is among the calls it saw.
    expect(calls.map((c) => c.file)).toContain(join('crypto', 'keyed-mac.ts'));
    expect(calls.filter((c) => keyedWithMasterKey(c.call))).toEqual([]);
  });

  it('finds no file that makes its own HMAC and reads the master key from the configuration (an alias of it)', () => {
    const both = sourceFiles(SERVER).filter((file) => {
      const source = readFileSync(file, 'utf8');
      return hmacCalls(source).length > 0 && /config\.masterKey/.test(source);
    });
    expect(both.map((file) => relative(SERVER, file))).toEqual([]);
  });
});
