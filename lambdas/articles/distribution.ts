// Published articles as anyone may read them, for the files other contexts build from them (sitemaps,
// RSS): one pass over the published index (its shards merged), newest first, with premium bodies cut to their lead.
import type { Visibility } from '../../shared/articles';
import { batchGet } from '../platform/dynamo-batch';
import { mergedItems, queryMergedFirst } from '../platform/sharded';
import { articleEntity, FEED, isPublished, type ArticleRecord } from './article';
import { publishedIdsIn } from './article-store';
import { ANONYMOUS, leadOf, mayReadFull } from './gating';

export interface PublishedArticle {
  id: string;
  slug: string;
  title: string;
  summary: string;
  visibility: Visibility;
  author_id: string;
  tags: string[];
  /** The primary city's path, the article's URL prefix; null without a city. */
  location_path: string | null;
  /** Every city it is filed under (the home feed's city filter lists it in each). */
  cities: string[];
  published_at: string;
  updated_at: string;
  /** What an anonymous reader may read of the body (a premium article's lead), when it was asked for. */
  body?: string;
}

const FIELDS = [
  'id',
  'slug',
  'title',
  'summary',
  'content',
  'visibility',
  'author_id',
  'tags',
  'locations',
  'location_path',
  'published_at',
  'updated_at',
] as const satisfies readonly (keyof ArticleRecord)[];


const withReadableBody = (record: Pick<ArticleRecord, (typeof FIELDS)[number]>): PublishedArticle => ({
  ...toPublished(record),
  body: mayReadFull(ANONYMOUS, record) ? record.content : leadOf(record.content),
});

function toPublished(record: Pick<ArticleRecord, Exclude<(typeof FIELDS)[number], 'content'>>): PublishedArticle {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    visibility: record.visibility,
    author_id: record.author_id,
    tags: record.tags ?? [],
    location_path: record.location_path || null,
    cities: [...new Set((record.locations ?? []).map((location) => location.location_path))],
    published_at: record.published_at ?? record.updated_at,
    updated_at: record.updated_at,
  };
}

/**
 * Every published article, newest first. `withBody` is asked about each in that order and says whether
 * to keep its readable body: the bodies are read anyway (a Query costs the whole item), but only the
 * ones kept stay in memory. With `since` (ISO), only those published then or later: the read stops
 * there (the search's recent index reads a year, not the archive).
 */
export async function publishedArticles(withBody: (article: PublishedArticle) => boolean = () => false, since?: string): Promise<PublishedArticle[]> {
  const articles: PublishedArticle[] = [];
  for await (const item of mergedItems({ index: 'gsi2', partitions: FEED.all(), descending: true, sortFrom: since, fields: FIELDS })) {
    const record = articleEntity.read(item, FIELDS);
    const article = toPublished(record);
    if (withBody(article)) article.body = mayReadFull(ANONYMOUS, record) ? record.content : leadOf(record.content);
    articles.push(article);
  }
  return articles;
}

const newestFirst = (a: PublishedArticle, b: PublishedArticle) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : a.id < b.id ? 1 : -1);

/** The published ones among `ids` (an import's), newest first, without bodies: one BatchGet per 100. */
export async function publishedArticlesByIds(ids: readonly string[]): Promise<PublishedArticle[]> {
  const fields = FIELDS.filter((field) => field !== 'content');
  const items = await batchGet(
    [...new Set(ids)].map((id) => articleEntity.key(id)),
    { fields: [...fields, 'status'] },
  );
  return items
    .filter((item) => isPublished(item as Pick<ArticleRecord, 'status'>))
    .map((item) => toPublished(articleEntity.read(item, FIELDS)))
    .sort(newestFirst);
}

/**
 * The latest `limit` published articles with their readable body, overall or in one city (its
 * index's ids, then one BatchGet): what an RSS feed shows, read without the rest of the archive.
 */
export async function latestPublishedArticles(limit: number, city?: string): Promise<PublishedArticle[]> {
  if (!city) {
    const items = await queryMergedFirst({ index: 'gsi2', partitions: FEED.all(), descending: true, fields: FIELDS }, limit);
    return items.map((item) => withReadableBody(articleEntity.read(item, FIELDS)));
  }
  const ids = await publishedIdsIn(`CITY#${city}`, limit);
  const items = await batchGet(
    ids.map((id) => articleEntity.key(id)),
    { fields: [...FIELDS, 'status'] },
  );
  return items
    .filter((item) => isPublished(item as Pick<ArticleRecord, 'status'>))
    .map((item) => withReadableBody(articleEntity.read(item, FIELDS)))
    .sort(newestFirst);
}

/** Published since `since`, newest first, at most `limit`, without bodies (the news sitemap's window). */
export async function publishedArticlesSince(since: Date, limit: number): Promise<PublishedArticle[]> {
  const fields = FIELDS.filter((field) => field !== 'content');
  const items = await queryMergedFirst({ index: 'gsi2', partitions: FEED.all(), descending: true, sortFrom: since.toISOString(), fields }, limit);
  return items.map((item) => toPublished(articleEntity.read(item, fields)));
}
