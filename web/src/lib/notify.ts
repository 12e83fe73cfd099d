// Toasts (spec section 8): errors in red, successes in green.
import { notifications } from '@mantine/notifications';

export function notifyError(title: string, message?: string): void {
  notifications.show({ title: message ? title : undefined, message: message ?? title, color: 'red', autoClose: 6000 });
}

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title: message ? title : undefined, message: message ?? title, color: 'teal', autoClose: 4000 });
}
