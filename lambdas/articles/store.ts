// DynamoDB access for articles: the article, its slug claim, its tag and city index items, the
// per-city counters, the view counter, versions, SEO validations and reading history.
// Keys and access patterns are charted in lambdas/DATA.md.
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchWriteCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ArticleDraft, ArticleLocation, AuthorRef, CityCount, MenuItem, SeoValidation } from '../../shared/api-types';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';
import { isConditionFailure } from '../platform/errors';
import { PROFILE_SK, userPk } from '../users/store';

const table = () => env('TABLE_NAME');

export const articlePk = (id: string) => `ARTICLE#${id}`;
const ARTICLE_SK = 'ARTICLE';
const VIEWS_SK = 'VIEWS';
const slugKey = (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' });
const tagSk = (tag: string) => `TAG#${tag}`;
const locationSk = (location: Pick<ArticleLocation, 'code'>) => `LOCATION#${location.code}`;
const versionSk = (version: number) => `VERSION#${String(version).padStart(6, '0')}`;
const seoSk = (version: number) => `SEO#${String(version).padStart(6, '0')}`;
const SEO_LATEST_SK = 'SEO';
const cityCountKey = (path: string) => ({ pk: 'CITIES', sk: `CITY#${path}` });
/** Sort key of every "published" index: newest first when read descending. */
const publishedSort = (article: { published_at: string | null; id: string }) => `${article.published_at}#${article.id}`;

/** The article as stored: the spec's fields plus tags and locations, the source of truth for both. */
export type ArticleRecord = Pick<
  ArticleDraft,
  | 'id'
  | 'slug'
  | 'title'
  | 'summary'
  | 'content'
  | 'cover_image'
  | 'visibility'
  | 'status'
  | 'author_id'
  | 'tags'
  | 'locations'
  | 'location_path'
  | 'ai_last_updated'
  | 'published_at'
  | 'created_at'
  | 'updated_at'
  | 'version'
>;

const CARD_FIELDS = [
  'id',
  'slug',
  'title',
  'summary',
  'cover_image',
  'visibility',
  'status',
  'author_id',
  'tags',
  'location_path',
  'published_at',
] as const;
export type ArticleCardRecord = Pick<ArticleRecord, (typeof CARD_FIELDS)[number]>;
const projection = (fields: readonly string[]) => ({
  ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
});
const cardProjection = projection(CARD_FIELDS);

const isPublished = (article: Pick<ArticleRecord, 'status'> | undefined) => article?.status === 'published';

function articleItem(article: ArticleRecord) {
  return {
    pk: articlePk(article.id),
    sk: ARTICLE_SK,
    entity: 'article',
    // My articles: the author's articles, newest first.
    gsi1pk: `AUTHOR#${article.author_id}`,
    gsi1sk: `${article.created_at}#${article.id}`,
    // Sparse index by state: published articles form the home feed, articles in review the editors' queue.
    ...(isPublished(article) ? { gsi2pk: 'FEED', gsi2sk: publishedSort(article) } : {}),
    ...(article.status === 'review' ? { gsi2pk: 'REVIEW', gsi2sk: `${article.updated_at}#${article.id}` } : {}),
    ...article,
  };
}

function tagItem(article: ArticleRecord, tag: string) {
  return {
    pk: articlePk(article.id),
    sk: tagSk(tag),
    entity: 'article_tag',
    article_id: article.id,
    tag,
    relevance: 1,
    // Published articles by tag (related articles).
    ...(isPublished(article) ? { gsi1pk: `TAG#${tag}`, gsi1sk: publishedSort(article) } : {}),
  };
}

function locationItem(article: ArticleRecord, location: ArticleLocation) {
  return {
    pk: articlePk(article.id),
    sk: locationSk(location),
    entity: 'article_location',
    article_id: article.id,
    ...location,
    // Published articles by city (the home feed's city filter, related articles).
    ...(isPublished(article) ? { gsi1pk: `CITY#${location.location_path}`, gsi1sk: publishedSort(article) } : {}),
  };
}

/** The cities an article counts for in the city filter: its locations, while it is published. */
const countedCities = (article: ArticleRecord | undefined) =>
  new Map(isPublished(article) ? (article?.locations ?? []).map((location) => [location.location_path, location]) : []);

export async function getArticle(id: string, consistent = false): Promise<ArticleRecord | undefined> {
  const result = await ddb().send(
    new GetCommand({ TableName: table(), Key: { pk: articlePk(id), sk: ARTICLE_SK }, ConsistentRead: consistent }),
  );
  return result.Item ? toRecord(result.Item) : undefined;
}

function toRecord(item: Record<string, unknown>): ArticleRecord {
  const { pk: _pk, sk: _sk, entity: _entity, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...rest } = item;
  return rest as unknown as ArticleRecord;
}

export async function articleIdBySlug(slug: string): Promise<string | undefined> {
  const result = await ddb().send(new GetCommand({ TableName: table(), Key: slugKey(slug) }));
  return result.Item?.article_id as string | undefined;
}

/** Which transaction item failed its condition: the caller knows what each position means. */
type ConflictReason = 'slug' | 'version';

export class WriteConflict extends Error {
  constructor(readonly reason: ConflictReason) {
    super(reason);
    this.name = 'WriteConflict';
  }
}

function conflictFrom(error: unknown, reasons: (ConflictReason | null)[]): unknown {
  if ((error as { name?: string }).name !== 'TransactionCanceledException') return error;
  const codes = ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
  // A concurrent transaction on the same item (TransactionConflict) means the same as losing the
  // condition: someone else is taking this slug or saving this article right now.
  const index = codes.findIndex((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict');
  const reason = index >= 0 ? reasons[index] : undefined;
  return reason ? new WriteConflict(reason) : error;
}

/**
 * Writes a new state of an article in one transaction: the article (guarded by its version), the
 * slug claim, the tag and location index items, the city counters and the version history entry.
 * `before` is the stored state (undefined on create).
 */
export async function saveArticle(
  before: ArticleRecord | undefined,
  after: ArticleRecord,
  changedBy: string,
): Promise<void> {
  type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];
  const items: TransactItem[] = [];
  const reasons: (ConflictReason | null)[] = [];
  const add = (item: TransactItem, reason: ConflictReason | null = null) => {
    items.push(item);
    reasons.push(reason);
  };

  add(
    {
      Put: {
        TableName: table(),
        Item: articleItem(after),
        ...(before
          ? { ConditionExpression: 'version = :base', ExpressionAttributeValues: { ':base': before.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    before ? 'version' : null,
  );
  if (!before || before.slug !== after.slug) {
    // One article per slug: the claim fails if another article holds it.
    add(
      {
        Put: {
          TableName: table(),
          Item: { ...slugKey(after.slug), entity: 'slug', article_id: after.id },
          ConditionExpression: 'attribute_not_exists(pk) OR article_id = :id',
          ExpressionAttributeValues: { ':id': after.id },
        },
      },
      'slug',
    );
    if (before) add({ Delete: { TableName: table(), Key: slugKey(before.slug) } });
  }
  for (const tag of before?.tags ?? []) {
    if (!after.tags.includes(tag)) add({ Delete: { TableName: table(), Key: { pk: articlePk(after.id), sk: tagSk(tag) } } });
  }
  for (const tag of after.tags) add({ Put: { TableName: table(), Item: tagItem(after, tag) } });
  for (const location of before?.locations ?? []) {
    if (!after.locations.some((next) => next.code === location.code)) {
      add({ Delete: { TableName: table(), Key: { pk: articlePk(after.id), sk: locationSk(location) } } });
    }
  }
  for (const location of after.locations) add({ Put: { TableName: table(), Item: locationItem(after, location) } });
  for (const update of cityCountUpdates(countedCities(before), countedCities(after))) add({ Update: update });
  if (isPublished(before) !== isPublished(after) || !before) {
    // The view counter knows whether the article is published, so a view is one conditional ADD.
    add({
      Update: {
        TableName: table(),
        Key: viewsKey(after.id),
        UpdateExpression: 'SET entity = :e, article_id = :id, published = :p',
        ExpressionAttributeValues: { ':e': 'article_views', ':id': after.id, ':p': isPublished(after) },
      },
    });
  }
  add({
    Put: {
      TableName: table(),
      Item: {
        pk: articlePk(after.id),
        sk: versionSk(after.version),
        entity: 'article_version',
        article_id: after.id,
        version_number: after.version,
        title: after.title,
        summary: after.summary,
        content: after.content,
        changed_by: changedBy,
        created_at: after.updated_at,
      },
    },
  });

  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    throw conflictFrom(error, reasons);
  }
}

function cityCountUpdates(before: Map<string, ArticleLocation>, after: Map<string, ArticleLocation>) {
  const updates = [];
  for (const [path, location] of after) {
    if (!before.has(path)) updates.push(cityCountUpdate(location, 1));
  }
  for (const [path, location] of before) {
    if (!after.has(path)) updates.push(cityCountUpdate(location, -1));
  }
  return updates;
}

function cityCountUpdate(location: ArticleLocation, delta: number) {
  return {
    TableName: table(),
    Key: cityCountKey(location.location_path),
    UpdateExpression: 'SET entity = :e, location_name = :n, state_code = :s, location_path = :p ADD #count :d',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: {
      ':e': 'city_count',
      ':n': location.location_name,
      ':s': location.state_code,
      ':p': location.location_path,
      ':d': delta,
    },
  };
}

/** Removes an article and its index items in one transaction; history items are removed after. */
export async function deleteArticle(article: ArticleRecord): Promise<void> {
  const key = (sk: string) => ({ TableName: table(), Key: { pk: articlePk(article.id), sk } });
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              ...key(ARTICLE_SK),
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': article.version },
            },
          },
          { Delete: { TableName: table(), Key: slugKey(article.slug) } },
          { Delete: key(VIEWS_SK) },
          ...article.tags.map((tag) => ({ Delete: key(tagSk(tag)) })),
          ...article.locations.map((location) => ({ Delete: key(locationSk(location)) })),
          ...cityCountUpdates(countedCities(article), new Map()).map((update) => ({ Update: update })),
        ],
      }),
    );
  } catch (error) {
    throw conflictFrom(error, ['version']);
  }
  // Versions and validations have no readers once the article is gone.
  const rest = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': articlePk(article.id) },
    ProjectionExpression: 'pk, sk',
  });
  for (let start = 0; start < rest.length; start += 25) {
    let request: BatchWriteCommandInput['RequestItems'] = {
      [table()]: rest.slice(start, start + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
    };
    // DynamoDB may leave part of a batch unprocessed under load; send that part again.
    for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt += 1) {
      request = (await ddb().send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems;
    }
  }
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The author's articles, newest first (My articles). */
export async function articlesByAuthor(authorId: string): Promise<ArticleRecord[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `AUTHOR#${authorId}` },
    ScanIndexForward: false,
  });
  return items.map(toRecord);
}

