// Domain events of the payments context (EVENTS.md beside this file), read from its items' changes:
// a provider notification recorded (the sync worker's cue), a subscription's status moving, and a
// PIX or boleto month's renewal notice.
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_PROVIDERS, SUBSCRIPTION_STATUSES } from '../../shared/payments';
import { domainEvent, type ChangeMapper, type DomainEvent, type EventCatalogue } from '../platform/domain-events';

const subscriptionDetail = z.object({
  subscription_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.enum(PAYMENT_METHODS),
  previous_status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: z.string().nullable(),
});

export const PAYMENT_EVENTS = {
  PaymentNotificationReceived: {
    source: 'portal.payments',
    description: 'A provider webhook passed its signature check and was recorded for the first time.',
    detail: z.object({
      provider: z.enum(PAYMENT_PROVIDERS),
      notification_id: z.string(),
      topic: z.string(),
      object_id: z.string(),
    }),
  },
  SubscriptionActivated: {
    source: 'portal.payments',
    description: 'A subscription became active: paid for the first time, reactivated, or paid after a failure.',
    detail: subscriptionDetail,
  },
  SubscriptionPaymentFailed: {
    source: 'portal.payments',
    description: 'A renewal charge failed: the subscription is past due and gives no access until paid.',
    detail: subscriptionDetail,
  },
  SubscriptionCancelled: {
    source: 'portal.payments',
    description: 'A subscription was cancelled (access until current_period_end) or ended at once (a refund, the provider ending it).',
    detail: subscriptionDetail.extend({ ended: z.boolean() }),
  },
  SubscriptionPaymentPending: {
    source: 'portal.payments',
    description: 'A PIX or boleto was issued for a subscription and waits to be paid: what to pay, where and until when.',
    detail: z.object({
      subscription_id: z.string(),
      user_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      payment_id: z.string(),
      method: z.enum(['pix', 'boleto']),
      amount: z.number(),
      expires_at: z.string().nullable(),
      url: z.string().nullable(),
      code: z.string().nullable(),
    }),
  },
  SubscriptionRenewalDue: {
    source: 'portal.payments',
    description: 'A PIX or boleto month ends within days: a new payment link was made for it.',
    detail: z.object({
      subscription_id: z.string(),
      user_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      method: z.enum(PAYMENT_METHODS),
      current_period_end: z.string(),
      payment_url: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function statusEvent(next: Record<string, unknown>, before: Record<string, unknown>): DomainEvent[] {
  if (next.status === before.status) return [];
  const detail = {
    subscription_id: text(next.id),
    user_id: text(next.user_id),
    email: text(next.email),
    full_name: text(next.full_name),
    provider: next.provider as (typeof PAYMENT_PROVIDERS)[number],
    method: next.method as (typeof PAYMENT_METHODS)[number],
    previous_status: before.status as (typeof SUBSCRIPTION_STATUSES)[number],
    current_period_end: typeof next.current_period_end === 'string' ? next.current_period_end : null,
  };
  switch (next.status) {
    case 'active':
      return [domainEvent(PAYMENT_EVENTS, 'SubscriptionActivated', detail)];
    case 'past_due':
      return [domainEvent(PAYMENT_EVENTS, 'SubscriptionPaymentFailed', detail)];
    case 'cancelled': {
      const ended = Date.parse(text(next.current_period_end)) <= Date.parse(text(next.updated_at)) + 1000;
      return [domainEvent(PAYMENT_EVENTS, 'SubscriptionCancelled', { ...detail, ended })];
    }
    default:
      return [];
  }
}

/** A new PIX or boleto to pay (not its QR image: e-mails do not show data: images; its page does). */
function pendingEvent(next: Record<string, unknown>, before: Record<string, unknown>): DomainEvent[] {
  const pending = next.pending_payment as Record<string, unknown> | null | undefined;
  const previous = before.pending_payment as Record<string, unknown> | null | undefined;
  if (!pending || typeof pending !== 'object' || pending.payment_id === previous?.payment_id) return [];
  const nullable = (value: unknown) => (typeof value === 'string' ? value : null);
  return [
    domainEvent(PAYMENT_EVENTS, 'SubscriptionPaymentPending', {
      subscription_id: text(next.id),
      user_id: text(next.user_id),
      email: text(next.email),
      full_name: text(next.full_name),
      payment_id: text(pending.payment_id),
      method: pending.method === 'boleto' ? 'boleto' : 'pix',
      amount: typeof pending.amount === 'number' ? pending.amount : 0,
      expires_at: nullable(pending.expires_at),
      url: nullable(pending.url),
      code: nullable(pending.code),
    }),
  ];
}

export const paymentEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (!next) return [];
  if (change.eventName === 'INSERT' && next.entity === 'payment_notification') {
    return [
      domainEvent(PAYMENT_EVENTS, 'PaymentNotificationReceived', {
        provider: next.provider as (typeof PAYMENT_PROVIDERS)[number],
        notification_id: text(next.notification_id),
        topic: text(next.topic),
        object_id: text(next.object_id),
      }),
    ];
  }
  if (change.eventName === 'INSERT' && next.entity === 'renewal_notice') {
    return [
      domainEvent(PAYMENT_EVENTS, 'SubscriptionRenewalDue', {
        subscription_id: text(next.subscription_id),
        user_id: text(next.user_id),
        email: text(next.email),
        full_name: text(next.full_name),
        method: next.method as (typeof PAYMENT_METHODS)[number],
        current_period_end: text(next.current_period_end),
        payment_url: text(next.payment_url),
      }),
    ];
  }
  if (change.eventName === 'MODIFY' && next.entity === 'subscription' && change.oldImage) return [...statusEvent(next, change.oldImage), ...pendingEvent(next, change.oldImage)];
  return [];
};
