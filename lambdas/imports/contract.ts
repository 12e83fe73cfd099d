// The imports context: a newsroom's archive in bulk from a CSV (spec "Import articles"). The browser
// uploads the file to S3 (multipart, presigned); the API previews it and starts a session; the
// parse worker streams it into chunks of 100 rows stored in S3, each queued by its item; the batch
// workers write them as published articles through the articles context's bulk writer. EVENTS.md
// has the pipeline.
import { IMPORT_MESSAGES, importStartSchema, uploadCancelSchema, uploadCompleteSchema, uploadStartSchema } from '../../shared/imports';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { CHUNK_ATTEMPTS } from './batch-limits';
import { IMPORT_EVENTS, importEvents } from './events';
import { IMPORT_PREFIX } from './items';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const importers = onlyFor('articles.import', IMPORT_MESSAGES.forbidden);

export const contract = defineContext({
  name: 'imports',
  routes: {
    'POST /api/imports/uploads': { auth: 'required', requires: importers, body: uploadStartSchema },
    'POST /api/imports/uploads/complete': {
      auth: 'required',
      requires: importers,
      body: uploadCompleteSchema,
    },
    'POST /api/imports/uploads/cancel': {
      auth: 'required',
      requires: importers,
      body: uploadCancelSchema,
    },
    'POST /api/imports': { auth: 'required', requires: importers, body: importStartSchema },
    'GET /api/imports': { auth: 'required', requires: importers },
    'GET /api/imports/{id}': { auth: 'required', requires: importers },
    'GET /api/imports/{id}/errors': { auth: 'required', requires: importers },
  },
  emits: { catalogue: IMPORT_EVENTS, changes: importEvents },
  workers: [
    {
      name: 'import-parse',
      file: 'parse-worker',
      pattern: consumes(IMPORT_EVENTS, ['ImportRequested']),
      batchSize: 1,
      // A 100 MB file is read and cut into 1,000 chunks in about a minute; Lambda's limit is 15.
      visibilityTimeoutSeconds: 900,
      maxReceiveCount: 3,
      memorySize: 1024,
    },
    {
      name: 'import-batch',
      file: 'batch-worker',
      pattern: consumes(IMPORT_EVENTS, ['ImportChunkQueued']),
      batchSize: 1,
      visibilityTimeoutSeconds: 120,
      // The batch worker gives a chunk up itself after CHUNK_ATTEMPTS failed runs (its rows go to the log).
      maxReceiveCount: CHUNK_ATTEMPTS + 2,
      // Chunks written at once: enough to keep the table busy (each chunk's writes are 4 BatchWrites wide).
      maxConcurrency: 8,
      memorySize: 1024,
    },
  ],
  // Multipart uploads to imports/uploads/ presigned for the browser, the file read back, chunks written and read.
  permissions: [
    {
      service: 's3',
      prefix: IMPORT_PREFIX,
      actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
    },
  ],
  environment: ['TABLE_NAME', 'MEDIA_BUCKET'],
});
