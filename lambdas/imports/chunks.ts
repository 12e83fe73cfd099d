// The file, streamed (from S3 on AWS) through csv-parse into chunks of rows the batch workers take:
// never the whole file in memory, whatever its size. The spec's checks come first: the delimiter is
// ';' when the first line has one, else ','; the header must name the required columns; a file with
// no data row is invalid.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { delimiterOf, IMPORT_COLUMNS, IMPORT_MESSAGES, missingColumns, type ImportRow } from './mapping';

/** The spec's batch: 100 rows. */
export const CHUNK_ROWS = 100;

export class ImportFileError extends Error {}

/** The first line of a stream, and the stream again with nothing consumed. */
async function peekFirstLine(source: AsyncIterable<Buffer | string>): Promise<{ firstLine: string; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let firstLine: string | undefined;
  while (firstLine === undefined) {
    const next = await iterator.next();
    if (next.done) {
      firstLine = Buffer.concat(head).toString('utf8');
      break;
    }
    head.push(Buffer.from(next.value));
    const text = Buffer.concat(head).toString('utf8');
    const end = text.search(/\r?\n/);
    if (end >= 0) firstLine = text.slice(0, end);
  }
  async function* replay() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return {
    firstLine: firstLine.replace(/^\uFEFF/, ''),
    stream: Readable.from(replay()),
  };
}

/**
 * The file's rows in chunks of CHUNK_ROWS (the last may be shorter), each with its index: what a
 * chunk object in S3 will hold. Throws ImportFileError with the spec's message for a file that is
 * not one (required columns missing, no data row, quotes never closed).
 */
export async function* rowChunks(
  source: AsyncIterable<Buffer | string>,
  size = CHUNK_ROWS,
  onHeader?: (header: { delimiter: ';' | ','; columns: string[] }) => void,
): AsyncGenerator<{ index: number; rows: ImportRow[] }> {
  const { firstLine, stream } = await peekFirstLine(source);
  const delimiter = delimiterOf(firstLine);
  const parser = stream.pipe(
    parse({
      delimiter,
      bom: true,
      skip_empty_lines: true,
      // A row with too few or too many fields is still a row: its mapping says what is wrong with it.
      relax_column_count: true,
      columns: (header: string[]) => {
        const names = header.map((name) => name.trim());
        if (missingColumns(names).length) throw new ImportFileError(IMPORT_MESSAGES.missingColumns);
        onHeader?.({ delimiter, columns: names });
        // Unknown columns are kept out of the rows.
        return names.map((name) => ((IMPORT_COLUMNS as readonly string[]).includes(name) ? name : false));
      },
    }),
  );
  let index = 0;
  let rows: ImportRow[] = [];
  try {
    for await (const row of parser as AsyncIterable<ImportRow>) {
      rows.push(row);
      if (rows.length === size) {
        yield { index: index++, rows };
        rows = [];
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    // csv-parse's own errors (an unclosed quote, say): the file cannot be read as CSV.
    throw new ImportFileError(IMPORT_MESSAGES.invalidFile, { cause: error });
  }
  if (rows.length) yield { index: index++, rows };
  if (index === 0) throw new ImportFileError(IMPORT_MESSAGES.invalidFile);
}

export interface FileSummary {
  delimiter: ';' | ',';
  columns: string[];
  total: number;
  /** The first `previewRows` rows, each value cut to 300 characters. */
  preview: ImportRow[];
}

const PREVIEW_CHARS = 300;

/** Reads the whole file once (a stream: flat memory) for the preview step: its rows counted, the first shown. */
export async function summarizeFile(source: AsyncIterable<Buffer | string>, previewRows: number): Promise<FileSummary> {
  let header = { delimiter: ',' as ';' | ',', columns: [] as string[] };
  let total = 0;
  const preview: ImportRow[] = [];
  for await (const { rows } of rowChunks(source, CHUNK_ROWS, (found) => (header = found))) {
    for (const row of rows.slice(0, Math.max(previewRows - preview.length, 0))) {
      preview.push(Object.fromEntries(Object.entries(row).map(([column, value]) => [column, String(value ?? '').slice(0, PREVIEW_CHARS)])));
    }
    total += rows.length;
  }
  return { ...header, total, preview };
}
