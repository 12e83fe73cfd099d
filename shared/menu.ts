// The secondary menu of the home (spec 3 secondary_menu_items, 5 "Other": label, URL and an integer
// order required), shared by the admin area's form and the API.
import { z } from 'zod';
import { plainText } from './text-fields';
import { TEXT_MESSAGES } from './text';
import { linkUrl } from './url-rules';

export const MENU_MESSAGES = {
  notFound: 'Item não encontrado.',
  label: 'Rótulo é obrigatório',
  labelTooLong: 'Rótulo muito longo',
  order: 'Ordem deve ser um número inteiro',
} as const;

/** A path of the portal ('/eventos') or a full http(s) URL, as the browser reads it (url-rules.ts). */
const menuUrl = z
  .string({ error: TEXT_MESSAGES.url })
  .trim()
  .max(2000, TEXT_MESSAGES.url)
  .transform((value, context) => {
    const url = linkUrl(value);
    if (!url) context.issues.push({ code: 'custom', message: TEXT_MESSAGES.url, input: value });
    return url ?? z.NEVER;
  });

/** Every field, on create and on update (no defaults: an update states the whole item). */
export const menuItemSchema = z.object({
  label: plainText({ min: 1, tooShort: MENU_MESSAGES.label, max: 60, tooLong: MENU_MESSAGES.labelTooLong }),
  url: menuUrl,
  display_order: z.number({ error: MENU_MESSAGES.order }).int(MENU_MESSAGES.order).min(-1_000_000, MENU_MESSAGES.order).max(1_000_000, MENU_MESSAGES.order),
  is_active: z.boolean({ error: 'Informe se o item está ativo' }),
});
export type MenuItemInput = z.input<typeof menuItemSchema>;

export interface AdminMenuItem {
  id: string;
  label: string;
  url: string;
  is_active: boolean;
  display_order: number;
}
