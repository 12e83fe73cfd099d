// HTTP routes of the applications context, as its contract declares them.
import { httpHandler, json, viewerOf } from '../platform/http';
import { contract } from './contract';
import * as applications from './service';

export const handler = httpHandler(contract, {
  'POST /api/applications': async (request) => json(201, await applications.submit(request.body, viewerOf(request.event).address)),
  'GET /api/admin/applications': async (request) => json(200, await applications.list(request.userId, request.query.cursor)),
  'GET /api/admin/applications/pending-count': async (request) => json(200, await applications.pendingCount(request.userId)),
  'GET /api/admin/applications/{id}': async (request) => json(200, await applications.detail(request.userId, request.params.id ?? '')),
  'POST /api/admin/applications/{id}/approve': async (request) => json(200, await applications.approve(request.userId, request.params.id ?? '')),
  'POST /api/admin/applications/{id}/reject': async (request) =>
    json(200, await applications.reject(request.userId, request.params.id ?? '', request.body.reason)),
});
