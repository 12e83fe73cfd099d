// The article entity and the items that index it: the article (by author; by state for the home feed
// and the editors' queue), its slug claim, one item per tag and per city, which index it while it is
// published, and one that lists it on its author's page while it is published. Each knows its key and its item; keys are charted in lambdas/DATA.md.
import type { ArticleDraft, ArticleLocation } from '../../shared/api-types';
import { foldAccents } from '../../shared/article-rules';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import type { Item, Key } from '../platform/dynamo';
import { notFound } from '../platform/errors';

/** The article as stored: the spec's fields plus tags and locations, the source of truth for both. */
export type ArticleRecord = Pick<ArticleDraft, (typeof ARTICLE_FIELDS)[number]> & {
  /**
   * WebP widths of its cover, copied from the media context when a save sets the cover (see
   * cover-variants.ts): cards offer a srcset without a read per card. Absent on older items.
   */
  cover_variants?: number[];
};
type ArticleField = keyof ArticleRecord;

const ARTICLE_FIELDS = [
  'id',
  'slug',
  'title',
  'summary',
  'content',
  'cover_image',
  'visibility',
  'status',
  'author_id',
  'tags',
  'locations',
  'location_path',
  'ai_last_updated',
  'published_at',
  'created_at',
  'updated_at',
  'version',
] as const;

/** What a card reads: never the body. */
export const CARD_FIELDS = [
  'id',
  'slug',
  'title',
  'summary',
  'cover_image',
  'cover_variants',
  'visibility',
  'status',
  'author_id',
  'tags',
  'location_path',
  'published_at',
] as const satisfies readonly ArticleField[];
export type ArticleCardRecord = Pick<ArticleRecord, (typeof CARD_FIELDS)[number]>;

/** What a row of My articles or of the review queue reads: no body, no tags. */
export const ROW_FIELDS = [
  'id',
  'slug',
  'title',
  'summary',
  'status',
  'visibility',
  'author_id',
  'location_path',
  'published_at',
  'created_at',
  'updated_at',
] as const satisfies readonly ArticleField[];
export type ArticleRowRecord = Pick<ArticleRecord, (typeof ROW_FIELDS)[number]>;

export const articlePk = (id: string) => `ARTICLE#${id}`;
export const isPublished = (article: Pick<ArticleRecord, 'status'> | undefined) => article?.status === 'published';
/** Sort key of every "published" index: newest first when read descending. */
const publishedSort = (article: Pick<ArticleRecord, 'published_at' | 'id'>) => `${article.published_at}#${article.id}`;

export const articleEntity = {
  key: (id: string): Key => ({ pk: articlePk(id), sk: 'ARTICLE' }),
  toItem: (article: ArticleRecord): Item => ({
    ...articleEntity.key(article.id),
    entity: 'article',
    // My articles: the author's articles, newest first.
    gsi1pk: `AUTHOR#${article.author_id}`,
    gsi1sk: `${article.created_at}#${article.id}`,
    // Sparse index by state: published articles form the home feed, articles in review the editors' queue.
    ...(isPublished(article) ? { gsi2pk: 'FEED', gsi2sk: publishedSort(article) } : {}),
    ...(article.status === 'review' ? { gsi2pk: 'REVIEW', gsi2sk: `${article.updated_at}#${article.id}` } : {}),
    ...article,
  }),
  fromItem: (item: Item): ArticleRecord => articleEntity.read(item, [...ARTICLE_FIELDS, 'cover_variants']),
  /** The fields a projection read (absent ones stay absent). */
  read: <F extends ArticleField>(item: Item, fields: readonly F[]): Pick<ArticleRecord, F> =>
    Object.fromEntries(fields.filter((field) => field in item).map((field) => [field, item[field]])) as Pick<ArticleRecord, F>,
};

/** One article per slug: whoever writes the claim first holds it. */
export const slugClaim = {
  key: (slug: string): Key => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),
  toItem: (article: Pick<ArticleRecord, 'id' | 'slug'>): Item => ({ ...slugClaim.key(article.slug), entity: 'slug', article_id: article.id }),
  articleIdOf: (item: Item | undefined) => item?.article_id as string | undefined,
};

