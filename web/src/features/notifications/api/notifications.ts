// The notifications API (lambdas/notifications): the caller's own, only.
import type { Notification, NotificationList, ReadAllResult } from '../../../../../shared/notifications';
import { api } from '../../../lib/api';

const path = (id: string, action: 'read' | 'archive') => `/notifications/${encodeURIComponent(id)}/${action}`;

export const fetchNotifications = (signal?: AbortSignal) => api.get<NotificationList>('/notifications', { signal });
export const markNotificationRead = (id: string) => api.post<Notification>(path(id, 'read'));
export const markAllNotificationsRead = () => api.post<ReadAllResult>('/notifications/read-all');
export const archiveNotification = (id: string) => api.post<Notification>(path(id, 'archive'));
