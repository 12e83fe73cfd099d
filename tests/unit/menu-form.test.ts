// The admin menu dialog's own check (web/src/features/admin/lib/menu-form.ts): the API's schema, each
// wrong field marked with its message, nothing sent while one is.
import { describe, expect, it } from 'vitest';
import { MENU_MESSAGES } from '../../shared/menu';
import { TEXT_MESSAGES } from '../../shared/text';
import { checkMenuForm } from '../../web/src/features/admin/lib/menu-form';

describe('the menu dialog', () => {
  it('marks every empty field at once, and sends nothing', () => {
    expect(checkMenuForm({ label: '', url: '', order: '', active: true })).toEqual({
      errors: { label: MENU_MESSAGES.label, url: TEXT_MESSAGES.url, display_order: MENU_MESSAGES.order },
    });
    expect(checkMenuForm({ label: '   ', url: 'eventos', order: 2, active: true }).errors).toEqual({ label: MENU_MESSAGES.label, url: TEXT_MESSAGES.url });
    expect(checkMenuForm({ label: 'Cultura', url: '/cultura', order: '1.5', active: true }).errors).toEqual({ display_order: MENU_MESSAGES.order });
  });

  it('gives the item to send, as the API reads it', () => {
    expect(checkMenuForm({ label: ' Cultura ', url: '/cultura', order: '3', active: false })).toEqual({
      input: { label: 'Cultura', url: '/cultura', display_order: 3, is_active: false },
    });
    expect(checkMenuForm({ label: 'Rádio', url: 'https://radio.exemplo.com.br', order: 0, active: true }).input?.url).toMatch(/^https:\/\/radio\.exemplo\.com\.br\/?$/);
  });
});
