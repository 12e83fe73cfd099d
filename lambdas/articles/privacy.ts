// What the articles context holds about a person (their articles, their reading history) for Meus
// dados, and its part of an account deletion: the readings go; the articles stay, published as the
// newsroom's, reassigned to the anonymous author (no profile: every page shows 'Autor Anônimo').
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryAll, tableName, type Item, type Key, type TransactItem } from '../platform/dynamo';
import { batchDelete, batchGet } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { articleEntity, AUTHOR_LISTS, isPublished } from './article';
import { readsPk } from './reading-history';

const ARTICLE_EXPORT = ['id', 'title', 'slug', 'status', 'visibility', 'created_at', 'published_at'] as const;
const READING_EXPORT = ['article_id', 'created_at', 'time_spent_seconds', 'scroll_depth_percent'] as const;
/** Articles reassigned at once: each is its own transaction. */
const PARALLEL = 8;

/** Both gsi1 partitions of an author's articles (published, and the others). */
const authorPartitions = (userId: string) => [AUTHOR_LISTS.published(userId), AUTHOR_LISTS.unpublished(userId)];
const byAuthor = async (userId: string, fields: readonly string[]) =>
  (await Promise.all(authorPartitions(userId).map((partition) => queryAll({ index: 'gsi1', partition, descending: true, fields })))).flat();
const pick = (item: Item, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const [articles, readings] = await Promise.all([
    byAuthor(subject.user_id, ARTICLE_EXPORT),
    queryAll({ partition: readsPk(subject.user_id), fields: READING_EXPORT }),
  ]);
  return { articles: articles.map((item) => pick(item, ARTICLE_EXPORT)), reading_history: readings.map((item) => pick(item, READING_EXPORT)) };
}

/**
 * Moves one article to the anonymous author: the article item carries its author-page and admin-list
 * entries and its latest SEO result, so one Update guarded by its current author and status (a second
 * run, or a save meanwhile that moved it to another gsi1 partition, writes nothing). Without a new
 * version: the history stays as written, and events.ts emits ArticleUpdated for a published one.
 */
async function reassign(articleId: string, userId: string): Promise<boolean> {
  // A save between the read and the Update may have moved it to the other gsi1 partition: read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await reassignOnce(articleId, userId);
    if (outcome !== 'moved-meanwhile') return outcome;
  }
  return false;
}

async function reassignOnce(articleId: string, userId: string): Promise<boolean | 'moved-meanwhile'> {
  const [found] = await batchGet([articleEntity.key(articleId)], { fields: ['pk', 'sk', 'author_id', 'status'] });
  if (found?.author_id !== userId) return false;
  const published = isPublished({ status: found.status as 'published' });
  const item: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: articleEntity.key(articleId),
      UpdateExpression: 'SET #author_id = :author_id, #gsi1pk = :gsi1pk',
      ConditionExpression: '#author_id = :me AND #status = :status',
      ExpressionAttributeNames: { '#author_id': 'author_id', '#gsi1pk': 'gsi1pk', '#status': 'status' },
      ExpressionAttributeValues: {
        ':author_id': ANONYMOUS_AUTHOR_ID,
        ':gsi1pk': published ? AUTHOR_LISTS.published(ANONYMOUS_AUTHOR_ID) : AUTHOR_LISTS.unpublished(ANONYMOUS_AUTHOR_ID),
        ':me': userId,
        ':status': found.status,
      },
    },
  };
  return (await conditionalWrite(() => ddb().send(new TransactWriteCommand({ TransactItems: [item] })))) || 'moved-meanwhile';
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const userId = subject.user_id;
  const [articles, readings] = await Promise.all([
    byAuthor(userId, ['id']),
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
