// DynamoDB access for articles: reading them by id, slug, author, state and index, and writing one
// in a transaction with everything that must change with it. Takes and returns ArticleRecord values;
// the items are built by the entities (article.ts and the modules named below).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut } from '../audit/public';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, countItems, getItem, query, queryAll, queryFirst, tableName, type Key, type TransactItem } from '../platform/dynamo';
import { batchDelete, type BatchPart } from '../platform/dynamo-batch';
import { queryMergedFirst } from '../platform/sharded';
import {
  tagEntity,
  type ArticleCardRecord,
  articleEntity,
  articlePk,
  type ArticleRecord,
  type ArticleRowRecord,
  AUTHOR_LISTS,
  CARD_FIELDS,
  FEED,
  isPublished,
  locationEntity,
  ROW_FIELDS,
  slugClaim,
  statusCounter,
  type PublishedIndex,
} from './article';
import { cityCountUpdates } from './city-counts';
import { tagCountUpdates } from './tag-counts';
import { versionEntity } from './version-store';
import { viewCounter } from './views';

export async function getArticle(id: string, consistent = false): Promise<ArticleRecord | undefined> {
  const item = await getItem(articleEntity.key(id), consistent);
  return item && articleEntity.fromItem(item);
}

export async function articleIdBySlug(slug: string): Promise<string | undefined> {
  return slugClaim.articleIdOf(await getItem(slugClaim.key(slug)));
}

/** Which transaction item failed its condition: the caller tells the reader what each means. */
type ConflictReason = 'slug' | 'version';

export class WriteConflict extends Error {
  constructor(readonly reason: ConflictReason) {
    super(reason);
    this.name = 'WriteConflict';
  }
}

async function transact(items: TransactItem[], reasons: (ConflictReason | null)[]): Promise<void> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const reason = reasons[cancelledItemIndex(error) ?? -1];
    throw reason ? new WriteConflict(reason) : error;
  }
}

/**
 * Writes a new state of an article in one transaction: the article (guarded by its version; an
 * Update of its own attributes, so its latest SEO result stays), the slug claim, the tag and location
 * index items, the city counters, the view counter's published flag (once it exists, or on a change
 * of state) and the version history entry. `before` is the stored state (undefined on create).
 */
export async function saveArticle(before: ArticleRecord | undefined, after: ArticleRecord, changedBy: string): Promise<void> {
  const TableName = tableName();
  const items: TransactItem[] = [];
  const reasons: (ConflictReason | null)[] = [];
  const add = (item: TransactItem, reason: ConflictReason | null = null) => {
    items.push(item);
    reasons.push(reason);
  };
  const remove = (Key: Key) => add({ Delete: { TableName, Key } });

  const update = articleEntity.saveUpdate(after);
  add(
    {
      Update: {
        TableName,
        Key: articleEntity.key(after.id),
        ...update,
        ConditionExpression: before ? 'version = :base' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...(before ? { ':base': before.version } : {}) },
      },
    },
    before ? 'version' : null,
  );
  if (!before || before.slug !== after.slug) {
    // One article per slug: the claim fails if another article holds it.
    const claim = { ConditionExpression: 'attribute_not_exists(pk) OR article_id = :id', ExpressionAttributeValues: { ':id': after.id } };
    add({ Put: { TableName, Item: slugClaim.toItem(after), ...claim } }, 'slug');
    if (before) remove(slugClaim.key(before.slug));
  }
  for (const tag of before?.tags ?? []) {
    if (!after.tags.includes(tag)) remove(tagEntity.key(after.id, tag));
  }
  for (const tag of after.tags) add({ Put: { TableName, Item: tagEntity.toItem(after, tag) } });
  for (const location of before?.locations ?? []) {
    if (!after.locations.some((next) => next.code === location.code)) remove(locationEntity.key(after.id, location));
  }
  for (const location of after.locations) add({ Put: { TableName, Item: locationEntity.toItem(after, location) } });
  for (const update of [...cityCountUpdates(before, after), ...tagCountUpdates(before, after)]) add({ Update: update });
  // The counter is made by the first view (views.ts); a change of state of an existing article writes its flag.
  if (before && isPublished(before) !== isPublished(after)) add({ Update: viewCounter.setPublished(after.id, isPublished(after)) });
  add({ Put: { TableName, Item: versionEntity.toItem(after.id, versionEntity.of(after, changedBy)) } });
  if (before?.status !== after.status) {
    add({ Update: { ...statusCounter.update(before?.status, after.status), TableName } });
    // The audit log (log_system_event) records every change of status, with who made it.
    if (before) {
      add(
        auditPut({
          event_type: 'ARTICLE_UPDATE',
          action: 'update_article',
          user_id: changedBy,
          target_type: 'article',
          target_id: after.id,
          details: { title: after.title, status: after.status, hasAI: after.ai_last_updated !== before.ai_last_updated },
        }),
      );
    }
  }
  await transact(items, reasons);
}

