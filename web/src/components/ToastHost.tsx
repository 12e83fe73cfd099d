// The toast container and its styles: a lazy chunk, mounted with the first toast (AppProviders.tsx).
import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export default function ToastHost() {
  return <Notifications position="top-right" limit={4} containerWidth={380} />;
}
