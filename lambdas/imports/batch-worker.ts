// Writes a queued chunk of an import (batch.ts), once per ImportChunkQueued.
import { eventWorker } from '../platform/sqs-worker';
import { writeChunk } from './batch';
import { IMPORT_EVENTS } from './events';

export const handler = eventWorker(IMPORT_EVENTS, 'ImportChunkQueued', (detail) => writeChunk(detail.session_id, detail.chunk));
