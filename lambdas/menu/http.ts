// HTTP routes of the menu context (masters only: the edge checks the role, RouteSpec.requires), as its
// contract declares them. Every change leaves an audit entry naming the item (its label) in the same transaction.
import { randomUUID } from 'node:crypto';
import { MENU_MESSAGES } from '../../shared/menu';
import { isConditionFailure, notFound } from '../platform/errors';
import { httpHandler, json, noContent } from '../platform/http';
import type { AuditAction, AuditInput } from '../audit/public';
import { isUuid } from '../platform/ids';
import { contract } from './contract';
import * as store from './store';

/** Runs a write on an existing item: a 404 for an id that is not (or cannot be) one. */
async function onExisting(id: string, write: () => Promise<void>): Promise<void> {
  if (!isUuid(id)) throw notFound(MENU_MESSAGES.notFound);
  try {
    await write();
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(MENU_MESSAGES.notFound);
    throw error;
  }
}

const menuAudit = (action: AuditAction, userId: string, item: { id: string; label: string }): AuditInput => ({
  event_type: 'MENU_CHANGE',
  action,
  user_id: userId,
  target_type: 'menu_item',
  target_id: item.id,
  details: { label: item.label },
});

export const handler = httpHandler(contract, {
  'GET /api/admin/menu': async () => json(200, await store.allItems()),
  'POST /api/admin/menu': async (request) => {
    const item = { id: randomUUID(), ...request.body };
    await store.putItem(item, false, menuAudit('create_menu_item', request.userId, item));
    return json(201, item);
  },
  'PUT /api/admin/menu/{id}': async (request) => {
    const item = { id: request.params.id ?? '', ...request.body };
    await onExisting(item.id, () => store.putItem(item, true, menuAudit('update_menu_item', request.userId, item)));
    return json(200, item);
  },
  'DELETE /api/admin/menu/{id}': async (request) => {
    const id = request.params.id ?? '';
    await onExisting(id, async () => {
      // Its label names it in the log; one that is already gone is the same 404.
      const item = await store.getMenuItem(id);
      if (!item) throw notFound(MENU_MESSAGES.notFound);
      await store.deleteItem(id, menuAudit('delete_menu_item', request.userId, item));
    });
    return noContent;
  },
});
