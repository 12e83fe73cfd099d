// Applies a recorded provider notification: reads the subscription or payment again from its
// provider and lands what it says now (service.ts), so a late, repeated or reordered notification
// never moves a subscription backwards. A provider that fails leaves the message to be retried.
import { eventWorker } from '../platform/sqs-worker';
import { withSecret } from '../platform/secrets';
import { PAYMENT_EVENTS } from './events';
import { PAYMENTS_SECRET } from './providers';
import { syncNotification } from './sync';

export const handler = eventWorker(PAYMENT_EVENTS, 'PaymentNotificationReceived', async (notification) => {
  await syncNotification(notification);
}).use(withSecret(PAYMENTS_SECRET, 'PAYMENTS_SECRET_ID'));
