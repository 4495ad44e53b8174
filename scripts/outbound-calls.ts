import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where server code calls out without the outbound policy (src/server/net/, issue 38): a global
 * `fetch(`, `http(s).request/get(`, `net`/`tls` `.connect(`/`.createConnection(`, a named import of
 * those functions, any import of node:https or node:tls, or an HTTP client library. Only
 * src/server/net/ may. Read by `npm run check` (scripts/check-outbound.ts) and a test.
 */
const RULES: [RegExp, string][] = [
  [/(?<![\w.$])fetch\s*\(|\b(globalThis|window|self)\.fetch\b/, 'global fetch'],
  [/\bhttps?\.(request|get)\s*\(/, 'http(s).request'],
  [/\b(net|tls)\.(connect|createConnection)\s*\(/, 'a socket'],
  // A type-only import (a TLSSocket in a signature) calls nothing.
  [/^(?!\s*import\s+type\b).*from\s+['"](node:)?(https|tls)['"]/, 'an https/tls import'],
  [
    /import\s*\{[^}]*\b(request|get|connect|createConnection)\b[^}]*\}\s*from\s+['"](node:)?(http|net)['"]/,
    'a named request/connect import',
  ],
  [/from\s+['"](undici|node-fetch|axios|got|ky|superagent)['"]/, 'an HTTP client library'],
];

/** Comments say what code does; they are not calls. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [full] : [];
  });
}

/** `file:line: what` for each outbound call in one file's source. */
export function outboundCallsIn(name: string, source: string): string[] {
  const found: string[] = [];
  const code = withoutComments(source);
  // node:http's module object is fine for a server; a request through it (under any name) is not.
  const importsHttp = /from\s+['"](node:)?http['"]/.test(code);
  code.split('\n').forEach((line, i) => {
    for (const [rule, what] of RULES) if (rule.test(line)) found.push(`${name}:${i + 1}: ${what}`);
    if (importsHttp && /\.request\s*\(/.test(line)) found.push(`${name}:${i + 1}: a request through node:http`);
  });
  return found;
}

/** `file:line: what` for every outbound call outside src/server/net/. */
export function findOutboundCalls(root: string): string[] {
  const server = path.join(root, 'src', 'server');
  const allowed = path.join(server, 'net') + path.sep;
  const found: string[] = [];
  for (const file of filesUnder(server)) {
    if (file.startsWith(allowed)) continue;
    found.push(...outboundCallsIn(path.relative(root, file), readFileSync(file, 'utf8')));
  }
  return found;
}
