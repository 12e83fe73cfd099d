// What the payments context holds about a person, and the first phase of their account's deletion:
// every subscription still live at its provider is cancelled there (nothing may charge an account
// that no longer exists), then the payment records leave the person's partition for
// PAYRECORD#<subscriptionId>, without who paid, kept for the tax law's term (RETENTION) and then
// removed by the table's TTL. Renewal notices and the Stripe customer link are deleted.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, getItem, query, tableName, type Item, type Key } from '../platform/dynamo';
import { batchDelete, batchWrite } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { SUBSCRIPTION_PREFIX, statusIndexPk, stripeCustomerKey, userPk, type SubscriptionRecord } from './items';
import { ProviderError } from './mercadopago';
import { mercadoPago, stripe } from './providers';
import * as store from './store';

const APPLIED_PREFIX = 'PAYMENT#mercadopago#';
const RENEWAL_PREFIX = 'RENEWAL#';
/** What identifies the payer: it never goes with the record. */
const PAYER_FIELDS = ['user_id', 'email', 'full_name', 'customer_id'];

export const paymentRecordPk = (subscriptionId: string) => `PAYRECORD#${subscriptionId}`;

/** The record's end: `years` calendar years after now, in epoch seconds (the table's TTL). */
export function retentionEnd(now: Date, years: number = RETENTION.paymentRecordYears): number {
  const end = new Date(now);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return Math.floor(end.getTime() / 1000);
}

/**
 * A subscription or applied-payment item as its unlinked record: same sk under PAYRECORD#, without
 * the payer, expiring with the tax term. A subscription ends cancelled, and keeps its gsi1 (the admin
 * list shows it, nameless, for the term) and gsi2 under cancelled (the counts add up to the list;
 * the reconciliation skips a record without user_id).
 */
export function unlinkedRecord(item: Item, now: Date): Item {
  const subscriptionId = String(item.entity === 'subscription' ? item.id : item.subscription_id);
  const kept = Object.fromEntries(Object.entries(item).filter(([name]) => !PAYER_FIELDS.includes(name)));
  const ended = item.entity === 'subscription' ? { status: 'cancelled', cancel_at_period_end: true, gsi2pk: statusIndexPk('cancelled'), updated_at: now.toISOString() } : {};
  return { ...kept, ...ended, pk: paymentRecordPk(subscriptionId), expires_at: retentionEnd(now) };
}

const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const ofUser = (userId: string, sortPrefix: string) => query({ partition: userPk(userId), sortPrefix });

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const [subscriptions, applied, notices, customer] = await Promise.all([
    store.subscriptionsOf(subject.user_id),
    ofUser(subject.user_id, APPLIED_PREFIX),
    ofUser(subject.user_id, RENEWAL_PREFIX),
    getItem(stripeCustomerKey(subject.user_id)),
  ]);
  return {
    subscriptions: subscriptions.map((record) => ({
      status: record.status,
      provider: record.provider,
      method: record.method,
      current_period_start: record.current_period_start,
      current_period_end: record.current_period_end,
      cancel_at_period_end: record.cancel_at_period_end,
      email: record.email,
      full_name: record.full_name,
      created_at: record.created_at,
      updated_at: record.updated_at,
    })),
    mercadopago_payments: applied.map((item) => ({ payment_id: text(item.payment_id), applied_at: text(item.applied_at), refunded_at: text(item.refunded_at) })),
    renewal_notices: notices.map((item) => ({
      method: text(item.method),
      current_period_end: text(item.current_period_end),
      payment_url: text(item.payment_url),
      created_at: text(item.created_at),
    })),
    stripe_customer: Boolean(customer),
  };
}

const notFound = (error: unknown) =>
  (error instanceof ProviderError && error.status === 404) || (error as { statusCode?: number }).statusCode === 404;

