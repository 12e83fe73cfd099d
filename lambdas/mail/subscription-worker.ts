// Sends a subscriber the e-mail of each change of their subscription, once per change whatever the
// number of deliveries (once.ts, keyed by the outbox's correlation id: the same on every delivery).
// A reactivation or a recovered payment is not a welcome: only the first activation gets one.
import { makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { PAYMENT_EVENTS } from '../payments/public';
import type { EventDetail } from '../platform/domain-events';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker, type ReadEvent } from '../platform/sqs-worker';
import { mailIdempotency } from './once';
import { cancelledMail, paymentFailedMail, paymentPendingMail, premiumWelcomeMail, renewalDueMail } from './templates/subscription';
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

export const SUBSCRIPTION_MAIL_EVENTS = ['SubscriptionActivated', 'SubscriptionPaymentFailed', 'SubscriptionCancelled', 'SubscriptionPaymentPending', 'SubscriptionRenewalDue'] as const;
type MailEvent = (typeof SUBSCRIPTION_MAIL_EVENTS)[number];

/** Each event's e-mail, or none. */
const MAILS: { [N in MailEvent]: (detail: EventDetail<typeof PAYMENT_EVENTS, N>, siteUrl: string) => Promise<Mail> | undefined } = {
  SubscriptionActivated: (detail, siteUrl) => (detail.previous_status === 'incomplete' ? premiumWelcomeMail(detail, siteUrl) : undefined),
  SubscriptionPaymentFailed: paymentFailedMail,
  SubscriptionCancelled: cancelledMail,
  SubscriptionPaymentPending: paymentPendingMail,
  SubscriptionRenewalDue: (detail) => renewalDueMail(detail),
};

const mailOf = <N extends MailEvent>(event: ReadEvent<typeof PAYMENT_EVENTS, N>, siteUrl: string) => MAILS[event.name](event.detail, siteUrl);

export function subscriptionWorker(send: SendMail = sendMail) {
  return eventWorker(PAYMENT_EVENTS, SUBSCRIPTION_MAIL_EVENTS, async (detail, context, event) => {
    once.registerContext(context);
    const mail = await mailOf(event, env('SITE_URL'));
    if (!mail) return;
    await sendOnce({ key: event.correlationId ?? `${event.name}:${JSON.stringify(detail)}`, mail }, send);
  });
}

export const handler = subscriptionWorker();
