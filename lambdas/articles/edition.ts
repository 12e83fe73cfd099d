// Published articles as a newsletter edition features them: cover, city, title, summary and the
// opening of the body as plain text — a premium article's lead only, cut here on the server as the
// paywall cuts it, so no premium body ever reaches an e-mail. Read by id (the master's choice), the
// recent ones, and the week's most read (by the view counters).
import { cityLabel, publicArticlePath } from '../../shared/article-rules';
import type { EditionArticle } from '../../shared/newsletter';
import { SEARCH_SUGGESTIONS, type SuggestedArticles } from '../../shared/search';
import { queryMergedFirst } from '../platform/sharded';
import { batchRead, type BatchPart } from '../platform/dynamo-batch';
import { isUuid } from '../platform/ids';
import { articleEntity, FEED, isPublished, primaryOf, type ArticleRecord } from './article';
import { ANONYMOUS, leadOf, mayReadFull } from './gating';
import { textOf } from './sanitize';
import { viewCounts } from './views';

// author_id too: the gating rule reads it (without it, an absent author would look like the reader).
const FIELDS = ['id', 'slug', 'title', 'summary', 'content', 'cover_image', 'visibility', 'status', 'author_id', 'locations', 'location_path', 'published_at', 'updated_at'] as const;
export type EditionRecord = Pick<ArticleRecord, (typeof FIELDS)[number]>;

/** A few sentences: enough to invite the click, short enough for a list of ten. */
const EXCERPT_MAX = 320;
/** Articles of a window weighed by their views: the newest this many at most. */
const MOST_READ_CANDIDATES = 200;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };
const decoded = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|apos|#39);|&#(\d+);/g, (entity, code: string | undefined) => (code ? String.fromCodePoint(Number(code)) : (ENTITIES[entity] ?? entity)));

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** What an edition and the search's suggestions both show of an article. */
function listedFields(record: EditionRecord) {
  const city = primaryOf(record.locations ?? []);
  return {
    id: record.id,
    title: record.title,
    summary: record.summary,
    city: city ? cityLabel(city.location_name, city.state_code) : null,
    is_premium: record.visibility === 'premium',
    published_at: record.published_at ?? record.updated_at,
  };
}

export function toEditionArticle(record: EditionRecord, views: number): EditionArticle {
  // What an anonymous reader may read: a premium article's lead, never its body.
  const readable = mayReadFull(ANONYMOUS, record) ? record.content : leadOf(record.content);
  return {
    ...listedFields(record),
    slug: record.slug,
    cover_url: record.cover_image || null,
    views,
    excerpt: cut(decoded(textOf(readable ?? '')), EXCERPT_MAX),
  };
}

function editionRecords(ids: string[]): BatchPart<(id: string) => EditionRecord | undefined> {
  return {
    keys: ids.map((id) => articleEntity.key(id)),
    fields: FIELDS,
    read: (found) => (id) => {
      const item = found(articleEntity.key(id));
      return item && articleEntity.read(item, FIELDS);
    },
  };
}

/** The published articles among `ids`, in that order (unknown, unpublished or malformed ids are left out). */
export async function editionArticles(ids: readonly string[]): Promise<EditionArticle[]> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (!unique.length) return [];
  const { records, views } = await batchRead({ records: editionRecords(unique), views: viewCounts(unique) });
  return unique.flatMap((id) => {
    const record = records(id);
    return record && isPublished(record) ? [toEditionArticle(record, views(id))] : [];
  });
}

/** Published since `since`, newest first, at most `limit` (the home feed's shards, each read from its end, merged). */
async function publishedSince<F extends keyof EditionRecord>(since: Date, limit: number, fields: readonly F[]): Promise<Pick<EditionRecord, F>[]> {
  const items = await queryMergedFirst({ index: 'gsi2', partitions: FEED.all(), descending: true, sortFrom: since.toISOString(), fields }, limit);
  return items.map((item) => articleEntity.read(item, fields));
}

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 24 * 3600 * 1000);

/** The articles published in the last `days`, newest first, at most `limit`. */
export async function recentEditionArticles(days: number, limit: number, now = new Date()): Promise<EditionArticle[]> {
  const records = await publishedSince(daysAgo(days, now), limit, FIELDS);
  if (!records.length) return [];
  const { views } = await batchRead({ views: viewCounts(records.map((record) => record.id)) });
  return records.map((record) => toEditionArticle(record, views(record.id)));
}

/** The ids of the `count` most viewed of the articles published in the last `days` (ties: the newest first). */
async function mostReadIds(count: number, days: number, now: Date): Promise<string[]> {
  const candidates = await publishedSince(daysAgo(days, now), MOST_READ_CANDIDATES, ['id']);
  if (!candidates.length) return [];
  const ids = candidates.map((candidate) => candidate.id);
  const { views } = await batchRead({ views: viewCounts(ids) });
  return ids
    .map((id, order) => ({ id, order, views: views(id) }))
    .sort((a, b) => b.views - a.views || a.order - b.order)
    .slice(0, count)
    .map((entry) => entry.id);
}

/** The `count` most viewed of the articles published in the last `days` (ties: the newest first). */
export async function mostReadEditionArticles(count: number, days: number, now = new Date()): Promise<EditionArticle[]> {
  return editionArticles(await mostReadIds(count, days, now));
}

/** What the search page suggests when it finds nothing (GET /api/articles/most-read): the month's most read. */
export async function mostReadArticles(now = new Date()): Promise<SuggestedArticles> {
  const ids = await mostReadIds(SEARCH_SUGGESTIONS.count, SEARCH_SUGGESTIONS.days, now);
  if (!ids.length) return { articles: [] };
  const { records } = await batchRead({ records: editionRecords(ids) });
  const articles = ids.flatMap((id) => {
    const record = records(id);
    return record && isPublished(record) ? [{ ...listedFields(record), path: publicArticlePath(record.location_path, record.slug) }] : [];
  });
  return { articles };
}
