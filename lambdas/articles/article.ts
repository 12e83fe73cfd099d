// The article entity and the items that index it: the article itself (by author, for My articles and
// the author page; by state for the home feed and the editors' queue; by status for the admin list;
// its latest SEO result as attributes), its slug claim, and one item per tag and per city, which index
// it while it is published. Each knows its key and its item; keys are charted in lambdas/DATA.md.
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

/**
 * Global lists (the home feed, the admin list) are write-sharded: an article lives in one of
 * LIST_SHARDS partitions of each, chosen by a hash of its id (stable: a save stays on its shard),
 * and a read merges the shards (lambdas/platform/sharded.ts). The number's arithmetic is in
 * lambdas/DATA.md; changing it moves every article, so it needs the backfill described there.
 */
export const LIST_SHARDS = 4;
/** FNV-1a of the id: cheap, stable, spread evenly whatever the id's form (UUID v5 or v7). */
export function shardOf(id: string, shards = LIST_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}
const shards = (prefix: string) => Array.from({ length: LIST_SHARDS }, (_, shard) => `${prefix}#${shard}`);

/** The home feed: every published article, newest first, in LIST_SHARDS partitions of gsi2. */
export const FEED = { of: (id: string) => `FEED#${shardOf(id)}`, all: () => shards('FEED') };
/** The admin list: every article by status, newest created first, in LIST_SHARDS partitions of gsi3 per status. */
export const ADMIN_LIST = {
  of: (article: Pick<ArticleRecord, 'id' | 'status'>) => `ARTICLES#${article.status}#${shardOf(article.id)}`,
  status: (status: string) => shards(`ARTICLES#${status}`),
};
/** An author's articles: the published ones on the author page (by publication), the others in My articles too (by creation). */
export const AUTHOR_LISTS = { published: (authorId: string) => `AUTHOR_FEED#${authorId}`, unpublished: (authorId: string) => `AUTHOR#${authorId}` };

/** The key attributes the article item carries in each state (absent ones are removed by a save). */
export function articleIndexKeys(article: ArticleRecord): Record<'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk', string | undefined> {
  const published = isPublished(article);
  return {
    // gsi1, by author: published ones by publication (the author page), the others by creation; My articles reads both.
    gsi1pk: published ? AUTHOR_LISTS.published(article.author_id) : AUTHOR_LISTS.unpublished(article.author_id),
    gsi1sk: published ? publishedSort(article) : `${article.created_at}#${article.id}`,
    // gsi2, sparse by state: published articles form the home feed (sharded), articles in review the editors' queue.
    gsi2pk: published ? FEED.of(article.id) : article.status === 'review' ? 'REVIEW' : undefined,
    gsi2sk: published ? publishedSort(article) : article.status === 'review' ? `${article.updated_at}#${article.id}` : undefined,
    // gsi3 (row fields only): the admin list, by status (sharded), newest created first.
    gsi3pk: ADMIN_LIST.of(article),
    gsi3sk: `${article.created_at}#${article.id}`,
  };
}

/** The latest SEO result, as attributes of the article item (only seo-store.ts writes them). */
export const SEO_ATTRIBUTES = {
  validation_status: 'seo_status',
  errors: 'seo_errors',
  warnings: 'seo_warnings',
  validated_at: 'seo_validated_at',
  version: 'seo_version',
} as const;

export const articleEntity = {
  key: (id: string): Key => ({ pk: articlePk(id), sk: 'ARTICLE' }),
  /** The whole item (a create, an import): the record, its index keys and the admin list's search field. */
  toItem: (article: ArticleRecord): Item => {
    const keys = Object.fromEntries(Object.entries(articleIndexKeys(article)).filter(([, value]) => value !== undefined));
    return { ...articleEntity.key(article.id), entity: 'article', ...keys, ...article, search_title: foldAccents(article.title) };
  },
  /**
   * A save as an Update of the article's own attributes and index keys only: the latest SEO result
   * (seo-store.ts) lives on the same item and neither write clobbers the other.
   */
  saveUpdate: (article: ArticleRecord): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Item } => {
    const { pk: _pk, sk: _sk, ...values } = articleEntity.toItem(article);
    const removed = Object.entries(articleIndexKeys(article))
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    // Optional fields the record no longer has (a cover's variants) go too, and an import's marker:
    // an editor's save makes it an article like any other (its events flow).
    if (!('cover_variants' in article)) removed.push('cover_variants');
    removed.push('bulk_session');
    const set = Object.keys(values);
    const names = Object.fromEntries([...set, ...removed].map((name, index) => [`#a${index}`, name]));
    const placeholder = (name: string) => Object.keys(names).find((key) => names[key] === name)!;
    return {
      UpdateExpression: `SET ${set.map((name, index) => `${placeholder(name)} = :v${index}`).join(', ')}${removed.length ? ` REMOVE ${removed.map(placeholder).join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: Object.fromEntries(set.map((name, index) => [`:v${index}`, values[name]])),
    };
  },
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

/**
 * One item per tag of an article, in one gsi1 partition by state: the published articles with the
 * tag, newest first (related articles), or the others (`TAGGED#`); tag management reads both. One
 * index entry a tag, not two: an import writes ~3 tags a row.
 */
export const tagEntity = {
  key: (articleId: string, tag: string): Key => ({ pk: articlePk(articleId), sk: `TAG#${tag}` }),
  /** The gsi1 partitions of every article with the tag, in any status. */
  partitions: (tag: string) => [`TAG#${tag}`, `TAGGED#${tag}`],
  toItem: (article: ArticleRecord, tag: string): Item => ({
    ...tagEntity.key(article.id, tag),
    entity: 'article_tag',
    article_id: article.id,
    tag,
    relevance: 1,
    ...(isPublished(article) ? { gsi1pk: `TAG#${tag}`, gsi1sk: publishedSort(article) } : { gsi1pk: `TAGGED#${tag}`, gsi1sk: article.id }),
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
