// HTTP routes of the menu context (masters only: the edge checks the role, RouteSpec.requires), as its contract declares them.
import { randomUUID } from 'node:crypto';
import { MENU_MESSAGES } from '../../shared/menu';
import { isConditionFailure, notFound } from '../platform/errors';
import { httpHandler, json, noContent } from '../platform/http';
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

export const handler = httpHandler(contract, {
  'GET /api/admin/menu': async () => json(200, await store.allItems()),
  'POST /api/admin/menu': async (request) => {
    const item = { id: randomUUID(), ...request.body };
    await store.putItem(item, false);
    return json(201, item);
  },
  'PUT /api/admin/menu/{id}': async (request) => {
    const item = { id: request.params.id ?? '', ...request.body };
    await onExisting(item.id, () => store.putItem(item, true));
    return json(200, item);
  },
  'DELETE /api/admin/menu/{id}': async (request) => {
    await onExisting(request.params.id ?? '', () => store.deleteItem(request.params.id ?? ''));
    return noContent;
  },
});
