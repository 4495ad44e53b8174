import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../src/server/audit/export';

describe('audit CSV cells', () => {
  it('quotes separators, quotes and newlines (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ b: 1 })).toBe('"{""b"":1}"');
  });

  it('neutralises spreadsheet formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const lead of ['+', '-', '@']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises every spelling of a formula start, also behind whitespace and invisible characters', () => {
    const starts = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫', '\u2212'];
    const leads = ['', ' ', '  ', '\u00a0', '\u3000', '\u200b', '\ufeff', '\u0001', '\n', ' \u200b '];
    for (const start of starts) {
      for (const lead of leads) {
        const text = `${lead}${start}cmd|' /C calc'!A0`;
        const cell = csvCell(text);
        // Unquoted or quoted, the cell's content begins with the neutralising apostrophe.
        expect(cell.replace(/^"/, ''), JSON.stringify(text)).toMatch(/^'/);
      }
    }
    // Tab and carriage return at the start, as before; ordinary text and numbers untouched.
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    for (const safe of ['sign_in_failure', '10.0.0.1', 'a=b', ' plain', '１２３', ''])
      expect(csvCell(safe)).toBe(/[",\r\n]/.test(safe) ? `"${safe}"` : safe);
  });
});
