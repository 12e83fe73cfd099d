// Writes a queued chunk of an import (batch.ts), once per ImportChunkQueued.
import { eventWorker } from '../platform/sqs-worker';
import { writeChunk } from './batch';
import { countFailure } from './store';
import { IMPORT_EVENTS } from './events';

export const handler = eventWorker(IMPORT_EVENTS, 'ImportChunkQueued', async (detail) => {
  try {
    await writeChunk(detail.session_id, detail.chunk);
  } catch (error) {
    // Counted for the give-up (batch-limits.ts); SQS delivers it again.
    await countFailure(detail.session_id, detail.chunk);
    throw error;
  }
});
