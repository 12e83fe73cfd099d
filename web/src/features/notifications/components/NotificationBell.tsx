// The header's bell (signed-in only, a lazy chunk: public pages never load it): the unread count, and
// the notification list in a popover. It also follows the user's live notifications.
import { useState } from 'react';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import '../../../styles/staff.css';
import { useLiveNotifications, useNotifications } from '../hooks/useNotifications';
import { NotificationsPanel } from './NotificationsPanel';

export default function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const list = useNotifications();
  useLiveNotifications();
  const unread = list.data?.unread_count ?? 0;
  const label = unread ? `Notificações: ${unread} não lida${unread === 1 ? '' : 's'}` : 'Notificações';
  return (
    <Popover opened={opened} onChange={setOpened} width={400} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={6} disabled={!unread} zIndex={1}>
          <ActionIcon variant="subtle" color="dark" size="lg" aria-label={label} title={label} onClick={() => setOpened((open) => !open)}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
        <NotificationsPanel onClose={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
