// DynamoDB access for the payments context (items.ts has the keys and the mapping).
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionStatus } from '../../shared/payments';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, conditionalWrite, countItems, getItem, query, queryAll, queryPage, tableName, type Item, type Page } from '../platform/dynamo';
import {
  ALL_INDEX_PK,
  appliedPaymentKey,
  notificationItem,
  renewalNoticeKey,
  statusIndexPk,
  stripeCustomerKey,
  SUBSCRIPTION_PREFIX,
  subscriptionFromItem,
  subscriptionItem,
  subscriptionKey,
  userPk,
  type NotificationRecord,
  type SubscriptionRecord,
} from './items';

/** Every subscription of a user, newest last (one Query on their partition). */
export async function subscriptionsOf(userId: string): Promise<SubscriptionRecord[]> {
  const items = await query({ partition: userPk(userId), sortPrefix: SUBSCRIPTION_PREFIX });
  return items.map(subscriptionFromItem).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function subscriptionById(userId: string, id: string): Promise<SubscriptionRecord | undefined> {
  const item = await getItem(subscriptionKey(userId, id), true);
  return item && subscriptionFromItem(item);
}

export async function insertSubscription(record: SubscriptionRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: subscriptionItem(record), ConditionExpression: 'attribute_not_exists(pk)' }));
}

/**
 * Writes a subscription's new state unless a newer read of its provider already landed: the
 * conditional write on synced_at is what keeps a slow worker's older read from moving it back.
 */
export async function saveSynced(record: SubscriptionRecord, extra: Item[] = []): Promise<boolean> {
  const put = {
    Put: {
      TableName: tableName(),
      Item: subscriptionItem(record),
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(synced_at) OR synced_at <= :synced)',
      ExpressionAttributeValues: { ':synced': record.synced_at },
    },
  };
  if (!extra.length) return conditionalWrite(() => ddb().send(new PutCommand(put.Put)));
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [put, ...extra.map((item) => ({ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } }))],
      }),
    ),
  );
}

/**
 * Writes a change computed from the stored subscription (a Mercado Pago month added or taken off),
 * only if nobody changed it since it was read: the worker retries from a fresh read otherwise.
 */
export async function saveIncrement(record: SubscriptionRecord, readAt: string, extra: Item[] = []): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: subscriptionItem(record),
            ConditionExpression: 'updated_at = :read',
            ExpressionAttributeValues: { ':read': readAt },
          },
        },
        ...extra.map((item) => ({ Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } })),
      ],
    }),
  );
}

/** The checkout id and provider id a started checkout gives the subscription. */
export async function setCheckout(record: SubscriptionRecord, checkoutId: string, providerId: string | null, now: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: subscriptionKey(record.user_id, record.id),
      UpdateExpression: 'SET checkout_id = :checkout, payment_provider_id = :provider, updated_at = :now',
      ExpressionAttributeValues: { ':checkout': checkoutId, ':provider': providerId, ':now': now },
    }),
  );
}

// Stripe customers.

export async function stripeCustomerOf(userId: string): Promise<string | undefined> {
  const item = await getItem(stripeCustomerKey(userId), true);
  return typeof item?.customer_id === 'string' ? item.customer_id : undefined;
}

export async function saveStripeCustomer(userId: string, customerId: string, now: string): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...stripeCustomerKey(userId), entity: 'payment_customer', user_id: userId, customer_id: customerId, created_at: now } }));
}

// Notifications.

/** Records a provider notification once; false when its id was already recorded. */
export async function recordNotification(record: NotificationRecord): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(new PutCommand({ TableName: tableName(), Item: notificationItem(record), ConditionExpression: 'attribute_not_exists(pk)' })),
  );
}

// Mercado Pago payments and renewal notices.

export const appliedPaymentItem = (userId: string, paymentId: string, subscriptionId: string, now: string): Item => ({
  ...appliedPaymentKey(userId, paymentId),
  entity: 'applied_payment',
  user_id: userId,
  subscription_id: subscriptionId,
  payment_id: paymentId,
  applied_at: now,
});

export async function paymentApplied(userId: string, paymentId: string): Promise<Item | undefined> {
  return getItem(appliedPaymentKey(userId, paymentId), true);
}

/**
 * Takes a refunded payment's month off, once: the payment's marker gets refunded_at in the same
 * transaction. False when it was already taken off; a subscription changed since it was read throws
 * (the worker retries from a fresh read).
 */
export async function saveRefund(record: SubscriptionRecord, readAt: string, userId: string, paymentId: string): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: subscriptionItem(record), ConditionExpression: 'updated_at = :read', ExpressionAttributeValues: { ':read': readAt } } },
          {
            Update: {
              TableName: tableName(),
              Key: appliedPaymentKey(userId, paymentId),
              UpdateExpression: 'SET refunded_at = :now',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(refunded_at)',
              ExpressionAttributeValues: { ':now': record.updated_at },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancelledItemIndex(error) === 1) return false;
    throw error;
  }
}

export interface RenewalNotice {
  subscription: SubscriptionRecord;
  payment_url: string;
  created_at: string;
}

/** Records the renewal notice of a period once; its insert emits SubscriptionRenewalDue. */
export async function recordRenewalNotice(notice: RenewalNotice): Promise<boolean> {
  const { subscription } = notice;
  const periodEnd = subscription.current_period_end ?? '';
  return conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...renewalNoticeKey(subscription.user_id, subscription.id, periodEnd),
          entity: 'renewal_notice',
          subscription_id: subscription.id,
          user_id: subscription.user_id,
          email: subscription.email,
          full_name: subscription.full_name,
          method: subscription.method,
          current_period_end: periodEnd,
          payment_url: notice.payment_url,
          created_at: notice.created_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function renewalNoticed(subscription: SubscriptionRecord): Promise<boolean> {
  return Boolean(await getItem(renewalNoticeKey(subscription.user_id, subscription.id, subscription.current_period_end ?? ''), true));
}

// Listings.

export const PAGE_SIZE = 25;

export async function subscriptionsPage(cursor: string | undefined): Promise<Page> {
  return queryPage({ index: 'gsi1', partition: ALL_INDEX_PK, descending: true, limit: PAGE_SIZE }, cursor);
}

export async function countByStatus(status: SubscriptionStatus): Promise<number> {
  return countItems({ index: 'gsi2', partition: statusIndexPk(status) });
}

/** Every subscription in a status (the daily reconciliation's work list). */
export async function subscriptionsIn(status: SubscriptionStatus): Promise<SubscriptionRecord[]> {
  return (await queryAll({ index: 'gsi2', partition: statusIndexPk(status), limit: 100 })).map(subscriptionFromItem);
}
