// Sends a subscriber the e-mail of each change of their subscription, once per change whatever the
// number of deliveries (once.ts, keyed by the outbox's correlation id: the same on every delivery).
// A reactivation or a recovered payment is not a welcome: only the first activation gets one.
import { makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { PAYMENT_EVENTS } from '../payments/public';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { mailIdempotency } from './once';
import { cancelledMail, paymentFailedMail, premiumWelcomeMail, renewalDueMail } from './subscription';
import { sendMail, type Mail } from './transport';
import type { SendMail } from './welcome-worker';

const once = mailIdempotency('key');

const sendOnce = makeIdempotent(
  async (change: { key: string; mail: Mail }, send: SendMail) => {
    await send(change.mail);
    metrics.addMetric('SubscriptionMailsSent', MetricUnit.Count, 1);
    logger.info('subscription mail sent', { key: change.key });
    return { key: change.key, sent_at: new Date().toISOString() };
  },
  { persistenceStore: once.persistenceStore, config: once.config, keyPrefix: 'subscription-mail' },
);

export const SUBSCRIPTION_MAIL_EVENTS = ['SubscriptionActivated', 'SubscriptionPaymentFailed', 'SubscriptionCancelled', 'SubscriptionRenewalDue'] as const;

export function subscriptionWorker(send: SendMail = sendMail) {
  return eventWorker(PAYMENT_EVENTS, SUBSCRIPTION_MAIL_EVENTS, async (detail, context, event) => {
    once.registerContext(context);
    const siteUrl = env('SITE_URL');
    let mail: Mail | undefined;
    if (event.name === 'SubscriptionActivated') {
      const activated = detail as typeof detail & { previous_status: string };
      if (activated.previous_status === 'incomplete') mail = premiumWelcomeMail(event.detail as never, siteUrl);
    } else if (event.name === 'SubscriptionPaymentFailed') mail = paymentFailedMail(event.detail as never, siteUrl);
    else if (event.name === 'SubscriptionCancelled') mail = cancelledMail(event.detail as never, siteUrl);
    else mail = renewalDueMail(event.detail as never);
    if (!mail) return;
    await sendOnce({ key: event.correlationId ?? `${event.name}:${JSON.stringify(detail)}`, mail }, send);
  });
}

export const handler = subscriptionWorker();
