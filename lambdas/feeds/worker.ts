// The site-feeds worker: one regeneration per batch of article and event events, whatever their
// number; a redelivered batch just regenerates again.
import type { EventDetail } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { FEED_CATALOGUE, FEED_EVENTS } from './contract';
import { regenerateSiteFiles } from './regenerate';

type FeedEvent = EventDetail<typeof FEED_CATALOGUE, (typeof FEED_EVENTS)[number]>;

/** A move between draft and review, or the deletion of an event that was never published, changes no public file. */
const touchesPublished = (detail: FeedEvent) => {
  if ('was_published' in detail) return detail.was_published;
  return !('from' in detail) || detail.from === 'published' || detail.to === 'published';
};

export const handler = eventBatchWorker(FEED_CATALOGUE, FEED_EVENTS, async (events) => {
  if (events.some((event) => touchesPublished(event.detail))) await regenerateSiteFiles();
});
