// HTTP routes of the notifications context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import * as notifications from './service';

export const handler = httpHandler(contract, {
  'GET /api/notifications': async ({ userId }) => json(200, await notifications.listNotifications(userId)),
  'POST /api/notifications/read-all': async ({ userId }) => json(200, await notifications.markAllRead(userId)),
  'POST /api/notifications/{id}/read': async ({ userId, params }) => json(200, await notifications.markRead(userId, params.id ?? '')),
  'POST /api/notifications/{id}/archive': async ({ userId, params }) => json(200, await notifications.archive(userId, params.id ?? '')),
});
