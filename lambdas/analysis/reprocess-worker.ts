// The analysis-reprocess worker: a log entry was opened (AnalysisRequested); it runs now. The entry
// is read as stored, so a redelivered event finds it done (or not due) and records nothing; a failed
// analysis is recorded on the entry (with its backoff), not thrown, so SQS does not retry it too.
import { eventWorker } from '../platform/sqs-worker';
import { ANALYSIS_EVENTS } from './events';
import { runEntryById } from './runner';

export const handler = eventWorker(ANALYSIS_EVENTS, 'AnalysisRequested', async (detail) => {
  await runEntryById(detail.log_id);
});
