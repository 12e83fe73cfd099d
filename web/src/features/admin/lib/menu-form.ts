// The menu dialog's check, with the shared schema the API applies (shared/menu.ts): each field's first
// problem, shown under the field, so nothing incomplete is sent.
import { menuItemSchema, MENU_MESSAGES, type MenuItemInput } from '../../../../../shared/menu';

export type MenuField = 'label' | 'url' | 'display_order';
export type MenuFieldErrors = Partial<Record<MenuField, string>>;

export interface MenuFormValues {
  label: string;
  url: string;
  /** As the number input holds it: a number, or the text typed ('' when empty). */
  order: string | number;
  active: boolean;
}

/** The item to send, or the message of each field that is wrong. */
export function checkMenuForm(values: MenuFormValues): { input: MenuItemInput; errors?: undefined } | { input?: undefined; errors: MenuFieldErrors } {
  const order = typeof values.order === 'number' ? values.order : values.order.trim() === '' ? Number.NaN : Number(values.order);
  const parsed = menuItemSchema.safeParse({ label: values.label, url: values.url, display_order: order, is_active: values.active });
  if (parsed.success) return { input: parsed.data };
  const errors: MenuFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'label' || field === 'url' || field === 'display_order') && !errors[field]) {
      errors[field] = field === 'display_order' ? MENU_MESSAGES.order : issue.message;
    }
  }
  return { errors };
}
