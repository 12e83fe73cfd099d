// What the articles context holds about a person (their articles, their reading history) for Meus
// dados, and its part of an account deletion: the readings go; the articles stay, published as the
// newsroom's, reassigned to the anonymous author (no profile: every page shows 'Autor Anônimo').
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryAll, tableName, type Item, type Key, type TransactItem } from '../platform/dynamo';
import { batchDelete, batchGet } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { articleEntity, authorFeedEntity, listingEntity } from './article';
import { readsPk } from './reading-history';
import { seoEntity } from './seo-store';

const ARTICLE_EXPORT = ['id', 'title', 'slug', 'status', 'visibility', 'created_at', 'published_at'] as const;
const READING_EXPORT = ['article_id', 'created_at', 'time_spent_seconds', 'scroll_depth_percent'] as const;
/** Articles reassigned at once: each is its own transaction. */
const PARALLEL = 8;

const authorPartition = (userId: string) => `AUTHOR#${userId}`;
const pick = (item: Item, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const [articles, readings] = await Promise.all([
    queryAll({ index: 'gsi1', partition: authorPartition(subject.user_id), descending: true, fields: ARTICLE_EXPORT }),
    queryAll({ partition: readsPk(subject.user_id), fields: READING_EXPORT }),
  ]);
  return { articles: articles.map((item) => pick(item, ARTICLE_EXPORT)), reading_history: readings.map((item) => pick(item, READING_EXPORT)) };
}

/**
 * Moves one article to the anonymous author in one transaction: the article (guarded by its current
 * author, so a second run writes nothing), its admin-list row, its author-page entry while published and
 * its latest SEO result, each only if it exists (an Update would otherwise create it). Without a new
 * version: the history stays as written, and events.ts emits ArticleUpdated for a published one.
 */
async function reassign(articleId: string, userId: string): Promise<boolean> {
  const keys = { article: articleEntity.key(articleId), listing: listingEntity.key(articleId), feed: authorFeedEntity.key(articleId), seo: seoEntity.latestKey(articleId) };
  const found = await batchGet(Object.values(keys), { fields: ['pk', 'sk', 'author_id'] });
  const has = (key: Key) => found.find((item) => item.pk === key.pk && item.sk === key.sk);
  if (has(keys.article)?.author_id !== userId) return false;
  const TableName = tableName();
  const set = (Key: Key, names: Record<string, string>, values: Record<string, unknown>, condition = 'attribute_exists(pk)'): TransactItem => ({
    Update: {
      TableName,
      Key,
      UpdateExpression: `SET ${Object.keys(names).map((name) => `${name} = :${name.slice(1)}`).join(', ')}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  const seo = has(keys.seo);
  const items: TransactItem[] = [
    set(keys.article, { '#author_id': 'author_id', '#gsi1pk': 'gsi1pk' }, { ':author_id': ANONYMOUS_AUTHOR_ID, ':gsi1pk': authorPartition(ANONYMOUS_AUTHOR_ID), ':me': userId }, '#author_id = :me'),
    ...(has(keys.listing) ? [set(keys.listing, { '#author_id': 'author_id' }, { ':author_id': ANONYMOUS_AUTHOR_ID })] : []),
    ...(has(keys.feed) ? [set(keys.feed, { '#gsi1pk': 'gsi1pk' }, { ':gsi1pk': authorFeedEntity.partition(ANONYMOUS_AUTHOR_ID) })] : []),
    ...(seo && seo.author_id !== undefined ? [set(keys.seo, { '#author_id': 'author_id' }, { ':author_id': ANONYMOUS_AUTHOR_ID })] : []),
  ];
  return conditionalWrite(() => ddb().send(new TransactWriteCommand({ TransactItems: items })));
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const userId = subject.user_id;
  const [articles, readings] = await Promise.all([
    queryAll({ index: 'gsi1', partition: authorPartition(userId), fields: ['id'] }),
    queryAll({ partition: readsPk(userId), fields: ['pk', 'sk'] }),
  ]);
  if (readings.length) await batchDelete(readings.map(keyOf));
  let anonymised = 0;
  const ids = articles.map((item) => String(item.id));
  for (let start = 0; start < ids.length; start += PARALLEL) {
    const done = await Promise.all(ids.slice(start, start + PARALLEL).map((id) => reassign(id, userId)));
    anonymised += done.filter(Boolean).length;
  }
  return { articles_anonymised: anonymised, readings: readings.length };
}

export const personalData: PersonalData = { context: 'articles', collect, erase };
