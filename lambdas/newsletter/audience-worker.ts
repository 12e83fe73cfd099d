// Splits a requested send's audience into batches (audience.ts).
import { eventWorker } from '../platform/sqs-worker';
import { queueAudience } from './audience';
import { NEWSLETTER_EVENTS } from './events';

export const handler = eventWorker(NEWSLETTER_EVENTS, 'NewsletterSendRequested', async (request) => {
  await queueAudience(request.send_id);
});
