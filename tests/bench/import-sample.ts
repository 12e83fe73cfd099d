// A realistic WordPress-export CSV for the importer (issue 17): `npm run import:sample -- --rows 50000
// [--delimiter ';'] [--broken 3] [--seed 7] [--out sample.csv]`. Rows carry the spec's columns
// (record_id, titulo, conteudo, Author, Categorias, Tags, Date, URL Slug, Featured Image, Excerpt),
// pt-BR text from the demo articles recombined into ~1.5 KB of WordPress HTML (shortcodes, <p>-less
// paragraphs, quotes doubled inside quoted fields), and a few percent of broken rows of every kind the
// importer must log instead of store. The same seed gives the same file, byte for byte.
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_ARTICLES } from '../../infra/local/demo-articles';
// mulberry32, the demo covers' seeded generator: a sample can be regenerated exactly.
import { random } from '../../infra/local/demo-covers';
import { ARTICLE_LIMITS } from '../../shared/article-rules';


export const SAMPLE_COLUMNS = ['record_id', 'titulo', 'conteudo', 'Author', 'Categorias', 'Tags', 'Date', 'URL Slug', 'Featured Image', 'Excerpt'] as const;
type Row = Record<(typeof SAMPLE_COLUMNS)[number], string>;


const paragraphsOf = (html: string) =>
  html
    .split(/<\/p>/)
    .map((part) => part.replace(/<[^>]+>/g, '').trim())
    .filter((text) => text.length > 40);

const PARAGRAPHS = DEMO_ARTICLES.flatMap((article) => paragraphsOf(article.content));
const TITLES = DEMO_ARTICLES.map((article) => article.title);
const SUMMARIES = DEMO_ARTICLES.map((article) => article.summary);
const TAGS = [...new Set(DEMO_ARTICLES.flatMap((article) => article.tags))];
const AUTHORS = ['Ana Beatriz Costa', 'Eduardo Nascimento', 'Marina Albuquerque', 'redacao@portal.local', 'Joana D’Arc Silva', 'Carlos "Cacá" Mendes', 'Luís Fernando Prado'];
const CATEGORIES = ['Cidades', 'Política', 'Economia', 'Cultura', 'Esportes', 'Educação', 'Saúde', 'Meio ambiente'];

/** The ways a row can break an article rule, each logged by the importer with the spec's message. */
export const BROKEN_KINDS = ['no-title', 'no-content', 'no-author', 'short-content', 'long-title', 'bad-date', 'bad-slug', 'too-many-tags'] as const;

export function sampleRows(count: number, brokenPercent: number, seed: number): { rows: Row[]; broken: Map<string, (typeof BROKEN_KINDS)[number]> } {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const broken = new Map<string, (typeof BROKEN_KINDS)[number]>();
  const rows: Row[] = [];
  const start = Date.parse('2014-01-01T00:00:00Z');
  const span = Date.parse('2026-10-31T00:00:00Z') - start;
  for (let index = 1; index <= count; index++) {
    const id = String(100_000 + index);
    const title = `${pick(TITLES)}${next() < 0.3 ? ` (${1 + Math.floor(next() * 9)}ª parte)` : ''}`;
    // WordPress bodies: some paragraphed with <p>, some plain text with blank lines, shortcodes here and there.
    const paragraphs = Array.from({ length: 3 + Math.floor(next() * 3) }, () => pick(PARAGRAPHS));
    const withShortcodes = next() < 0.25 ? [`[caption id="attachment_${id}" align="alignnone"]Foto: divulgação[/caption]`, ...paragraphs, '[gallery ids="12,13,14"]'] : paragraphs;
    const content = next() < 0.5 ? withShortcodes.map((text) => `<p>${text}</p>`).join('\n') : withShortcodes.join('\n\n');
    const date = new Date(start + Math.floor(next() * span)).toISOString().replace('T', ' ').slice(0, 19);
    const row: Row = {
      record_id: id,
      titulo: title,
      conteudo: content,
      Author: pick(AUTHORS),
      Categorias: Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(CATEGORIES)).join(', '),
      Tags: Array.from({ length: Math.floor(next() * 4) }, () => pick(TAGS)).join(', '),
      Date: date,
      // WordPress keeps post slugs unique (-2, -3…); news archives often carry the post id in it too.
      'URL Slug': next() < 0.9 ? `${title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${id}` : '',
      'Featured Image': next() < 0.7 ? `https://arquivo.exemplo.com.br/wp-content/uploads/${date.slice(0, 4)}/${date.slice(5, 7)}/foto-${id}.jpg` : '',
      Excerpt: next() < 0.6 ? pick(SUMMARIES) : '',
    };
    if (next() * 100 < brokenPercent) {
      const kind = pick(BROKEN_KINDS);
      broken.set(id, kind);
      if (kind === 'no-title') row.titulo = '';
      if (kind === 'no-content') row.conteudo = '';
      if (kind === 'no-author') row.Author = '';
      if (kind === 'short-content') row.conteudo = 'Texto curto.';
      if (kind === 'long-title') row.titulo = 'Manchete longa demais '.repeat(Math.ceil((ARTICLE_LIMITS.titleMax + 10) / 22));
      if (kind === 'bad-date') row.Date = '31/02/2020 25:61';
      if (kind === 'bad-slug') row['URL Slug'] = '--';
      if (kind === 'too-many-tags') row.Tags = Array.from({ length: ARTICLE_LIMITS.tagsMax + 3 }, (_, tag) => `tag ${tag}`).join(', ');
    }
    rows.push(row);
  }
  return { rows, broken };
}

/** A CSV field: quoted when it holds the delimiter, a quote or a line break, quotes doubled (RFC 4180). */
export const csvField = (value: string, delimiter: string) =>
  value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

export const csvLine = (values: readonly string[], delimiter: string) => values.map((value) => csvField(value, delimiter)).join(delimiter);

async function main() {
  const { values: options } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000' },
      delimiter: { type: 'string', default: ',' },
      broken: { type: 'string', default: '3' },
      seed: { type: 'string', default: '7' },
      out: { type: 'string' },
    },
  });
  const delimiter = options.delimiter === ';' ? ';' : ',';
  const { rows, broken } = sampleRows(Number(options.rows), Number(options.broken), Number(options.seed));
  const out = options.out ? createWriteStream(options.out) : process.stdout;
  out.write(`${csvLine(SAMPLE_COLUMNS, delimiter)}\n`);
  for (const row of rows) out.write(`${csvLine(SAMPLE_COLUMNS.map((column) => row[column]), delimiter)}\n`);
  if (options.out) await new Promise<void>((resolve) => (out as NodeJS.WritableStream).end(() => resolve()));
  const counts = Object.fromEntries(BROKEN_KINDS.map((kind) => [kind, [...broken.values()].filter((value) => value === kind).length]));
  process.stderr.write(`${rows.length} rows (${broken.size} broken: ${JSON.stringify(counts)})${options.out ? ` → ${options.out}` : ''}\n`);
}

if (process.argv[1]?.endsWith('import-sample.ts')) await main();
