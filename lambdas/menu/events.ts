// Domain events of the menu context (EVENTS.md beside this file).
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

export const MENU_EVENTS = {
  MenuItemsChanged: {
    source: 'portal.menu',
    description: 'An item of the home’s secondary menu was created, changed or deleted.',
    detail: z.object({ item_id: z.string(), change: z.enum(['created', 'updated', 'deleted']) }),
  },
} as const satisfies EventCatalogue;

export const menuEvents: ChangeMapper = (change) => {
  const item = change.newImage ?? change.oldImage;
  if (item?.entity !== 'menu_item') return [];
  const kind = change.eventName === 'INSERT' ? 'created' : change.eventName === 'REMOVE' ? 'deleted' : 'updated';
  return [domainEvent(MENU_EVENTS, 'MenuItemsChanged', { item_id: String(item.id), change: kind })];
};
