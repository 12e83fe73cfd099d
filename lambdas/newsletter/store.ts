// DynamoDB access for subscribers (keys in items.ts, charted in lambdas/DATA.md): the e-mail's claim
// and the subscriber written in one transaction, Gets, Queries on the two indexes (COUNTs, pages
// filtered by e-mail, the audience) and the sign-up rate per address; nothing scans.
import { countHourly } from '../platform/address-rate';
import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { NEWSLETTER_LIMITS, type SubscriberStatus } from '../../shared/newsletter';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb } from '../platform/clients';
import { batchGet } from '../platform/dynamo-batch';
import { cancelledItemIndex, conditionalWrite, countItems, getItem, queryMatching, tableName, type Item, type QueryFilter, type TransactItem } from '../platform/dynamo';
import {
  claimItem,
  confirmationMailKey,
  emailClaimKey,
  statusIndexPk,
  subscriberFromItem,
  subscriberItem,
  subscriberKey,
  SUBSCRIBERS_PK,
  type Recipient,
  type SubscriberRecord,
} from './items';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** TTL deletes lazily: an item past its expires_at is treated as gone. */
const expired = (item: Item | undefined) => typeof item?.expires_at === 'number' && item.expires_at < nowSeconds();

export async function getSubscriber(id: string, consistent = true): Promise<SubscriberRecord | undefined> {
  const item = await getItem(subscriberKey(id), consistent);
  return item && !expired(item) ? subscriberFromItem(item) : undefined;
}

export interface EmailLookup {
  subscriber?: SubscriberRecord;
  /** A claim left by a forgotten pending sign-up (or its subscriber already gone): taken over by the next one. */
  staleId?: string;
}

/** The subscriber holding an e-mail: its claim, then the subscriber. */
export async function findByEmail(email: string): Promise<EmailLookup> {
  const claim = await getItem(emailClaimKey(email), true);
  if (!claim) return {};
  const id = String(claim.subscriber_id);
  const subscriber = expired(claim) ? undefined : await getSubscriber(id);
  return subscriber ? { subscriber } : { staleId: id };
}

/**
 * A new subscriber with its e-mail's claim, in one transaction; false when the e-mail is taken (by a
 * live claim). A stale claim is overwritten and its forgotten subscriber removed in the same write.
 */
export async function insertSubscriber(record: SubscriberRecord, staleId?: string, audit?: AuditInput): Promise<boolean> {
  const TableName = tableName();
  const items: TransactItem[] = [
    { Put: { TableName, Item: subscriberItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName,
        Item: claimItem(record),
        ConditionExpression: staleId ? 'attribute_not_exists(pk) OR subscriber_id = :stale' : 'attribute_not_exists(pk)',
        ...(staleId ? { ExpressionAttributeValues: { ':stale': staleId } } : {}),
      },
    },
    ...(staleId ? [{ Delete: { TableName, Key: subscriberKey(staleId) } }] : []),
    // A master's addition leaves its audit entry.
    ...(audit ? [auditPut(audit)] : []),
  ];
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (cancelledItemIndex(error) === 1) return false;
    throw error;
  }
}

/**
 * Writes a subscriber's next state (its status index and TTL move with it, and the claim's TTL with
 * the subscriber's) unless it changed since it was read; false then, for the caller to read again.
 */
export async function saveSubscriber(next: SubscriberRecord, readAt: string, audit?: AuditInput): Promise<boolean> {
  const TableName = tableName();
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: subscriberItem(next), ConditionExpression: 'updated_at = :read', ExpressionAttributeValues: { ':read': readAt } } },
          { Put: { TableName, Item: claimItem(next) } },
          ...(audit ? [auditPut(audit)] : []),
        ],
      }),
    ),
  );
}

/** Applies `change` to the stored subscriber, reading again when someone wrote in between; undefined when it is gone. */
export async function changeSubscriber(
  id: string,
  change: (current: SubscriberRecord) => SubscriberRecord | undefined,
  audit?: AuditInput,
): Promise<SubscriberRecord | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getSubscriber(id);
    if (!current) return undefined;
    const next = change(current);
    if (!next) return current;
    if (await saveSubscriber(next, current.updated_at, audit)) return next;
  }
  throw new Error(`subscriber ${id} kept changing`);
}

// Listings and counts.

export async function listSubscribers(status: SubscriberStatus | undefined, q: string | undefined, cursor: string | undefined, size: number) {
  const spec = status ? { index: 'gsi2' as const, partition: statusIndexPk(status) } : { index: 'gsi1' as const, partition: SUBSCRIBERS_PK };
  const filter: QueryFilter | undefined = q ? { expression: 'contains(email, :q)', values: { ':q': q } } : undefined;
  // A search reads up to 10 index pages to fill one page of matches.
  const page = await queryMatching({ ...spec, descending: true }, filter, cursor, { size, maxReads: filter ? 10 : 1 });
  return { records: page.items.map(subscriberFromItem), cursor: page.cursor };
}

export const countByStatus = (status: SubscriberStatus) => countItems({ index: 'gsi2', partition: statusIndexPk(status) });

/** The active subscribers (the audience of a send), a page of the status index at a time. */
export async function* activeRecipients(pageSize = 500): AsyncGenerator<Recipient[]> {
  let cursor: string | undefined;
  do {
    const page = await queryMatching({ index: 'gsi2', partition: statusIndexPk('active'), fields: ['id', 'email'] }, undefined, cursor, { size: pageSize, maxReads: 1 });
    yield page.items.map((item) => ({ id: String(item.id), email: String(item.email) }));
    cursor = page.cursor;
  } while (cursor);
}

/** The current status of each of these subscribers (one BatchGet; a subscriber gone is absent). */
export async function statusesOf(ids: string[]): Promise<Map<string, SubscriberStatus>> {
  const items = await batchGet(ids.map(subscriberKey), { fields: ['id', 'status', 'expires_at'] });
  return new Map(items.filter((item) => !expired(item)).map((item) => [String(item.id), subscriberFromItem(item).status]));
}

// The confirmation e-mail of a sign-up request, once.

/** Claims the e-mail of this request before it goes; false when it went (or is going) already. */
export async function claimConfirmationMail(subscriberId: string, requestedAt: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...confirmationMailKey(subscriberId, requestedAt), entity: 'newsletter_confirmation_mail', expires_at: nowSeconds() + NEWSLETTER_LIMITS.confirmHours * 3600 * 2 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The send failed: the claim goes, so the redelivery sends it. */
export async function releaseConfirmationMail(subscriberId: string, requestedAt: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: confirmationMailKey(subscriberId, requestedAt) }));
}

// The sign-up rate.


/** Counts one sign-up from this address in the current hour; false once `limit` were counted. */
export const countSignup = (address: string, limit: number, now = Date.now()): Promise<boolean> => countHourly('NLRATE', address, limit, now);

/** Counts one sign-up for this e-mail in the current hour (whoever asks); false once `limit` were counted. */
export const countEmailSignup = (email: string, limit: number, now = Date.now()): Promise<boolean> => countHourly('NLMAILRATE', email, limit, now);
