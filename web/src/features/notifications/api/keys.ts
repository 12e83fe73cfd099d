// TanStack Query keys of the notifications feature.
export const notificationKeys = {
  all: () => ['notifications'] as const,
  /** The signed-in user's newest notifications and unread count (NotificationList). */
  list: (userId: string | undefined) => ['notifications', userId ?? 'anonymous'] as const,
};