/** Cancels a Stripe subscription at once unless it has already ended there; true when it did. */
async function cancelStripe(record: SubscriptionRecord): Promise<boolean> {
  const client = stripe();
  let id = record.payment_provider_id;
  if (!id && record.checkout_id) {
    // A checkout never finished could still be: expire it, or cancel the subscription it made.
    const session = await client.checkout.sessions.retrieve(record.checkout_id);
    id = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
    if (!id && session.status === 'open') {
      await client.checkout.sessions.expire(session.id);
      return true;
    }
  }
  if (!id) return false;
  const subscription = await client.subscriptions.retrieve(id);
  if (['canceled', 'incomplete_expired'].includes(subscription.status)) return false;
  await client.subscriptions.cancel(id);
  return true;
}

/** Cancels a Mercado Pago card preapproval unless it is already cancelled; PIX and boleto never recur. */
async function cancelMercadoPago(record: SubscriptionRecord): Promise<boolean> {
  if (record.method !== 'card' || !record.payment_provider_id) return false;
  const api = mercadoPago();
  const preapproval = await api.preapproval(record.payment_provider_id);
  if (preapproval.status === 'cancelled') return false;
  await api.updatePreapproval(record.payment_provider_id, { status: 'cancelled' });
  return true;
}

/** Cancels at the provider what may still charge: not cancelled here, or cancelled with its period still running. */
async function cancelAtProvider(record: SubscriptionRecord, now: Date): Promise<boolean> {
  if (record.status === 'cancelled' && !(Date.parse(record.current_period_end ?? '') > now.getTime())) return false;
  try {
    return await (record.provider === 'stripe' ? cancelStripe(record) : cancelMercadoPago(record));
  } catch (error) {
    // Unknown to the provider: nothing there can charge.
    if (notFound(error)) return false;
    throw error;
  }
}

/**
 * Moves one subscription in a transaction: the new record, and the old item deleted only if nobody
 * (a provider's notification) changed it since it was read; on such a race it is read again.
 */
async function unlinkSubscription(userId: string, id: string, now: Date): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await getItem({ pk: userPk(userId), sk: `${SUBSCRIPTION_PREFIX}${id}` }, true);
    if (!item) return false;
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: unlinkedRecord(item, now) } },
            {
              Delete: {
                TableName: tableName(),
                Key: keyOf(item),
                ConditionExpression: 'updated_at = :read',
                ExpressionAttributeValues: { ':read': item.updated_at },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (cancelledItemIndex(error) !== 1) throw error;
    }
  }
  throw new Error(`subscription ${id} kept changing while being unlinked`);
}

async function erase(subject: Subject): Promise<Record<string, number>> {
  const now = new Date();
  const subscriptions = await store.subscriptionsOf(subject.user_id);
  let cancelled = 0;
  for (const record of subscriptions) if (await cancelAtProvider(record, now)) cancelled++;
  let unlinked = 0;
  for (const record of subscriptions) if (await unlinkSubscription(subject.user_id, record.id, now)) unlinked++;
  // The applied-payment markers: once their subscription has moved, nothing writes them any more.
  // Put first, then delete: a run cut short between the two is finished by the next one.
  const applied = await ofUser(subject.user_id, APPLIED_PREFIX);
  if (applied.length) {
    await batchWrite({ puts: applied.map((item) => unlinkedRecord(item, now)) });
    await batchDelete(applied.map(keyOf));
  }
  const [notices, customer] = await Promise.all([ofUser(subject.user_id, RENEWAL_PREFIX), getItem(stripeCustomerKey(subject.user_id), true)]);
  const gone = [...notices, ...(customer ? [customer] : [])];
  if (gone.length) await batchDelete(gone.map(keyOf));
  return { subscriptions_cancelled: cancelled, payment_records_unlinked: unlinked + applied.length, renewal_notices: notices.length, customers: customer ? 1 : 0 };
}

export const personalData: PersonalData = { context: 'payments', collect, erase };
