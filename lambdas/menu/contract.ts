// The menu context: the home's secondary menu (masters create, edit, reorder, switch on and off and
// delete its items). It emits MenuItemsChanged (EVENTS.md), which empties the cached home.
import { menuItemSchema } from '../../shared/menu';
import { defineContext } from '../platform/contract';
import { MENU_EVENTS, menuEvents } from './events';

export const contract = defineContext({
  name: 'menu',
  routes: {
    'GET /api/admin/menu': { auth: 'required' },
    'POST /api/admin/menu': { auth: 'required', body: menuItemSchema },
    'PUT /api/admin/menu/{id}': { auth: 'required', body: menuItemSchema },
    'DELETE /api/admin/menu/{id}': { auth: 'required' },
  },
  emits: { catalogue: MENU_EVENTS, changes: menuEvents },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
