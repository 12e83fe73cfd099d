// Domain events of the notifications context (see EVENTS.md beside this file): a notification item
// inserted is NotificationCreated, which the live context pushes to its user's open tabs.
import { z } from 'zod';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPES } from '../../shared/notifications';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { notificationEntity } from './notification';

const notificationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  read_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  article_id: z.string().nullable(),
});

export const NOTIFICATION_EVENTS = {
  NotificationCreated: {
    source: 'portal.notifications',
    description: 'A notification was written for a user (once per source event).',
    detail: z.object({ user_id: z.string(), notification: notificationSchema }),
  },
} as const satisfies EventCatalogue;

export const notificationEvents: ChangeMapper = (change) => {
  const item = change.newImage;
  if (change.eventName !== 'INSERT' || item?.entity !== 'notification') return [];
  const notification = notificationEntity.fromItem(item);
  return [domainEvent(NOTIFICATION_EVENTS, 'NotificationCreated', { user_id: notification.user_id, notification })];
};
