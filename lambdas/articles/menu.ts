// The secondary menu shown on the home page. Its items are written by the admin area (later).
import type { MenuItem } from '../../shared/api-types';
import { queryAll, type Item } from '../platform/dynamo';

const MENU_PK = 'MENU';

const menuEntity = {
  isActive: (item: Item) => item.is_active !== false,
  fromItem: (item: Item): MenuItem => ({
    id: String(item.id),
    label: String(item.label),
    url: String(item.url),
    display_order: Number(item.display_order ?? 0),
  }),
};

/** Active menu items, in display order. */
export async function activeMenu(): Promise<MenuItem[]> {
  const items = await queryAll({ partition: MENU_PK });
  return items
    .filter(menuEntity.isActive)
    .map(menuEntity.fromItem)
    .sort((a, b) => a.display_order - b.display_order);
}
