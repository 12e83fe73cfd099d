// Sends the confirmation e-mail of each sign-up request (confirmation.ts), once.
import { NEWSLETTER_EVENTS } from './events';
import { withSecret } from '../platform/secrets';
import { eventWorker } from '../platform/sqs-worker';
import { sendConfirmation } from './confirmation';
import { NEWSLETTER_SECRET } from './tokens';

export const handler = eventWorker(NEWSLETTER_EVENTS, 'NewsletterSignupRequested', async (request) => {
  await sendConfirmation(request.subscriber_id, request.requested_at);
}).use(withSecret(NEWSLETTER_SECRET, 'NEWSLETTER_SECRET_ID'));
