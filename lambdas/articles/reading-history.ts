// Reading history: one record per visit of a signed-in reader to a published article, and what it
// tells related articles ("readers of this one also read").
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ARTICLE_MESSAGES, type Reading } from '../../shared/articles';
import { RETENTION } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, query, tableName, type Item, type Key } from '../platform/dynamo';
import { notFound } from '../platform/errors';
import { checkArticleId, isPublished } from './article';
import { getArticle } from './article-store';

export interface ReadingRecord {
  user_id: string;
  article_id: string;
  visit_id: string;
  time_spent_seconds: number;
  scroll_depth_percent: number;
  created_at: string;
}

export const readsPk = (userId: string) => `READS#${userId}`;
const readersPk = (articleId: string) => `READERS#${articleId}`;

/** When a reading leaves the table (TTL, epoch seconds): the retention /privacidade states (LGPD art. 15–16). */
export const readingExpiry = (createdAt: string): number => Math.floor(Date.parse(createdAt) / 1000) + RETENTION.readingDays * 86_400;

const readingEntity = {
  key: (reading: Pick<ReadingRecord, 'user_id' | 'visit_id'>): Key => ({ pk: readsPk(reading.user_id), sk: `VISIT#${reading.visit_id}` }),
  toItem: (reading: ReadingRecord): Item => ({
    ...readingEntity.key(reading),
    entity: 'reading',
    // Who read an article ("readers who also read").
    gsi1pk: readersPk(reading.article_id),
    gsi1sk: `${reading.created_at}#${reading.user_id}`,
    ...reading,
    expires_at: readingExpiry(reading.created_at),
  }),
};

/** One record per visit: the visit id is the key, so a repeated call stores nothing new. */
async function putReading(reading: ReadingRecord): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(new PutCommand({ TableName: tableName(), Item: readingEntity.toItem(reading), ConditionExpression: 'attribute_not_exists(pk)' })),
  );
}

/** The latest readers of an article. */
async function recentReaders(articleId: string, limit: number): Promise<string[]> {
  const items = await query({ index: 'gsi1', partition: readersPk(articleId), descending: true, limit, fields: ['user_id'] });
  return [...new Set(items.map((item) => String(item.user_id)))];
}

/** Articles a user has read (any order), up to `limit`. */
async function articlesReadBy(userId: string, limit: number): Promise<string[]> {
  const items = await query({ partition: readsPk(userId), limit, fields: ['article_id'] });
  return items.map((item) => String(item.article_id));
}

/** Articles read by the latest readers of this one (a bounded look: 3 readers, 10 reads each). */
export async function alsoReadIds(id: string): Promise<string[]> {
  const readers = await recentReaders(id, 10);
  const lists = await Promise.all(readers.slice(0, 3).map((userId) => articlesReadBy(userId, 10)));
  return lists.flat().slice(0, 10);
}

/** POST /api/articles/{id}/reading */
export async function recordReading(userId: string, id: string, reading: Reading): Promise<void> {
  const article = await getArticle(checkArticleId(id));
  if (!article || !isPublished(article)) throw notFound(ARTICLE_MESSAGES.notFound);
  await putReading({
    user_id: userId,
    article_id: id,
    visit_id: reading.visit_id,
    time_spent_seconds: reading.time_spent_seconds,
    scroll_depth_percent: Math.min(100, Math.round(reading.scroll_depth_percent)),
    created_at: new Date().toISOString(),
  });
}
