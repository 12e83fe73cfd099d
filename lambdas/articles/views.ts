// Views: one per visitor per article in a 30-minute window, at most VIEW_LIMITS.perArticleDay of an
// article a day from one address group (an IPv4 address, an IPv6 /64: the browser it names changes
// nothing), and at most VIEW_LIMITS.perMinute requests a minute from one network address, so the
// public counter cannot be inflated by a script. A visitor is a hash of the address, the browser and
// the article: no address is stored in clear, and every marker expires with the table's TTL. The
// counter itself is its own item, so a view neither rewrites the article nor publishes an event; the
// article's first view makes it (an article never viewed has no counter: an import writes none).
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../shared/messages';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { ddb } from '../platform/clients';
import { addressGroup } from '../platform/address-rate';
import { conditionalWrite, getItem, tableName, type Key, type TransactItem } from '../platform/dynamo';
import type { BatchPart } from '../platform/dynamo-batch';
import { AppError, notFound } from '../platform/errors';
import { articleEntity, articlePk, checkArticleId, isPublished } from './article';

/**
 * perArticleDay: the analytics' cap of one article's views from one address in a day (its arithmetic
 * in lambdas/analytics/rollup.ts SOURCE_LIMITS: ~10 readers of the day's top story behind a busy
 * carrier address); past it a view is answered alike and not counted (the reader is likely real).
 */
export const VIEW_LIMITS = { windowSeconds: 30 * 60, perMinute: 120, perArticleDay: 10 } as const;

export interface Viewer {
  /** The reader's network address, as the edge saw it. */
  address: string;
  userAgent: string;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);
export const viewCounter = {
  key: (articleId: string): Key => ({ pk: articlePk(articleId), sk: 'VIEWS' }),
  /** The counter knows whether the article is published, so a view is one conditional ADD. */
  setPublished: (articleId: string, published: boolean): NonNullable<TransactItem['Update']> => ({
    TableName: tableName(),
    Key: viewCounter.key(articleId),
    UpdateExpression: 'SET entity = :e, article_id = :id, published = :p',
    ExpressionAttributeValues: { ':e': 'article_views', ':id': articleId, ':p': published },
  }),
};

/** The view counts of articles, as one part of a shared BatchGet; an article never viewed has 0. */
export function viewCounts(articleIds: string[]): BatchPart<(articleId: string) => number> {
  return {
    keys: articleIds.map((id) => viewCounter.key(id)),
    fields: ['views_count'],
    read: (found) => (id) => Number(found(viewCounter.key(id))?.views_count ?? 0),
  };
}

/** Counts a view unless this visitor was counted in the window or its address's day is full; 429 past the address's rate, 404 unless published. */
export async function countView(articleId: string, viewer: Viewer, nowMs = Date.now()): Promise<void> {
  const now = Math.floor(nowMs / 1000);
  const minute = Math.floor(now / 60);
  const withinRate = await conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `VIEWRATE#${hash(viewer.address)}`, sk: String(minute) },
        UpdateExpression: 'ADD hits :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': VIEW_LIMITS.perMinute, ':expires': (minute + 2) * 60 },
      }),
    ),
  );
  if (!withinRate) throw new AppError(429, MESSAGES.tooManyRequests);
  // TTL deletes lazily: an expired marker counts as absent.
  const marker = { pk: `VIEWER#${articleId}`, sk: hash(viewer.address, viewer.userAgent, articleId) };
  const firstInWindow = await conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...marker, expires_at: now + VIEW_LIMITS.windowSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
  if (!firstInWindow) return;
  // The address's day for this article: once full, a view is answered alike and not counted.
  const day = new Date(nowMs).toISOString().slice(0, 10);
  const withinCap = await conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `VIEWCAP#${hash(addressGroup(viewer.address), articleId, day)}`, sk: day },
        UpdateExpression: 'ADD hits :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :cap',
        ExpressionAttributeValues: { ':one': 1, ':cap': VIEW_LIMITS.perArticleDay, ':expires': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400 },
      }),
    ),
  );
  // Published: counted, or (its day full) answered alike; not published: a 404.
  const published = withinCap ? await addView(articleId) : await isPublishedForViews(articleId);
  if (published) return;
  // Nothing to count: leave no marker, so the next try answers 404 again rather than "already counted".
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: marker }));
  throw notFound(ARTICLE_MESSAGES.notFound);
}

const addToCounter = (articleId: string) =>
  conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: viewCounter.key(articleId),
        UpdateExpression: 'ADD views_count :one',
        ConditionExpression: 'published = :true',
        ExpressionAttributeValues: { ':one': 1, ':true': true },
      }),
    ),
  );

/** Whether the counter says published; without a counter, the article (it was never viewed). */
async function isPublishedForViews(articleId: string): Promise<boolean> {
  const counter = await getItem(viewCounter.key(articleId));
  if (counter) return counter.published === true;
  return isPublished((await getItem(articleEntity.key(articleId), true)) as { status: 'published' } | undefined);
}

/**
 * One view of a published article: one conditional ADD once its counter exists. The first view of a
 * published article makes the counter (only if none was made meanwhile: a concurrent first view, or
 * an unpublish writing its flag, wins, and the ADD is tried again against it).
 */
async function addView(articleId: string): Promise<boolean> {
  if (await addToCounter(articleId)) return true;
  if (await getItem(viewCounter.key(articleId), true)) return false;
  if (!isPublished((await getItem(articleEntity.key(articleId), true)) as { status: 'published' } | undefined)) return false;
  const made = await conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: viewCounter.key(articleId),
        UpdateExpression: 'SET entity = :e, article_id = :id, published = :true ADD views_count :one',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':e': 'article_views', ':id': articleId, ':true': true, ':one': 1 },
      }),
    ),
  );
  return made || addToCounter(articleId);
}

/** POST /api/articles/{id}/view */
export async function recordView(id: string, viewer: Viewer): Promise<void> {
  await countView(checkArticleId(id), viewer);
}
