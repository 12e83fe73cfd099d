// The search-index worker: one rebuild per batch of article events (the batching window gathers a
// burst into one batch); a redelivered batch just rebuilds again.
import type { EventDetail } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { SEARCH_CATALOGUE, SEARCH_EVENTS } from './contract';
import { rebuildSearchIndex } from './rebuild';

type SearchEvent = EventDetail<typeof SEARCH_CATALOGUE, (typeof SEARCH_EVENTS)[number]>;

/** A move between draft and review changes nothing a reader can find. */
const touchesPublished = (detail: SearchEvent) => {
  if ('was_published' in detail) return detail.was_published;
  return !('from' in detail) || detail.from === 'published' || detail.to === 'published';
};

export const handler = eventBatchWorker(SEARCH_CATALOGUE, SEARCH_EVENTS, async (events) => {
  if (events.some((event) => touchesPublished(event.detail))) await rebuildSearchIndex();
});