/** Removes an article and its index items in one transaction; history items are removed after. */
export async function deleteArticle(article: ArticleRecord, deletedBy: string): Promise<void> {
  const TableName = tableName();
  const remove = (Key: Key): TransactItem => ({ Delete: { TableName, Key } });
  await transact(
    [
      { Delete: { TableName, Key: articleEntity.key(article.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': article.version } } },
      remove(slugClaim.key(article.slug)),
      remove(viewCounter.key(article.id)),
      ...article.tags.map((tag) => remove(tagEntity.key(article.id, tag))),
      ...article.locations.map((location) => remove(locationEntity.key(article.id, location))),
      ...[...cityCountUpdates(article, undefined), ...tagCountUpdates(article, undefined)].map((update) => ({ Update: update })),
      { Update: { ...statusCounter.update(article.status, undefined), TableName } },
      auditPut({
        event_type: 'ARTICLE_DELETE',
        action: 'delete_article',
        user_id: deletedBy,
        target_type: 'article',
        target_id: article.id,
        details: { title: article.title, status: article.status },
      }),
    ],
    ['version'],
  );
  // Versions and validations have no readers once the article is gone.
  const rest = await queryAll({ partition: articlePk(article.id), fields: ['pk', 'sk'] });
  await batchDelete(rest.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}

/** The author's articles, newest created first (My articles): the published and the other ones, merged. */
export async function articlesByAuthor(authorId: string): Promise<ArticleRowRecord[]> {
  const lists = await Promise.all(
    [AUTHOR_LISTS.published(authorId), AUTHOR_LISTS.unpublished(authorId)].map((partition) => queryAll({ index: 'gsi1', partition, fields: ROW_FIELDS })),
  );
  const order = (row: ArticleRowRecord) => `${row.created_at}#${row.id}`;
  return lists
    .flat()
    .map((item) => articleEntity.read(item, ROW_FIELDS))
    .sort((a, b) => (order(a) < order(b) ? 1 : order(a) > order(b) ? -1 : 0));
}

/** Articles waiting for an editor, longest waiting first; a list needs no bodies. */
export async function inReview(limit: number): Promise<ArticleRowRecord[]> {
  const items = await query({ index: 'gsi2', partition: 'REVIEW', limit, fields: ROW_FIELDS });
  return items.map((item) => articleEntity.read(item, ROW_FIELDS));
}

/** The latest published articles, newest first. */
export async function latestPublished(limit: number): Promise<ArticleCardRecord[]> {
  const items = await queryMergedFirst({ index: 'gsi2', partitions: FEED.all(), descending: true, fields: CARD_FIELDS }, limit);
  return items.map((item) => articleEntity.read(item, CARD_FIELDS));
}

/** Ids of the latest published articles with a tag (`TAG#x`) or in a city (`CITY#path`). */
export async function publishedIdsIn(index: PublishedIndex, limit: number): Promise<string[]> {
  const items = await query({ index: 'gsi1', partition: index, descending: true, limit, fields: ['article_id'] });
  return items.map((item) => String(item.article_id));
}

/** How many articles the author has published (Select COUNT over the author-page index). */
export function countPublishedBy(authorId: string): Promise<number> {
  return countItems({ index: 'gsi1', partition: AUTHOR_LISTS.published(authorId) });
}

/** Ids of the author's `limit` latest published articles, newest first; only the ids are read. */
export async function publishedIdsBy(authorId: string, limit: number): Promise<string[]> {
  const items = await queryFirst({ index: 'gsi1', partition: AUTHOR_LISTS.published(authorId), descending: true, fields: ['id'] }, limit);
  return items.map((item) => String(item.id));
}

/** Card fields of articles known by id, as one part of a shared BatchGet. */
export function articleCards(ids: string[]): BatchPart<(id: string) => ArticleCardRecord | undefined> {
  return {
    keys: ids.map((id) => articleEntity.key(id)),
    fields: CARD_FIELDS,
    read: (found) => (id) => {
      const item = found(articleEntity.key(id));
      return item && articleEntity.read(item, CARD_FIELDS);
    },
  };
}
