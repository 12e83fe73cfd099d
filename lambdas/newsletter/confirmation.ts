// The confirmation e-mail of a sign-up request (double opt-in), sent once per request whatever the
// number of deliveries of its event: a marker claimed before the send, released if SES refuses.
import { sendMail, type Mail } from '../mail/public';
import { logger } from '../platform/observability';
import { confirmUrl, signer } from './links';
import * as store from './store';
import { confirmationMail } from './templates';

export type SendMail = (mail: Mail) => Promise<void>;

export async function sendConfirmation(subscriberId: string, requestedAt: string, send: SendMail = sendMail): Promise<void> {
  const subscriber = await store.getSubscriber(subscriberId);
  // Confirmed, unsubscribed or forgotten meanwhile, or asked again (that request has its own e-mail).
  if (subscriber?.status !== 'pending' || subscriber.confirm_requested_at !== requestedAt) return;
  if (!(await store.claimConfirmationMail(subscriberId, requestedAt))) return;
  try {
    const mail = await confirmationMail(subscriber.email, subscriber.name, confirmUrl(signer(), subscriberId, Date.parse(requestedAt)));
    await send({ to: subscriber.email, ...mail });
  } catch (error) {
    await store.releaseConfirmationMail(subscriberId, requestedAt);
    throw error;
  }
  logger.info('newsletter confirmation sent', { subscriberId });
}
