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
});