/** The latest published articles, newest first. */
export async function latestPublished(limit: number): Promise<ArticleCardRecord[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :feed',
      ExpressionAttributeValues: { ':feed': 'FEED' },
      ScanIndexForward: false,
      Limit: limit,
      ...cardProjection,
    }),
  );
  return (result.Items ?? []) as ArticleCardRecord[];
}

/** Articles waiting for an editor, longest waiting first. */
export async function inReview(limit: number): Promise<ArticleRecord[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :review',
      ExpressionAttributeValues: { ':review': 'REVIEW' },
      Limit: limit,
      // A list needs no bodies.
      ...projection(['id', 'slug', 'title', 'summary', 'status', 'visibility', 'author_id', 'location_path', 'published_at', 'created_at', 'updated_at']),
    }),
  );
  return (result.Items ?? []).map(toRecord);
}

/** Ids of the latest published articles with a tag (`TAG#x`) or in a city (`CITY#path`). */
export async function publishedIdsIn(index: `TAG#${string}` | `CITY#${string}`, limit: number): Promise<string[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': index },
      ScanIndexForward: false,
      Limit: limit,
      ProjectionExpression: 'article_id',
    }),
  );
  return (result.Items ?? []).map((item) => String(item.article_id));
}

/**
 * One BatchGet for what cards need beside the article: the authors' profiles and the view
 * counters, plus card fields of articles known only by id. Unprocessed keys are retried.
 */
