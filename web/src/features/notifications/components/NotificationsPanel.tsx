// The notification list (spec sections 2 and 8, "Monitor: Notificações"): newest first, at most 50,
// in a 500 px scroll area; mark one read, mark all read, archive. The header's bell shows it in a
// popover; the /monitor page's 'Notificações' tab can show the same panel.
import { ActionIcon, Anchor, Badge, Box, Button, Group, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPE_LABELS, type Notification, type NotificationType } from '../../../../../shared/notifications';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatCardDateTime } from '../../../lib/format';
import { useNotificationActions, useNotifications } from '../hooks/useNotifications';
import { notificationLink } from '../lib/link';

/** Spec section 9: the notifications scroll area is 500 px high. */
export const NOTIFICATIONS_HEIGHT = 500;

const TYPE_COLORS: Record<NotificationType, string> = {
  SEO_OK: 'teal',
  SEO_ERROR: 'red',
  AI_SUCCESS: 'teal',
  AI_ERROR: 'red',
  PUBLISH_SUCCESS: 'indigo',
  LOAD_ERROR: 'red',
  REVIEW: 'grape',
  COMMENT: 'blue',
  STORY_ASSIGNED: 'orange',
};

/** SEO errors and warnings: the first three, and how many more. */
function Details({ notification }: { notification: Notification }) {
  const items = [...(notification.metadata.errors ?? []), ...(notification.metadata.warnings ?? [])];
  if (!items.length) return null;
  return (
    <Stack gap={0} component="ul" pl="md" m={0}>
      {items.slice(0, 3).map((item) => (
        <Text component="li" size="xs" c="dimmed" key={item}>
          {item}
        </Text>
      ))}
      {items.length > 3 && (
        <Text component="li" size="xs" c="dimmed">
          + {items.length - 3} mais
        </Text>
      )}
    </Stack>
  );
}

function Item({ notification, onClose }: { notification: Notification; onClose?: () => void }) {
  const { markRead, archive } = useNotificationActions();
  const unread = notification.status === 'unread';
  const link = notificationLink(notification);
  return (
    <Box component="li" px="md" py="sm" bg={unread ? 'indigo.0' : undefined} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge size="xs" variant="light" color={TYPE_COLORS[notification.type]}>
              {NOTIFICATION_TYPE_LABELS[notification.type]}
            </Badge>
            <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
              {formatCardDateTime(notification.created_at, true)}
            </Text>
          </Group>
          {link ? (
            <Anchor component={Link} to={link} size="sm" fw={unread ? 700 : 400} c="dark" onClick={onClose}>
              {notification.message}
            </Anchor>
          ) : (
            <Text size="sm" fw={unread ? 700 : 400}>
              {notification.message}
            </Text>
          )}
          <Details notification={notification} />
        </Stack>
        <Group gap={2} wrap="nowrap">
          {unread && (
            <Tooltip label="Marcar como lida">
              <ActionIcon variant="subtle" aria-label="Marcar como lida" loading={markRead.isPending} onClick={() => markRead.mutate(notification.id)}>
                <IconCheck size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Arquivar">
            <ActionIcon variant="subtle" color="gray" aria-label="Arquivar" loading={archive.isPending} onClick={() => archive.mutate(notification.id)}>
              <IconArchive size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
}

export function NotificationsPanel({ onClose }: { onClose?: () => void }) {
  const list = useNotifications();
  const { markAllRead } = useNotificationActions();
  const unread = list.data?.unread_count ?? 0;
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h5">
            Notificações
          </Title>
          {unread > 0 && (
            <Badge size="sm" color="red" circle={unread < 10}>
              {unread}
            </Badge>
          )}
        </Group>
        <Button size="compact-xs" variant="subtle" disabled={!unread} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
          Marcar todas como lidas
        </Button>
      </Group>
      {list.isPending && (
        <Stack px="md" pb="md" gap="xs">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={48} radius="sm" />
          ))}
        </Stack>
      )}
      {list.isError && (
        <Box px="md" pb="md">
          <RetryAlert compact message={NOTIFICATION_MESSAGES.loadError} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        </Box>
      )}
      {list.data && !list.data.notifications.length && (
        <Text size="sm" c="dimmed" px="md" pb="md">
          {NOTIFICATION_MESSAGES.empty}
        </Text>
      )}
      {list.data && list.data.notifications.length > 0 && (
        <ScrollArea.Autosize mah={NOTIFICATIONS_HEIGHT} type="auto">
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notificações">
            {list.data.notifications.map((notification) => (
              <Item key={notification.id} notification={notification} onClose={onClose} />
            ))}
          </Box>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
