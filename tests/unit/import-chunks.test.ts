import { describe, expect, it } from 'vitest';
import { ImportFileError, rowChunks } from '../../lambdas/imports/chunks';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from '../bench/import-sample';

/** A file as S3 would stream it: in pieces that cut lines (and quoted fields) anywhere. */
async function* pieces(text: string, size = 997) {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const fileOf = (count: number, delimiter: ',' | ';') => {
  const { rows } = sampleRows(count, 3, 5);
  return { rows, text: [csvLine(SAMPLE_COLUMNS, delimiter), ...rows.map((row) => csvLine(SAMPLE_COLUMNS.map((column) => row[column]), delimiter))].join('\n') + '\n' };
};

async function collect(text: string, size?: number) {
  const chunks = [];
  for await (const chunk of rowChunks(pieces(text, size))) chunks.push(chunk);
  return chunks;
}

describe('rowChunks', () => {
  it.each([',', ';'] as const)('reads a %s file into chunks of 100, every field as written', async (delimiter) => {
    const { rows, text } = fileOf(1234, delimiter);
    const chunks = await collect(text);
    expect(chunks.map((chunk) => chunk.rows.length)).toEqual([...Array(12).fill(100), 34]);
    expect(chunks.map((chunk) => chunk.index)).toEqual([...Array(13).keys()]);
    expect(chunks.flatMap((chunk) => chunk.rows)).toEqual(rows);
  });

  it('keeps quotes doubled inside quoted fields, line breaks and delimiters in them', async () => {
    const text = 'record_id;titulo;conteudo;Author\n1;"Ele disse ""sim""; e foi";"<p>Linha um</p>\n<p>Linha; dois</p>";Ana\n';
    const [chunk] = await collect(text, 7);
    expect(chunk!.rows).toEqual([{ record_id: '1', titulo: 'Ele disse "sim"; e foi', conteudo: '<p>Linha um</p>\n<p>Linha; dois</p>', Author: 'Ana' }]);
  });

  it('leaves unknown columns out and reads a BOM and CRLF lines', async () => {
    const text = '\uFEFFrecord_id,titulo,conteudo,Author,post_type\r\n7,Título,Texto,Ana,post\r\n';
    const [chunk] = await collect(text);
    expect(chunk!.rows).toEqual([{ record_id: '7', titulo: 'Título', conteudo: 'Texto', Author: 'Ana' }]);
  });

  it.each([
    ['required columns missing', 'record_id,titulo,Tags\n1,Oi,a\n', 'Campos obrigatórios ausentes'],
    ['a header and no row', 'record_id,titulo,conteudo,Author\n', 'Arquivo inválido'],
    ['an empty file', '', 'Arquivo inválido'],
    ['a quote never closed', 'record_id,titulo,conteudo,Author\n1,"Oi,texto,Ana\n', 'Arquivo inválido'],
  ])('refuses %s with the spec’s message', async (_, text, message) => {
    const error = await collect(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe(message);
  });
});