export const tagEntity = {
  key: (articleId: string, tag: string): Key => ({ pk: articlePk(articleId), sk: `TAG#${tag}` }),
  toItem: (article: ArticleRecord, tag: string): Item => ({
    ...tagEntity.key(article.id, tag),
    entity: 'article_tag',
    article_id: article.id,
    tag,
    relevance: 1,
    // Published articles by tag (related articles).
    ...(isPublished(article) ? { gsi1pk: `TAG#${tag}`, gsi1sk: publishedSort(article) } : {}),
    // Every article with the tag, in any status (tag management).
    gsi2pk: `TAGGED#${tag}`,
    gsi2sk: article.id,
  }),
};

export const locationEntity = {
  key: (articleId: string, location: Pick<ArticleLocation, 'code'>): Key => ({ pk: articlePk(articleId), sk: `LOCATION#${location.code}` }),
  toItem: (article: ArticleRecord, location: ArticleLocation): Item => ({
    ...locationEntity.key(article.id, location),
    entity: 'article_location',
    article_id: article.id,
    ...location,
    // Published articles by city (the home feed's city filter, related articles).
    ...(isPublished(article) ? { gsi1pk: `CITY#${location.location_path}`, gsi1sk: publishedSort(article) } : {}),
  }),
};

/**
 * Published articles by author (the author page): its own tiny item, present only while published,
 * so counting an author's articles and skipping to a page read a few bytes per article.
 */
export const authorFeedEntity = {
  key: (articleId: string): Key => ({ pk: articlePk(articleId), sk: 'AUTHOR' }),
  partition: (authorId: string) => `AUTHOR_FEED#${authorId}`,
  toItem: (article: ArticleRecord): Item => ({
    ...authorFeedEntity.key(article.id),
    entity: 'article_author',
    article_id: article.id,
    gsi1pk: authorFeedEntity.partition(article.author_id),
    gsi1sk: publishedSort(article),
  }),
};

/**
 * The admin list's entry of an article (every status): small, so a page of the list reads little.
 * gsi1 lists every article newest first, gsi2 those of one status.
 */
export const listingEntity = {
  key: (articleId: string): Key => ({ pk: articlePk(articleId), sk: 'LISTING' }),
  ALL: 'ARTICLES',
  ofStatus: (status: string) => `ARTICLES#${status}`,
  toItem: (article: ArticleRecord): Item => ({
    ...listingEntity.key(article.id),
    entity: 'article_listing',
    gsi1pk: listingEntity.ALL,
    gsi1sk: `${article.created_at}#${article.id}`,
    gsi2pk: listingEntity.ofStatus(article.status),
    gsi2sk: `${article.created_at}#${article.id}`,
    id: article.id,
    title: article.title,
    search_title: foldAccents(article.title),
    slug: article.slug,
    location_path: article.location_path,
    author_id: article.author_id,
    status: article.status,
    visibility: article.visibility,
    created_at: article.created_at,
    published_at: article.published_at,
    updated_at: article.updated_at,
    version: article.version,
  }),
};

/** How many articles the portal holds in each status (editors' and masters' dashboard). */
export const statusCounter = {
  key: { pk: 'STATS', sk: 'ARTICLES' } satisfies Key,
  /** ADD +1 to the new status and −1 to the old one (either may be absent). */
  update: (from: string | undefined, to: string | undefined) => statusCounter.add({ ...(from ? { [from]: -1 } : {}), ...(to ? { [to]: 1 } : {}) }),
  /** ADD each status's delta (an import moves many articles at once). */
  add: (deltas: Record<string, number>) => {
    const changes = Object.entries(deltas);
    return {
      TableName: '',
      Key: statusCounter.key,
      UpdateExpression: `ADD ${changes.map((_, index) => `#s${index} :d${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(changes.map(([status], index) => [`#s${index}`, status])),
      ExpressionAttributeValues: Object.fromEntries(changes.map(([, delta], index) => [`:d${index}`, delta])),
    };
  },
};

/** The tag and city indexes of published articles, read by id only. */
export type PublishedIndex = `TAG#${string}` | `CITY#${string}`;

// Path and query values are checked before they become keys: DynamoDB refuses oversized keys with
// an error that would otherwise surface as a 500.
const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const PATH_SEGMENT = /^[a-z0-9-]{1,200}$/;

/** The id from a path, or a 404 when it cannot be an article's. */
export function checkArticleId(id: string): string {
  if (!ARTICLE_ID.test(id)) throw notFound(ARTICLE_MESSAGES.notFound);
  return id;
}

export const primaryOf = (locations: readonly ArticleLocation[]) => locations.find((location) => location.is_primary);
