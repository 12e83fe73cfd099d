// DynamoDB access for notifications. One item per notification in its user's partition, keyed by an
// id derived from the event that caused it (so a redelivered event writes nothing twice), indexed
// newest first while not archived (gsi1, the inbox) and while unread (gsi2, counted and read in bulk).
// Keys are charted in lambdas/DATA.md.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Notification, NotificationStatus } from '../../shared/notifications';
import { ddb } from '../platform/clients';
import { conditionalWrite, countItems, getItem, query, queryAll, tableName, type Item } from '../platform/dynamo';
import { notificationEntity, text } from './notification';

/** Writes a new notification; false when one with its id is already there (the same event, delivered again). */
export function insertNotification(notification: Notification): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(new PutCommand({ TableName: tableName(), Item: notificationEntity.toItem(notification), ConditionExpression: 'attribute_not_exists(pk)' })),
  );
}

export async function getNotification(userId: string, id: string): Promise<Notification | undefined> {
  const item = await getItem(notificationEntity.key(userId, id), true);
  return item && notificationEntity.fromItem(item);
}

/** The newest `limit` notifications of the user that are not archived. */
export async function inbox(userId: string, limit: number): Promise<Notification[]> {
  const items = await query({ index: 'gsi1', partition: notificationEntity.inbox(userId), descending: true, limit });
  return items.map(notificationEntity.fromItem);
}

export function unreadCount(userId: string): Promise<number> {
  return countItems({ index: 'gsi2', partition: notificationEntity.unread(userId) });
}

/** Ids of every unread notification of the user. */
export async function unreadIds(userId: string): Promise<string[]> {
  const items = await queryAll({ index: 'gsi2', partition: notificationEntity.unread(userId), fields: ['id'] });
  return items.map((item) => text(item.id));
}

/**
 * Applies a status change to one notification under a condition on its current status; the
 * notification after it, or as it was when the condition failed; undefined when there is none.
 */
async function transition(userId: string, id: string, update: { set: Record<string, string>; remove: string[]; unlessStatus: NotificationStatus[] }) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, string> = {};
  const sets = Object.entries(update.set).map(([field, value], index) => {
    names[`#s${index}`] = field;
    values[`:s${index}`] = value;
    return `#s${index} = :s${index}`;
  });
  const guards = update.unlessStatus.map((status, index) => {
    values[`:g${index}`] = status;
    return `#status <> :g${index}`;
  });
  let updated: Item | undefined;
  const written = await conditionalWrite(async () => {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notificationEntity.key(userId, id),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE ${update.remove.join(', ')}`,
        ConditionExpression: ['attribute_exists(pk)', ...guards].join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    updated = result.Attributes;
  });
  if (written && updated) return notificationEntity.fromItem(updated);
  return getNotification(userId, id);
}

/** Unread becomes read (with read_at); a notification already read or archived stays as it is. */
export function markRead(userId: string, id: string, at: string): Promise<Notification | undefined> {
  return transition(userId, id, { set: { status: 'read', read_at: at }, remove: ['gsi2pk', 'gsi2sk'], unlessStatus: ['read', 'archived'] });
}

/** Any status becomes archived (with archived_at): it leaves the inbox and the unread count. */
export function archive(userId: string, id: string, at: string): Promise<Notification | undefined> {
  return transition(userId, id, { set: { status: 'archived', archived_at: at }, remove: ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'], unlessStatus: ['archived'] });
}