export async function batchGet(keys: { pk: string; sk: string }[], fields?: readonly string[]): Promise<Record<string, unknown>[]> {
  const projected = fields && projection(fields);
  const unique = [...new Map(keys.map((key) => [`${key.pk}|${key.sk}`, key])).values()];
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < unique.length; start += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [table()]: { Keys: unique.slice(start, start + 100), ...projected },
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt += 1) {
      const result = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(result.Responses?.[table()] ?? []));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Card fields plus the keys and the view counter: what a card needs from an article's partition. */
export const CARD_AND_COUNTER_FIELDS = ['pk', 'sk', ...CARD_FIELDS, 'views_count'] as const;

export const cardKey = (id: string) => ({ pk: articlePk(id), sk: ARTICLE_SK });
export const viewsKey = (id: string) => ({ pk: articlePk(id), sk: VIEWS_SK });
export const profileKey = (userId: string) => ({ pk: userPk(userId), sk: PROFILE_SK });

export function authorFrom(items: Record<string, unknown>[], userId: string): AuthorRef {
  const profile = items.find((item) => item.pk === userPk(userId) && item.sk === PROFILE_SK);
  return {
    id: userId,
    full_name: (profile?.full_name as string | undefined) || ARTICLE_MESSAGES.anonymousAuthor,
    avatar_url: (profile?.avatar_url as string | undefined) ?? '',
  };
}

