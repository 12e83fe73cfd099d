// The menu context: the home's secondary menu (masters create, edit, reorder, switch on and off and
// delete its items). It emits MenuItemsChanged (EVENTS.md), which empties the cached home.
import { menuItemSchema } from '../../shared/menu';
import { defineContext, onlyFor } from '../platform/contract';
import { MENU_EVENTS, menuEvents } from './events';
import { ADMIN_MESSAGES } from '../../shared/admin';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const masters = onlyFor('admin.access', ADMIN_MESSAGES.accessDenied);

export const contract = defineContext({
  name: 'menu',
  routes: {
    'GET /api/admin/menu': { auth: 'required', requires: masters },
    'POST /api/admin/menu': { auth: 'required', requires: masters, body: menuItemSchema },
    'PUT /api/admin/menu/{id}': { auth: 'required', requires: masters, body: menuItemSchema },
    'DELETE /api/admin/menu/{id}': { auth: 'required', requires: masters },
  },
  emits: { catalogue: MENU_EVENTS, changes: menuEvents },
  workers: [],
  permissions: [],
  environment: ['TABLE_NAME'],
});
