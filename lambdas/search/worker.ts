// The search-index worker: one rebuild per batch of article events (the batching window gathers a
// burst into one batch); a redelivered batch just rebuilds again.
import { touchesPublished } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { SEARCH_CATALOGUE, SEARCH_EVENTS } from './contract';
import { rebuildSearchIndex } from './rebuild';

export const handler = eventBatchWorker(SEARCH_CATALOGUE, SEARCH_EVENTS, async (events) => {
  if (events.some((event) => touchesPublished(event.detail))) await rebuildSearchIndex();
});