export const seoLatestKey = (id: string) => ({ pk: articlePk(id), sk: SEO_LATEST_SK });

export function seoFrom(items: Record<string, unknown>[], articleId: string): SeoValidation | null {
  const item = items.find((candidate) => candidate.pk === articlePk(articleId) && candidate.sk === SEO_LATEST_SK);
  if (!item) return null;
  return {
    validation_status: item.validation_status as SeoValidation['validation_status'],
    errors: (item.errors as string[] | undefined) ?? [],
    warnings: (item.warnings as string[] | undefined) ?? [],
    validated_at: String(item.validated_at),
    version: Number(item.version),
  };
}

export function viewsFrom(items: Record<string, unknown>[], articleId: string): number {
  const counter = items.find((item) => item.pk === articlePk(articleId) && item.sk === VIEWS_SK);
  return Number(counter?.views_count ?? 0);
}

export function cardsFrom(items: Record<string, unknown>[]): ArticleCardRecord[] {
  return items.filter((item) => item.sk === ARTICLE_SK).map((item) => toRecord(item) as ArticleCardRecord);
}

export async function cityCounts(): Promise<CityCount[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': 'CITIES' },
  });
  return items
    .map((item) => ({
      location_path: String(item.location_path),
      location_name: String(item.location_name),
      state_code: String(item.state_code),
      count: Number(item.count ?? 0),
    }))
    .filter((city) => city.count > 0);
}

/** Active secondary menu items (managed in the admin area), in display order. */
export async function activeMenu(): Promise<MenuItem[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': 'MENU' },
  });
  return items
    .filter((item) => item.is_active !== false)
    .map((item) => ({
      id: String(item.id),
      label: String(item.label),
      url: String(item.url),
      display_order: Number(item.display_order ?? 0),
    }))
    .sort((a, b) => a.display_order - b.display_order);
}

export interface VersionRecord {
  version_number: number;
  title: string;
  summary: string;
  content: string;
  changed_by: string;
  created_at: string;
}

export async function listVersions(articleId: string): Promise<Omit<VersionRecord, 'content'>[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :v)',
    ExpressionAttributeValues: { ':pk': articlePk(articleId), ':v': 'VERSION#' },
    ProjectionExpression: 'version_number, title, summary, changed_by, created_at',
    ScanIndexForward: false,
  });
  return items as unknown as Omit<VersionRecord, 'content'>[];
}

export async function getVersion(articleId: string, version: number): Promise<VersionRecord | undefined> {
  const result = await ddb().send(new GetCommand({ TableName: table(), Key: { pk: articlePk(articleId), sk: versionSk(version) } }));
  return result.Item as VersionRecord | undefined;
}

/**
 * Stores a validation once per article version, and makes it the article's latest unless a newer
 * one is there. Returns false when either was already done (a redelivered event).
 */
export async function storeSeoValidation(articleId: string, validation: SeoValidation): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { pk: articlePk(articleId), sk: seoSk(validation.version), entity: 'seo_validation', article_id: articleId, ...validation },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            // The latest result has its own item, so saves of the article never overwrite it.
            Put: {
              TableName: table(),
              Item: { ...seoLatestKey(articleId), entity: 'seo_latest', article_id: articleId, ...validation },
              ConditionExpression: 'attribute_not_exists(pk) OR version < :v',
              ExpressionAttributeValues: { ':v': validation.version },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface ReadingRecord {
  user_id: string;
  article_id: string;
  visit_id: string;
  time_spent_seconds: number;
  scroll_depth_percent: number;
  created_at: string;
}

/** One record per visit: the visit id is the key, so a repeated call stores nothing new. */
export async function putReading(reading: ReadingRecord): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: `READS#${reading.user_id}`,
          sk: `VISIT#${reading.visit_id}`,
          entity: 'reading',
          // Who read an article ("readers who also read").
          gsi1pk: `READERS#${reading.article_id}`,
          gsi1sk: `${reading.created_at}#${reading.user_id}`,
          ...reading,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The latest readers of an article. */
export async function recentReaders(articleId: string, limit: number): Promise<string[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `READERS#${articleId}` },
      ScanIndexForward: false,
      Limit: limit,
      ProjectionExpression: 'user_id',
    }),
  );
  return [...new Set((result.Items ?? []).map((item) => String(item.user_id)))];
}

/** Articles a user has read (any order), up to `limit`. */
export async function articlesReadBy(userId: string, limit: number): Promise<string[]> {
  const result = await ddb().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `READS#${userId}` },
      Limit: limit,
      ProjectionExpression: 'article_id',
    }),
  );
  return (result.Items ?? []).map((item) => String(item.article_id));
}
