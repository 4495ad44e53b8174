import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/server/cli/commands';

/**
 * The documentation keeps its promises: every relative link and `#anchor` in README.md,
 * ARCHITECTURE.md and docs/*.md resolves, and every shell command the docs show either names
 * something that exists (an npm script of package.json, a command of the operator CLI) or sits in
 * a block marked illustrative (```sh illustrative, see docs/development.md "Writing the docs").
 * A renamed script, a removed CLI command, a moved section or a deleted file fails `npm test`.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Doc {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

interface Fence {
  /** The info string after the opening fence, e.g. "sh illustrative". */
  info: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

interface Known {
  docs: Map<string, string>;
  exists(path: string): boolean;
  scripts: Set<string>;
  cliCommands: string[];
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console', 'zsh']);
/** npm's own commands the docs may show besides scripts: `.ci/run` runs both. */
const NPM_BUILTINS = new Set(['install', 'ci', 'test', 'start']);
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

function listDocs(): Doc[] {
  const paths = ['README.md', 'ARCHITECTURE.md'];
  for (const name of readdirSync(join(root, 'docs')).sort()) {
    if (name.endsWith('.md')) paths.push(`docs/${name}`);
  }
  return paths.map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** The fenced blocks of a Markdown text, and its other lines (fences blanked, so line numbers hold). */
function splitFences(text: string): { fences: Fence[]; prose: string[] } {
  const fences: Fence[] = [];
  const prose: string[] = [];
  let open: { marker: string; fence: Fence; lines: string[] } | undefined;
  text.split('\n').forEach((line, i) => {
    const m = FENCE.exec(line);
    if (open) {
      prose.push('');
      if (m && m[1].startsWith(open.marker) && m[2].trim() === '') {
        open.fence.body = open.lines.join('\n');
        fences.push(open.fence);
        open = undefined;
      } else {
        open.lines.push(line);
      }
    } else if (m) {
      prose.push('');
      open = { marker: m[1], fence: { info: m[2].trim(), body: '', line: i + 1 }, lines: [] };
    } else {
      prose.push(line);
    }
  });
  if (open) throw new Error(`unclosed fence at line ${open.fence.line}`);
  return { fences, prose };
}

/** The text a heading renders to: inline code, emphasis and link targets removed. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*)/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces → '-'. */
function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document offers: its headings' slugs (repeats get -1, -2 …) and explicit ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of splitFences(text).prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const base = slugify(headingText(heading[1]));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const id of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

/** Relative link targets in the prose: Markdown links and images, and HTML src/href. */
function linksOf(prose: string[]): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  prose.forEach((raw, i) => {
    const line = raw.replace(/`[^`]*`/g, '');
    const found = [
      ...[...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...line.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
    ];
    for (const target of found) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      links.push({ target, line: i + 1 });
    }
  });
  return links;
}

function checkLinks(doc: Doc, known: Known): string[] {
  const problems: string[] = [];
  for (const { target, line } of linksOf(splitFences(doc.text).prose)) {
    const hash = target.indexOf('#');
    const pathPart = hash < 0 ? target : target.slice(0, hash);
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const file =
      pathPart === '' ? doc.path : relative(root, resolve(root, dirname(doc.path), decodeURIComponent(pathPart)));
    const where = `${doc.path}:${line} → ${target}`;
    if (!known.exists(file)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    const text = known.docs.get(file.split('\\').join('/'));
    if (text === undefined) problems.push(`${where}: an anchor into a file that is not a checked Markdown document`);
    else if (!anchorsOf(text).has(anchor)) problems.push(`${where}: no heading with that anchor`);
  }
  return problems;
}

/** The commands of a shell block: comments dropped, continuations joined, `&&`/`;` split. */
function commandsOf(body: string): string[] {
  const joined = body.replace(/\\\n/g, ' ');
  const commands: string[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw
      .replace(/^\s*\$\s+/, '')
      .replace(/(^|\s)#.*$/, '')
      .trim();
    if (!line) continue;
    for (const part of line.split(/&&|;|\|\|/)) {
      // Leading VAR=value assignments configure the command; the command is what follows.
      const command = part.trim().replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, '');
      if (command) commands.push(command);
    }
  }
  return commands;
}

/** Why `command` does not name something that exists, or undefined when it does. */
function checkCommand(command: string, known: Known): string | undefined {
  const words = command.split(/\s+/);
  if (words[0] !== 'npm') return `"${words[0]}" is not an npm command: mark the block illustrative`;
  const verb = words[1];
  if (verb === 'run' || verb === 'run-script') return checkScript(words.slice(2), known);
  if (verb !== undefined && NPM_BUILTINS.has(verb)) {
    if ((verb === 'test' || verb === 'start') && !known.scripts.has(verb))
      return `package.json has no "${verb}" script`;
    return undefined;
  }
  return `"npm ${verb ?? ''}" is neither a script nor npm install/ci/test/start: mark the block illustrative`;
}

function checkScript(words: string[], known: Known): string | undefined {
  const script = words[0];
  if (!script) return 'npm run without a script';
  if (!known.scripts.has(script)) return `package.json has no "${script}" script`;
  if (script !== 'hub') return undefined;
  // `npm run hub -- <group> <command> …`: the words before the first option must name a CLI command.
  const rest = words.slice(1);
  if (rest[0] !== '--') return undefined; // `npm run hub` alone prints the usage
  const named = rest.slice(1);
  if (named.length === 0 || !/^[a-z]/.test(named[0])) return undefined; // `npm run hub -- …`
  const match = known.cliCommands.some((c) => c.split(' ').every((w, i) => named[i] === w));
  return match ? undefined : `"npm run hub -- ${named.slice(0, 2).join(' ')}" is not a CLI command (src/server/cli/)`;
}

function checkFences(doc: Doc, known: Known): string[] {
  const problems: string[] = [];
  for (const fence of splitFences(doc.text).fences) {
    const [language, ...flags] = fence.info.split(/\s+/).filter(Boolean);
    const where = `${doc.path}:${fence.line}`;
    if (!language) {
      problems.push(`${where}: a fence without a language (sh, nginx, text …): a command could hide in it`);
      continue;
    }
    if (!SHELL_LANGUAGES.has(language) || flags.includes('illustrative')) continue;
    for (const command of commandsOf(fence.body)) {
      const why = checkCommand(command, known);
      if (why) problems.push(`${where}: ${command}: ${why}`);
    }
  }
  return problems;
}

/** `npm run …` in inline code names a real script (and CLI command) too: prose goes stale as well. */
function checkInlineCommands(doc: Doc, known: Known): string[] {
  const problems: string[] = [];
  splitFences(doc.text).prose.forEach((line, i) => {
    for (const code of line.matchAll(/`(npm run [^`]+)`/g)) {
      const words = code[1].split(/\s+/).slice(2);
      if (!/^[a-z]/.test(words[0] ?? '')) continue; // a placeholder: `npm run <script>`, `npm run …`
      const why = checkScript(words, known);
      if (why) problems.push(`${doc.path}:${i + 1}: ${code[1]}: ${why}`);
    }
  });
  return problems;
}

/** The variables `src/server/config.ts` reads: the keys of its environment schema. */
function readConfigVariables(): string[] {
  const source = readFileSync(join(root, 'src/server/config.ts'), 'utf8');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('src/server/config.ts: envSchema not found');
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

/** The variables named in the first column of the first table under `heading`. */
function tableVariables(text: string, heading: string): string[] {
  const lines = text.split('\n');
  let i = lines.indexOf(heading);
  if (i < 0) throw new Error(`no "${heading}"`);
  while (i < lines.length && !lines[i].startsWith('|')) i++;
  const names: string[] = [];
  for (; i < lines.length && lines[i].startsWith('|'); i++) {
    const first = lines[i].split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]);
  }
  return names;
}

