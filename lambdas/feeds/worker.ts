// The site-feeds worker: one regeneration per batch of article events, whatever their number; a
// redelivered batch just regenerates again.
import { ARTICLE_EVENTS } from '../articles/public';
import type { EventDetail } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { FEED_EVENTS } from './contract';
import { regenerateSiteFiles } from './regenerate';

type FeedEvent = EventDetail<typeof ARTICLE_EVENTS, (typeof FEED_EVENTS)[number]>;

/** A move between draft and review changes no public file. */
const touchesPublished = (detail: FeedEvent) => !('from' in detail) || detail.from === 'published' || detail.to === 'published';

export const handler = eventBatchWorker(ARTICLE_EVENTS, FEED_EVENTS, async (events) => {
  if (events.some((event) => touchesPublished(event.detail))) await regenerateSiteFiles();
});
