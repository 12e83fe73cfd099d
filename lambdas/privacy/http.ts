// HTTP routes of the privacy context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import * as privacy from './service';

export const handler = httpHandler(contract, {
  // A signed-in reader's choice is recorded under their account; a missing or stale token, under the browser
  // (the edge reads the optional token, and refuses one whose account is gone).
  'POST /api/privacy/consents': async (request) =>
    json(201, await privacy.recordConsent(request.body, request.userId)),
  'GET /api/privacy/consents': async (request) => json(200, await privacy.myConsents(request.userId)),
  'GET /api/privacy/requests': async (request) => json(200, await privacy.myRequests(request.userId)),
  'POST /api/privacy/exports': async (request) => json(202, await privacy.requestExport(request.userId)),
  'GET /api/privacy/exports/{id}/download': async (request) => json(200, await privacy.exportDownload(request.userId, request.params.id ?? '')),
  'POST /api/privacy/deletion': async (request) => json(202, await privacy.requestDeletion(request.userId, request.body)),
  'GET /api/admin/privacy/requests': async (request) => json(200, await privacy.adminRequests(request.userId, request.query.cursor)),
});