function realKnown(docs: Doc[]): Known {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return {
    docs: new Map(docs.map((d) => [d.path, d.text])),
    exists: (path) => !path.startsWith('..') && existsSync(join(root, path)),
    scripts: new Set(Object.keys(pkg.scripts)),
    cliCommands: COMMANDS.map((c) => c.name),
  };
}

describe('the docs', () => {
  const docs = listDocs();
  const known = realKnown(docs);

  it('finds the documents by reader', () => {
    expect(docs.map((d) => d.path)).toEqual(
      expect.arrayContaining([
        'README.md',
        'ARCHITECTURE.md',
        'docs/operating.md',
        'docs/integrating.md',
        'docs/security.md',
        'docs/performance.md',
        'docs/development.md',
      ]),
    );
  });

  it('every relative link and #anchor resolves', () => {
    expect(docs.flatMap((d) => checkLinks(d, known))).toEqual([]);
  });

  it('every shell block is runnable as written (scripts and CLI commands exist) or marked illustrative', () => {
    expect(docs.flatMap((d) => checkFences(d, known))).toEqual([]);
  });

  it('every `npm run …` in the prose names a script and CLI command that exist', () => {
    expect(docs.flatMap((d) => checkInlineCommands(d, known))).toEqual([]);
  });

  it('the configuration table lists exactly the variables src/server/config.ts reads', () => {
    const variables = readConfigVariables();
    expect(variables.length).toBeGreaterThan(20);
    const full = tableVariables(known.docs.get('docs/operating.md') ?? '', '## Configuration');
    expect([...full].sort()).toEqual([...variables].sort());
    // The README's short table names only real variables.
    const glance = tableVariables(known.docs.get('README.md') ?? '', '## Configuration at a glance');
    expect(glance.length).toBeGreaterThan(0);
    expect(glance.filter((v) => !variables.includes(v))).toEqual([]);
  });

  it('the README stays a front page: what the hub is, the two commands, configuration at a glance, links', () => {
    const readme = known.docs.get('README.md') ?? '';
    expect(readme.split('\n').length).toBeLessThanOrEqual(100);
    const sections = readme.split('\n').filter((l) => /^#{1,3} /.test(l));
    // Room for a note, not for the manual: the rest lives in docs/, by reader.
    expect(sections.length).toBeLessThanOrEqual(6);
    expect(sections).toEqual(
      expect.arrayContaining([
        '# Ecosystem Hub',
        '## The two commands',
        '## Configuration at a glance',
        '## Documentation',
      ]),
    );
  });

  it('the README shows the two commands, as they are', () => {
    const readme = known.docs.get('README.md') ?? '';
    const shell = splitFences(readme).fences.filter((f) => SHELL_LANGUAGES.has(f.info.split(/\s+/)[0] ?? ''));
    const commands = shell.flatMap((f) => commandsOf(f.body));
    expect(commands.slice(0, 3)).toEqual(['npm install', 'npm start', 'npm test']);
  });
});

describe('the docs checker itself', () => {
  const fake: Known = {
    docs: new Map([
      ['docs/a.md', '# A\n\n## Running N nodes\n\n## Two: `x`, y (z)\n\n## Two: `x`, y (z)\n'],
      ['README.md', ''],
    ]),
    exists: (path) => ['docs/a.md', 'README.md', 'docs/images/x.png'].includes(path),
    scripts: new Set(['start', 'test', 'hub', 'bench:oauth']),
    cliCommands: ['keys rotate', 'audit verify'],
  };
  const readme = (text: string): Doc => ({ path: 'README.md', text });

  it('computes GitHub anchors, repeats included', () => {
    expect([...anchorsOf(fake.docs.get('docs/a.md') ?? '')]).toEqual([
      'a',
      'running-n-nodes',
      'two-x-y-z',
      'two-x-y-z-1',
    ]);
    expect(slugify(headingText('The unit of work — `db/writes.ts`, `audit/unit-of-work.ts`'))).toBe(
      'the-unit-of-work--dbwritests-auditunit-of-workts',
    );
  });

  it('refuses a missing file, a missing anchor and an anchor into a non-document', () => {
    const doc = readme(
      '[ok](docs/a.md#running-n-nodes) [ok2](docs/a.md#two-x-y-z-1) ![img](docs/images/x.png)\n' +
        '[gone](docs/b.md) [bad](docs/a.md#scale-out) <img src="docs/images/y.png">\n' +
        '[png](docs/images/x.png#top) [web](https://example.com/#x) `[code](nowhere.md)`\n',
    );
    expect(checkLinks(doc, fake)).toEqual([
      'README.md:2 → docs/b.md: no such file',
      'README.md:2 → docs/a.md#scale-out: no heading with that anchor',
      'README.md:2 → docs/images/y.png: no such file',
      'README.md:3 → docs/images/x.png#top: an anchor into a file that is not a checked Markdown document',
    ]);
  });

  it('refuses unknown scripts, unknown CLI commands, other programs and unlabelled fences', () => {
    const doc = readme(
      [
        '```sh',
        'npm install && npm start   # comment',
        'PORT=1 npm run bench:oauth -- --reps=3',
        'npm run hub -- keys rotate --alg RS256',
        'npm run hub -- keys rotten',
        'npm run bench:nothing',
        'pg_dump -Fc hub > hub.dump',
        '```',
        '```sh illustrative',
        'pg_dump -Fc hub > hub.dump',
        '```',
        '```',
        'npm run whatever',
        '```',
        '```nginx',
        'server {}',
        '```',
      ].join('\n'),
    );
    expect(checkFences(doc, fake)).toEqual([
      'README.md:1: npm run hub -- keys rotten: "npm run hub -- keys rotten" is not a CLI command (src/server/cli/)',
      'README.md:1: npm run bench:nothing: package.json has no "bench:nothing" script',
      'README.md:1: pg_dump -Fc hub > hub.dump: "pg_dump" is not an npm command: mark the block illustrative',
      'README.md:12: a fence without a language (sh, nginx, text …): a command could hide in it',
    ]);
  });

  it('checks `npm run …` in inline code too', () => {
    const doc = readme(
      '`npm run hub -- audit verify --anchor x` `npm run hub -- …` `npm run <script>` `npm run hub -- audit wipe` `npm run gone`',
    );
    expect(checkInlineCommands(doc, fake)).toEqual([
      'README.md:1: npm run hub -- audit wipe: "npm run hub -- audit wipe" is not a CLI command (src/server/cli/)',
      'README.md:1: npm run gone: package.json has no "gone" script',
    ]);
  });
});
