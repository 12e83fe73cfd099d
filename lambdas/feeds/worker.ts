// The site-feeds worker: one regeneration per batch of article and event events, whatever their
// number; a redelivered batch just regenerates again.
import { touchesPublished } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { FEED_CATALOGUE, FEED_EVENTS } from './contract';
import { regenerateSiteFiles } from './regenerate';

export const handler = eventBatchWorker(FEED_CATALOGUE, FEED_EVENTS, async (events) => {
  if (events.some((event) => touchesPublished(event.detail))) await regenerateSiteFiles();
});
