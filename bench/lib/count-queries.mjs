/**
 * Preloaded into a benchmarked server (`node --import ./bench/lib/count-queries.mjs`; plain
 * JavaScript, so a compiled server runs without a TypeScript loader): counts the statements its
 * PostgreSQL driver sends — each one is a round trip — without pg_stat_statements. On SIGUSR2 the
 * count is written to BENCH_QUERY_COUNT_FILE as `<count> <seq>`, where seq is the number of the
 * signal, so the reader knows it is fresh.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The server's own `pg` (it may run from another checkout, --baseline), not this file's.
const pg = createRequire(path.join(process.cwd(), 'package.json'))('pg');

let count = 0;
let seq = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  count += 1;
  return query.apply(this, args);
};

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    seq += 1;
    writeFileSync(file, `${count} ${seq}`);
  });
}
