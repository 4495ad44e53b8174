/**
 * Fails `npm run check` when a migration newer than the previous release (.ci/previous-release)
 * would break that release running beside it (scripts/migration-rules.ts).
 * Options: --folder DIR (default drizzle), --previous COMMIT (default .ci/previous-release).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkMigrations, readMigrations, readReleaseSchema } from './migration-rules';

const root = path.resolve(import.meta.dirname, '..');
const option = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const previousCommit = option('--previous') ?? readFileSync(path.join(root, '.ci', 'previous-release'), 'utf8').trim();
const folder = path.resolve(option('--folder') ?? path.join(root, 'drizzle'));

const previous = readReleaseSchema(root, previousCommit);
const migrations = readMigrations(folder);
const violations = checkMigrations(migrations, previous);
if (violations.length) {
  console.error(`Migrations that break expand/contract against the previous release (${previousCommit}):`);
  for (const v of violations) console.error(`  ${v}`);
  console.error('See docs/development.md, "Migrations".');
  process.exit(1);
}
const fresh = migrations.filter((m) => !previous.whens.has(m.when)).length;
console.log(`Migrations follow expand/contract (${fresh} newer than the previous release ${previousCommit}).`);
