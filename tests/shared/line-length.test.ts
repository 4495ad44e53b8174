import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source line is longer than 140 characters. Prettier (printWidth 120) wraps code but cannot
 * wrap strings, template literals or comments, so without this check they grow back one at a
 * time. The files are the tracked ones (`git ls-files`), so generated output and node_modules never
 * count and a new file counts from its first commit.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINE_LENGTH = 140;
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** Files allowed to keep long lines, each for a stated reason (path relative to the root). */
const EXEMPT = new Map<string, string>([
  ['tests/server/ops/round-trips.test.ts', 'issue 26 requires this file unchanged this round'],
]);

/**
 * A message a person reads stays one string (issue 39): translators and the extraction tool work
 * on whole messages, so a `defaultMessage` and the server's message catalogues are not wrapped.
 */
const MESSAGE_CATALOGUE = /^src\/server\/i18n\/catalogues\//;
const isMessageLine = (line: string, previous: string | undefined) =>
  /^\s*defaultMessage[=:]/.test(line) ||
  (/^\s*(['"`]).*\1,?$/.test(line) && /defaultMessage:\s*$/.test(previous ?? ''));

function listSourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((path) => SOURCE_FILE.test(path));
}

/** `file:line (length)` for every line over the limit in the given files. */
function findLongLines(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    const lines = readFileSync(join(root, path), 'utf8').split('\n');
    if (MESSAGE_CATALOGUE.test(path)) continue;
    lines.forEach((line, i) => {
      const length = line.replace(/\r$/, '').length;
      if (length > MAX_LINE_LENGTH && !isMessageLine(line, lines[i - 1]))
        found.push(`${path}:${i + 1} (${length} characters)`);
    });
  }
  return found;
}

describe('source line length', () => {
  const files = listSourceFiles();

  it('lists the tracked source files, including every exempt one', () => {
    expect(files.length).toBeGreaterThan(100);
    // An exemption for a file that is gone or renamed would silently exempt nothing: drop it instead.
    for (const path of EXEMPT.keys()) expect(files, `exempt file ${path} is not tracked`).toContain(path);
  });

  it(`keeps every line within ${MAX_LINE_LENGTH} characters`, () => {
    const long = findLongLines(files.filter((path) => !EXEMPT.has(path)));
    expect(long, `wrap these lines (strings: split with +, comments: re-wrap the prose)`).toEqual([]);
  });
});
