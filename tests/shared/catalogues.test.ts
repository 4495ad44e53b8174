import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/locales';
import { SERVER_CATALOGUES } from '../../src/server/i18n/translate';

const dir = join(import.meta.dirname, '../../src/web/locales');
const read = (locale: string) =>
  JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const source = read('en');

/** The names of a message's arguments ({count}, {name}, <b>…</b>), wherever they are nested. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      into.add(e.value);
    if (e.type === TYPE.tag) {
      into.add(`<${e.value}>`);
      argumentsOf(e.children, into);
    }
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('the message catalogues', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'hub-extract-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('en.json is exactly what the code says (npm run i18n:extract leaves nothing stale or missing)', () => {
    const out = join(tmp, 'en.json');
    execFileSync(
      process.execPath,
      [
        join(import.meta.dirname, '../../node_modules/@formatjs/cli/bin/formatjs'),
        'extract',
        'src/web/**/*.{ts,tsx}',
        '--ignore',
        'src/web/**/*.d.ts',
        '--out-file',
        out,
        '--format',
        'simple',
      ],
      { cwd: join(import.meta.dirname, '../..'), stdio: 'pipe' },
    );
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(source);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every key of en, no other, each valid ICU with the same arguments`, () => {
      const catalogue = read(locale);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(source).sort());
      for (const [id, message] of Object.entries(catalogue)) {
        expect(message.trim(), id).not.toBe('');
        expect([...argumentsOf(parse(message))].sort(), id).toEqual([...argumentsOf(parse(source[id]!))].sort());
      }
    });
  }

  // The server's catalogues (mail, the hub's own pages, API errors): the type makes every key
  // present; here, each message parses and keeps the arguments of its English source.
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`the server's ${locale} messages are valid ICU with the arguments of en`, () => {
      const en = SERVER_CATALOGUES.en;
      expect(Object.keys(SERVER_CATALOGUES[locale]).sort()).toEqual(Object.keys(en).sort());
      for (const [id, message] of Object.entries(SERVER_CATALOGUES[locale])) {
        expect(message.trim(), id).not.toBe('');
        expect([...argumentsOf(parse(message))].sort(), id).toEqual(
          [...argumentsOf(parse(en[id as keyof typeof en]))].sort(),
        );
      }
    });
  }
});
