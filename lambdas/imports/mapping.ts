// From a row of a WordPress export (spec: record_id, titulo, conteudo, Author, Categorias, Tags, Date,
// URL Slug, Featured Image, Excerpt) to the fields of a published article, or the reason it cannot be
// one, in the articles' own words: the row goes through the same zod schema the editor and the API use.
// Plain functions; the batch worker adds what needs the table (authors, taken slugs).
import { articleCreateSchema, ARTICLE_LIMITS, slugify, type ArticleCreate } from '../../shared/articles';
import { IMPORT_MESSAGES, REQUIRED_COLUMNS, type ImportRow } from '../../shared/imports';
import { sanitizeArticleHtml, textOf } from '../articles/public';

export { IMPORT_COLUMNS, IMPORT_MESSAGES, REQUIRED_COLUMNS, type ImportRow } from '../../shared/imports';

/** Spec: `;` when the first line has one, else a comma. */
export const delimiterOf = (firstLine: string): ';' | ',' => (firstLine.includes(';') ? ';' : ',');

/** The required columns a header lacks (names compared as written, trimmed). */
export const missingColumns = (header: readonly string[]): string[] => {
  const present = new Set(header.map((name) => name.trim()));
  return REQUIRED_COLUMNS.filter((name) => !present.has(name));
};

// Shortcodes whose content is media or markup of the old site: gone with what they enclose.
const ENCLOSED = /\[(caption|gallery|embed|video|audio|playlist)\b[^\]]*\][\s\S]*?\[\/\1\]/gi;
const SHORTCODE = /\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]/gi;
const BLOCK = /<(p|h[1-6]|ul|ol|blockquote|figure|table|pre|div)\b/i;

/**
 * WordPress bodies as the article's sanitized HTML: shortcodes removed, and text without blocks
 * paragraphed as WordPress's wpautop would (a blank line parts paragraphs, a single break is a <br>).
 */
export function articleHtmlOf(body: string): string {
  const text = body.replace(/\r\n?/g, '\n').replace(ENCLOSED, '').replace(SHORTCODE, '').trim();
  const html = BLOCK.test(text)
    ? text
    : text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
        .join('\n');
  return sanitizeArticleHtml(html);
}

/** The excerpt, or the content's first sentences up to the summary's limit, cut at a word. */
export function summaryOf(excerpt: string | undefined, html: string): string {
  const given = (excerpt ?? '').replace(/\s+/g, ' ').trim();
  if (given) return given;
  const text = textOf(html).replace(/\s+/g, ' ').trim();
  const limit = Math.min(ARTICLE_LIMITS.summaryMax, 240);
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), ARTICLE_LIMITS.summaryMin))}…`;
}

/**
 * The row's date as an instant. WordPress exports the site's local time without a zone
 * ('2020-03-15 14:30:00'): read as Brasília time (UTC−3, no daylight saving since 2019). An ISO
 * instant with a zone is taken as it is; anything else is not a date.
 */
export function publishedAtOf(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  const instant = local
    ? Date.parse(`${local[1]}-${local[2]}-${local[3]}T${local[4] ?? '00'}:${local[5] ?? '00'}:${local[6] ?? '00'}-03:00`)
    : /[zZ]|[+-]\d{2}:?\d{2}$/.test(text)
      ? Date.parse(text)
      : Number.NaN;
  if (Number.isNaN(instant)) return undefined;
  // Date.parse rolls 31/02 over into March: the calendar date must survive the round trip.
  if (local && new Date(instant - 3 * 3600_000).toISOString().slice(0, 10) !== `${local[1]}-${local[2]}-${local[3]}`) return undefined;
  return new Date(instant).toISOString();
}

/** Which rule a row is told about first when it breaks several. */
const FIELD_ORDER = ['title', 'content', 'summary', 'slug', 'tags', 'cover_image'];

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export interface MappedArticle {
  recordId: string;
  /** Who wrote it as the file names them (a name or an e-mail), resolved by the worker. */
  author: string;
  fields: ArticleCreate;
  publishedAt: string;
}

export type MappedRow = { ok: true; article: MappedArticle } | { ok: false; recordId: string; error: string };

/** A row as an article to publish, or the first rule it breaks (the articles' pt-BR messages). */
export function mapRow(row: ImportRow, now = new Date()): MappedRow {
  const recordId = (row.record_id ?? '').trim();
  if (!recordId) return { ok: false, recordId: '', error: IMPORT_MESSAGES.noRecordId };
  const fail = (error: string): MappedRow => ({ ok: false, recordId, error });
  const author = (row.Author ?? '').trim();
  if (!author) return fail(IMPORT_MESSAGES.noAuthor);
  const date = row.Date?.trim() ? publishedAtOf(row.Date) : now.toISOString();
  if (!date) return fail(IMPORT_MESSAGES.invalidDate);
  const content = articleHtmlOf(row.conteudo ?? '');
  const title = (row.titulo ?? '').trim();
  const parsed = articleCreateSchema.safeParse({
    title,
    // A slug that normalizes to nothing ('--') falls back to the title's.
    slug: slugify(row['URL Slug'] ?? '') || slugify(title),
    summary: summaryOf(row.Excerpt, content),
    content,
    cover_image: (row['Featured Image'] ?? '').trim(),
    tags: [...listOf(row.Tags), ...listOf(row.Categorias)],
  });
  if (!parsed.success) {
    // The summary is derived from the content: an empty body is the content's fault, said as such.
    const first = [...parsed.error.issues].sort((a, b) => FIELD_ORDER.indexOf(String(a.path[0])) - FIELD_ORDER.indexOf(String(b.path[0])))[0];
    return fail(first?.message ?? IMPORT_MESSAGES.invalidFile);
  }
  return {
    ok: true,
    article: { recordId, author, fields: parsed.data, publishedAt: date },
  };
}
