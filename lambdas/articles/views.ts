// Views: one per visitor per article in a 30-minute window, and at most VIEW_LIMITS.perMinute counted
// views a minute from one network address, so the public counter cannot be inflated by a script.
// A visitor is a hash of the address, the browser and the article: no address is stored in clear,
// and every marker expires with the table's TTL.
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../../shared/messages';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';
import { AppError, isConditionFailure, notFound } from '../platform/errors';
import { viewsKey } from './store';

export const VIEW_LIMITS = { windowSeconds: 30 * 60, perMinute: 120 } as const;

export interface Viewer {
  /** The reader's network address, as the edge saw it. */
  address: string;
  userAgent: string;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);
const table = () => env('TABLE_NAME');

/** False when the condition failed; true when written. */
async function written(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Counts a view unless this visitor was counted in the window; 429 past the address's rate, 404 unless published. */
export async function countView(articleId: string, viewer: Viewer, nowMs = Date.now()): Promise<void> {
  const now = Math.floor(nowMs / 1000);
  const minute = Math.floor(now / 60);
  const withinRate = await written(() =>
    ddb().send(
      new UpdateCommand({
        TableName: table(),
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
  const firstInWindow = await written(() =>
    ddb().send(
      new PutCommand({
        TableName: table(),
        Item: { ...marker, expires_at: now + VIEW_LIMITS.windowSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
  if (!firstInWindow) return;
  const counted = await written(() =>
    ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: viewsKey(articleId),
        UpdateExpression: 'ADD views_count :one',
        ConditionExpression: 'published = :true',
        ExpressionAttributeValues: { ':one': 1, ':true': true },
      }),
    ),
  );
  if (counted) return;
  // Nothing to count: leave no marker, so the next try answers 404 again rather than "already counted".
  await ddb().send(new DeleteCommand({ TableName: table(), Key: marker }));
  throw notFound(ARTICLE_MESSAGES.notFound);
}
