// The notification entity: its key and its item, with the indexes that list it (keys charted in
// lambdas/DATA.md). No AWS SDK here: the event mapper (read by the CDK app through the contract) uses it.
import type { Notification, NotificationMetadata, NotificationStatus, NotificationType } from '../../shared/notifications';
import type { Item, Key } from '../platform/dynamo';

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
const orNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const notificationEntity = {
  /** A user's notifications, all in one partition. */
  partition: (userId: string) => `NOTIF#${userId}`,
  key: (userId: string, id: string): Key => ({ pk: notificationEntity.partition(userId), sk: `NOTIF#${id}` }),
  /** The user's notifications not archived, newest first (gsi1). */
  inbox: (userId: string) => `INBOX#${userId}`,
  /** The user's unread notifications (gsi2). */
  unread: (userId: string) => `UNREAD#${userId}`,
  sortKey: (notification: Pick<Notification, 'created_at' | 'id'>) => `${notification.created_at}#${notification.id}`,
  toItem: (notification: Notification): Item => ({
    ...notificationEntity.key(notification.user_id, notification.id),
    entity: 'notification',
    ...notification,
    ...(notification.status !== 'archived' ? { gsi1pk: notificationEntity.inbox(notification.user_id), gsi1sk: notificationEntity.sortKey(notification) } : {}),
    ...(notification.status === 'unread' ? { gsi2pk: notificationEntity.unread(notification.user_id), gsi2sk: notificationEntity.sortKey(notification) } : {}),
  }),
  fromItem: (item: Item): Notification => ({
    id: text(item.id),
    user_id: text(item.user_id),
    type: item.type as NotificationType,
    message: text(item.message),
    status: item.status as NotificationStatus,
    read_at: orNull(item.read_at),
    archived_at: orNull(item.archived_at),
    created_at: text(item.created_at),
    metadata: (item.metadata as NotificationMetadata | undefined) ?? {},
    article_id: orNull(item.article_id),
  }),
};
