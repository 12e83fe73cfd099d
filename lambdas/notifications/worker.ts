// The notifications worker: each event of a source (sources.ts) becomes at most one notification,
// written once whatever the number of deliveries: its id derives from the event's occurrence and the
// recipient, and the put is conditional. A message that cannot be read fails alone and, after the
// queue's maxReceiveCount, rests in the DLQ.
import { createHash } from 'node:crypto';
import type { Notification } from '../../shared/notifications';
import { ANONYMOUS_AUTHOR_ID } from '../../shared/privacy';
import { articleHeadline } from '../articles/public';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { SOURCE_CATALOGUE, SOURCE_NAMES, sourceNamed, type NotificationSource } from './sources';
import { insertNotification } from './store';

/** 32 hex characters (128 bits) of SHA-256: the same occurrence and recipient always give the same id. */
export const notificationId = (occurrence: string, userId: string): string =>
  createHash('sha256').update(`${occurrence}\n${userId}`).digest('hex').slice(0, 32);

/** Writes the notification an event implies; returns it when written, undefined when none was due or it already was. */
export async function notifyFrom(source: NotificationSource, detail: unknown, correlationId: string, now = new Date()): Promise<Notification | undefined> {
  const articleId = source.articleId?.(detail as never);
  const article = articleId === undefined ? undefined : await articleHeadline(articleId);
  if (articleId !== undefined && !article) {
    logger.info('notifications: the article is gone, nothing to say', { event: source.name, articleId });
    return undefined;
  }
  const draft = source.notify(detail as never, article);
  // The articles of a deleted account belong to the anonymous author: nobody reads its inbox.
  if (!draft || draft.user_id === ANONYMOUS_AUTHOR_ID) return undefined;
  const notification: Notification = {
    id: notificationId(source.occurrence(detail as never, correlationId), draft.user_id),
    user_id: draft.user_id,
    type: draft.type,
    message: draft.message,
    status: 'unread',
    read_at: null,
    archived_at: null,
    created_at: now.toISOString(),
    metadata: draft.metadata ?? {},
    article_id: articleId ?? null,
  };
  const written = await insertNotification(notification);
  if (written) metrics.addMetric('NotificationsCreated', MetricUnit.Count, 1);
  logger.info('notifications: notification', { event: source.name, id: notification.id, type: notification.type, written });
  return written ? notification : undefined;
}

export const handler = eventWorker(SOURCE_CATALOGUE, SOURCE_NAMES, async (detail, _context, event) => {
  const source = sourceNamed(event.name);
  if (!source) throw new Error(`no notification source for ${event.name}`);
  await notifyFrom(source, detail, event.correlationId ?? '');
});
