// HTTP routes of the imports context, as its contract declares them. The error log answers a CSV.
import { httpHandler, json, noContent } from '../platform/http';
import { contract } from './contract';
import * as sessions from './sessions';
import * as uploads from './uploads';

export const handler = httpHandler(contract, {
  'POST /api/imports/uploads': async (request) => json(200, await uploads.startUpload(request.userId, request.body)),
  'POST /api/imports/uploads/complete': async (request) => json(200, await uploads.completeUpload(request.userId, request.body)),
  'POST /api/imports/uploads/cancel': async (request) => {
    await uploads.cancelUpload(request.userId, request.body.key, request.body.upload_id);
    return noContent;
  },
  'POST /api/imports': async (request) => json(201, await sessions.startImport(request.userId, request.body.key)),
  'GET /api/imports': async (request) => json(200, await sessions.listImports(request.userId)),
  'GET /api/imports/{id}': async (request) => json(200, await sessions.getImport(request.userId, request.params.id ?? '')),
  'GET /api/imports/{id}/errors': async (request) => ({
    status: 200,
    text: await sessions.errorLog(request.userId, request.params.id ?? ''),
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="erros-importacao-${request.params.id}.csv"`,
      'cache-control': 'no-store',
    },
  }),
});
