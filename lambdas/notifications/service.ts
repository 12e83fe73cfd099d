// The notification center of the signed-in user: the newest 50 not archived with the unread count,
// marking one or all as read, archiving one. Only the caller's own: another user's id is a 404.
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_LIMIT, type Notification, type NotificationList, type ReadAllResult } from '../../shared/notifications';
import { notFound } from '../platform/errors';
import * as store from './store';

const NOTIFICATION_ID = /^[0-9a-f]{32}$/;
const nowIso = () => new Date().toISOString();

/** The id from a path, or a 404 when it cannot be a notification's. */
function checkId(id: string): string {
  if (!NOTIFICATION_ID.test(id)) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return id;
}

const found = (notification: Notification | undefined): Notification => {
  if (!notification) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return notification;
};

export async function listNotifications(userId: string): Promise<NotificationList> {
  const [notifications, unread_count] = await Promise.all([store.inbox(userId, NOTIFICATIONS_LIMIT), store.unreadCount(userId)]);
  return { notifications, unread_count };
}

export async function markRead(userId: string, id: string): Promise<Notification> {
  return found(await store.markRead(userId, checkId(id), nowIso()));
}

/** Every unread notification of the user becomes read (a few at a time). */
export async function markAllRead(userId: string): Promise<ReadAllResult> {
  const ids = await store.unreadIds(userId);
  const at = nowIso();
  let updated = 0;
  for (let start = 0; start < ids.length; start += 25) {
    const done = await Promise.all(ids.slice(start, start + 25).map((id) => store.markRead(userId, id, at)));
    updated += done.filter((notification) => notification?.read_at === at).length;
  }
  return { updated };
}

export async function archive(userId: string, id: string): Promise<Notification> {
  return found(await store.archive(userId, checkId(id), nowIso()));
}
