// Sends a queued batch of a send (delivery.ts), paced under MAIL_SEND_RATE divided by how many batch
// workers run at once; a batch that cannot finish is failed, to be delivered again.
import { optionalEnv } from '../platform/env';
import { withSecret } from '../platform/secrets';
import { eventWorker } from '../platform/sqs-worker';
import { deliverBatch } from './delivery';
import { NEWSLETTER_EVENTS } from './events';
import { BATCH_LIMITS } from './items';
import { pacer, workerRate } from './pacer';
import { NEWSLETTER_SECRET } from './tokens';

export const handler = eventWorker(NEWSLETTER_EVENTS, 'NewsletterBatchQueued', async (batch, context) => {
  const rate = workerRate(Number(optionalEnv('MAIL_SEND_RATE', '1')), BATCH_LIMITS.concurrency);
  // The local runtime gives no deadline: only Lambda's context has one.
  const remainingMs = typeof context?.getRemainingTimeInMillis === 'function' ? () => context.getRemainingTimeInMillis() : undefined;
  await deliverBatch(batch.send_id, batch.batch, { pace: pacer(rate), remainingMs });
}).use(withSecret(NEWSLETTER_SECRET, 'NEWSLETTER_SECRET_ID'));
