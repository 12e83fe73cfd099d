// The payments context's items. A subscription lives in its subscriber's partition
// (USER#<userId> / SUBSCRIPTION#<id>), so the one Query that loads a reader's roles also tells whether
// they may read premium articles (lambdas/users/access.ts); gsi1 lists every subscription newest
// first (the admin tab), gsi2 those of one status (the counts and the daily reconciliation).
// A provider notification is recorded once under its provider's event id; a Mercado Pago payment is
// applied once (its own marker, written in the same transaction as the subscription it extends).
import { payable, type PaymentMethod, type PaymentProvider, type PendingPayment, type SubscriptionStatus, type SubscriptionView } from '../../shared/payments';
import type { Item, Key } from '../platform/dynamo';

export interface SubscriptionRecord extends SubscriptionView {
  product_id: string;
  /** Copied from the profile at checkout: the admin list and the e-mails need them without a join. */
  email: string;
  full_name: string;
  /** Stripe's customer (cus_…); null for Mercado Pago. */
  customer_id: string | null;
  /** The checkout that created it: a Stripe Checkout Session, a Mercado Pago preference or preapproval. */
  checkout_id: string | null;
  /** When the provider's state this item holds was read: an older read never overwrites a newer one. */
  synced_at: string | null;
  /** A Mercado Pago card subscription's newest charge counted (an older one read late changes nothing). */
  last_charge_at: string | null;
}

export const ALL_INDEX_PK = 'SUBSCRIPTIONS';
export const statusIndexPk = (status: SubscriptionStatus) => `SUBSCRIPTIONS#${status}`;

export const userPk = (userId: string) => `USER#${userId}`;
export const SUBSCRIPTION_PREFIX = 'SUBSCRIPTION#';
export const subscriptionKey = (userId: string, id: string): Key => ({ pk: userPk(userId), sk: `${SUBSCRIPTION_PREFIX}${id}` });

export function subscriptionItem(record: SubscriptionRecord): Item {
  const sortKey = `${record.created_at}#${record.id}`;
  return {
    ...subscriptionKey(record.user_id, record.id),
    entity: 'subscription',
    gsi1pk: ALL_INDEX_PK,
    gsi1sk: sortKey,
    gsi2pk: statusIndexPk(record.status),
    gsi2sk: sortKey,
    ...record,
    // Absent, not NULL, until the first read: the synced_at condition compares strings.
    synced_at: record.synced_at ?? undefined,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function subscriptionFromItem(item: Item): SubscriptionRecord {
  return {
    id: text(item.id),
    user_id: text(item.user_id),
    status: text(item.status) as SubscriptionStatus,
    provider: text(item.provider) as PaymentProvider,
    method: text(item.method) as PaymentMethod,
    product_id: text(item.product_id),
    payment_provider_id: textOrNull(item.payment_provider_id),
    current_period_start: textOrNull(item.current_period_start),
    current_period_end: textOrNull(item.current_period_end),
    cancel_at_period_end: item.cancel_at_period_end === true,
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
    email: text(item.email),
    full_name: text(item.full_name),
    customer_id: textOrNull(item.customer_id),
    checkout_id: textOrNull(item.checkout_id),
    synced_at: textOrNull(item.synced_at),
    last_charge_at: textOrNull(item.last_charge_at),
    pending_payment: pendingFromItem(item.pending_payment),
  };
}

/** The stored pending payment (a map), or null. */
function pendingFromItem(value: unknown): PendingPayment | null {
  if (!value || typeof value !== 'object') return null;
  const map = value as Record<string, unknown>;
  const method = map.method === 'pix' || map.method === 'boleto' ? map.method : null;
  if (!method || typeof map.payment_id !== 'string') return null;
  return {
    payment_id: map.payment_id,
    method,
    amount: typeof map.amount === 'number' ? map.amount : 0,
    expires_at: textOrNull(map.expires_at),
    url: textOrNull(map.url),
    code: textOrNull(map.code),
    qr_base64: textOrNull(map.qr_base64),
  };
}

export function subscriptionView(record: SubscriptionRecord): SubscriptionView {
  return {
    id: record.id,
    user_id: record.user_id,
    status: record.status,
    provider: record.provider,
    method: record.method,
    payment_provider_id: record.payment_provider_id,
    current_period_start: record.current_period_start,
    current_period_end: record.current_period_end,
    cancel_at_period_end: record.cancel_at_period_end,
    // Shown until paid or expired.
    pending_payment: payable(record.pending_payment),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Stripe's customer of a user, made at their first checkout and reused. */
export const stripeCustomerKey = (userId: string): Key => ({ pk: userPk(userId), sk: 'PAYMENT_CUSTOMER#stripe' });

/** A provider notification, once per provider event id; its insert is what the sync worker hears. */
export interface NotificationRecord {
  provider: PaymentProvider;
  /** The provider's event id (Stripe's evt_…; Mercado Pago's `<x-request-id>:<data.id>`, the signed pair). */
  notification_id: string;
  /** What to read again: Stripe's event type, Mercado Pago's topic (payment, subscription_preapproval, …). */
  topic: string;
  /** The id of the object the notification is about. */
  object_id: string;
  received_at: string;
}

const NOTIFICATION_DAYS = 30;
export const notificationKey = (provider: PaymentProvider, id: string): Key => ({ pk: `PAYNOTE#${provider}#${id}`, sk: 'PAYNOTE' });

export function notificationItem(record: NotificationRecord): Item {
  return {
    ...notificationKey(record.provider, record.notification_id),
    entity: 'payment_notification',
    ...record,
    // Providers stop retrying long before: the record only has to outlive their retries.
    expires_at: Math.floor(Date.parse(record.received_at) / 1000) + NOTIFICATION_DAYS * 24 * 3600,
  };
}

/** A Mercado Pago payment already counted into a subscription's period. */
export const appliedPaymentKey = (userId: string, paymentId: string): Key => ({ pk: userPk(userId), sk: `PAYMENT#mercadopago#${paymentId}` });

/** The renewal notice of a PIX or boleto month: once per subscription and period end. */
export const renewalNoticeKey = (userId: string, subscriptionId: string, periodEnd: string): Key => ({
  pk: userPk(userId),
  sk: `RENEWAL#${subscriptionId}#${periodEnd}`,
});
