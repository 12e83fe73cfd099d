// The signed-in user's notifications: the list (newest 50 and the unread count), marking read, all
// read and archiving (each answer written into the cache), and the live feed: a NotificationCreated
// pushed over the tab's WebSocket joins the list at once with a 'Nova notificação' toast.
import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications as toasts } from '@mantine/notifications';
import { NOTIFICATION_MESSAGES, type Notification, type NotificationList } from '../../../../../shared/notifications';
import { useAuth } from '../../../auth/context';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LIVE_RESYNC } from '../../../lib/live';
import { useLiveUser } from '../../../lib/useLive';
import { allRead, withNotification } from '../api/cache';
import { notificationKeys } from '../api/keys';
import { archiveNotification, fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications';

export function useNotifications() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: notificationKeys.list(user?.userId),
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: status === 'signedIn',
    staleTime: 30_000,
    // Without a live connection (readers), coming back to the tab is when to look again.
    refetchOnWindowFocus: true,
  });
}

function useListUpdate() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return (update: (list: NotificationList | undefined) => NotificationList | undefined) =>
    queryClient.setQueryData<NotificationList>(notificationKeys.list(user?.userId), update);
}

export function useNotificationActions() {
  const update = useListUpdate();
  const changed = (notification: Notification) => update((list) => withNotification(list, notification));
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: changed,
    onError: (error) => notifyError(errorMessage(error, NOTIFICATION_MESSAGES.readError)),
  });
  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      update((list) => allRead(list, new Date().toISOString()));
      notifySuccess(NOTIFICATION_MESSAGES.allRead);
    },
    onError: (error) => notifyError(errorMessage(error, NOTIFICATION_MESSAGES.readAllError)),
  });
  const archive = useMutation({
    mutationFn: archiveNotification,
    onSuccess: changed,
    onError: (error) => notifyError(errorMessage(error, NOTIFICATION_MESSAGES.archiveError)),
  });
  return { markRead, markAllRead, archive };
}

/** Mount once (the header's bell): new notifications arrive live for the newsroom. */
export function useLiveNotifications(): void {
  const update = useListUpdate();
  const queryClient = useQueryClient();
  // Delivery is at least once: one toast per notification.
  const toasted = useRef(new Set<string>());
  useLiveUser((event) => {
    // Back after a drop: what came meanwhile is read from the API.
    if (event.name === LIVE_RESYNC) void queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
    if (event.name !== 'NotificationCreated') return;
    const notification = (event.detail as { notification?: Notification }).notification;
    if (!notification || toasted.current.has(notification.id)) return;
    toasted.current.add(notification.id);
    update((list) => withNotification(list, notification));
    toasts.show({ title: NOTIFICATION_MESSAGES.created, message: notification.message, color: 'indigo', autoClose: 5000 });
  });
}
