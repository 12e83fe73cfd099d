// What a change does to the cached list (newest first, at most 50, with the unread count): a
// notification pushed live, or one the user marked read or archived. Each appears once, whichever
// arrives first; a list never loaded stays unloaded (its first fetch has everything).
import { NOTIFICATIONS_LIMIT, type Notification, type NotificationList } from '../../../../../shared/notifications';

const unread = (notification: Notification | undefined) => (notification?.status === 'unread' ? 1 : 0);
const newestFirst = (a: Notification, b: Notification) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/** The list with this state of the notification: new ones first, archived ones out. */
export function withNotification(list: NotificationList | undefined, notification: Notification): NotificationList | undefined {
  if (!list) return list;
  const before = list.notifications.find((entry) => entry.id === notification.id);
  const others = list.notifications.filter((entry) => entry.id !== notification.id);
  const notifications = notification.status === 'archived' ? others : [notification, ...others].sort(newestFirst).slice(0, NOTIFICATIONS_LIMIT);
  // A notification not listed before is new (pushed live): it counts if unread.
  const unread_count = Math.max(0, list.unread_count - unread(before) + unread(notification));
  return { notifications, unread_count };
}

/** The list after "mark all as read" at `at`. */
export function allRead(list: NotificationList | undefined, at: string): NotificationList | undefined {
  if (!list) return list;
  return {
    notifications: list.notifications.map((entry) => (entry.status === 'unread' ? { ...entry, status: 'read', read_at: at } : entry)),
    unread_count: 0,
  };
}
