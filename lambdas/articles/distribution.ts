// Published articles as anyone may read them, for the files other contexts build from them (sitemaps,
// RSS): one pass over the published index, newest first, with premium bodies cut to their lead.
import type { Visibility } from '../../shared/articles';
import { queryPage, type QuerySpec } from '../platform/dynamo';
import { articleEntity, type ArticleRecord } from './article';
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

const PUBLISHED: QuerySpec = { index: 'gsi2', partition: 'FEED', descending: true, fields: FIELDS };

function toPublished(record: Pick<ArticleRecord, (typeof FIELDS)[number]>): PublishedArticle {
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
  let cursor: string | undefined;
  do {
    const page = await queryPage(PUBLISHED, cursor);
    for (const item of page.items) {
      const record = articleEntity.read(item, FIELDS);
      const article = toPublished(record);
      if (since && article.published_at < since) return articles;
      if (withBody(article)) article.body = mayReadFull(ANONYMOUS, record) ? record.content : leadOf(record.content);
      articles.push(article);
    }
    cursor = page.cursor;
  } while (cursor);
  return articles;
}
