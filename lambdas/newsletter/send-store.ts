// DynamoDB access for sends (keys in items.ts, charted in lambdas/DATA.md): the send and its
// counters, its batches of recipients, and the per-recipient markers that make a delivery, an open
// and a click count once (a conditional put and the counter's ADD, in one transaction where both
// move together).
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NEWSLETTER_LIMITS } from '../../shared/newsletter';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, conditionalWrite, countItems, getItem, query, tableName } from '../platform/dynamo';
import {
  batchExpired,
  batchExpiry,
  batchFromItem,
  batchItem,
  batchKey,
  markerExpiry,
  markerKey,
  sendFromItem,
  sendItem,
  sendKey,
  SENDS_PK,
  type BatchRecord,
  type MarkerKind,
  type SendRecord,
} from './items';

/** A new send with the master's audit entry, in one transaction. */
export async function insertSend(record: SendRecord, audit: AuditInput): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: tableName(), Item: sendItem(record), ConditionExpression: 'attribute_not_exists(pk)' } }, auditPut(audit)],
    }),
  );
}

export async function getSend(id: string, consistent = false): Promise<SendRecord | undefined> {
  const item = await getItem(sendKey(id), consistent);
  return item && sendFromItem(item);
}

/** The last sends, newest first (the Envios tab). */
export async function recentSends(): Promise<SendRecord[]> {
  return (await query({ index: 'gsi1', partition: SENDS_PK, descending: true, limit: NEWSLETTER_LIMITS.sendsShown })).map(sendFromItem);
}

export const countSends = () => countItems({ index: 'gsi1', partition: SENDS_PK });

// The audience and its batches.

/** Writes a batch once (a redelivered audience run leaves the written ones as they are); its insert queues it. */
export async function insertBatch(record: BatchRecord): Promise<void> {
  await conditionalWrite(() => ddb().send(new PutCommand({ TableName: tableName(), Item: batchItem(record), ConditionExpression: 'attribute_not_exists(pk)' })));
}

/** Fixes the audience and the number of batches once, and marks the send as going out. */
export async function setAudience(sendId: string, audience: number, batches: number, now: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sendKey(sendId),
        UpdateExpression: 'SET audience_count = :audience, batches_total = :batches, #status = :sending, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(batches_total)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':audience': audience, ':batches': batches, ':sending': 'sending', ':now': now },
      }),
    ),
  );
}

/** Marks the send 'sent' once every batch is done (whoever finishes last, the audience run or a batch, does it). */
export async function finishIfDone(sendId: string, now: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sendKey(sendId),
        UpdateExpression: 'SET #status = :sent, finished_at = :now, updated_at = :now',
        ConditionExpression: 'attribute_exists(batches_total) AND batches_done >= batches_total AND #status <> :sent',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent', ':now': now },
      }),
    ),
  );
}

/** A batch, unless it expired (its recipients' e-mails are not read again once its time is over). */
export async function getBatch(sendId: string, number: number, nowMs = Date.now()): Promise<BatchRecord | undefined> {
  const item = await getItem(batchKey(sendId, number), true);
  return item && !batchExpired(item, nowMs) ? batchFromItem(item) : undefined;
}

/**
 * Ends a run of a batch: counts the e-mails it sent into the send, the run on the batch, and, when
 * every recipient is settled, the batch as done (once: batches_done moves with done_at), to expire
 * BATCH_KEEP_DAYS later with its recipients' e-mails.
 */
export async function endRun(sendId: string, number: number, sent: number, complete: boolean, now: string): Promise<void> {
  const TableName = tableName();
  const run = (done: boolean) => ({
    Update: {
      TableName,
      Key: batchKey(sendId, number),
      UpdateExpression: `ADD runs :one SET last_run_at = :now${done ? ', done_at = :now, expires_at = :expires' : ''}`,
      ...(done ? { ConditionExpression: 'attribute_not_exists(done_at)' } : {}),
      ExpressionAttributeValues: { ':one': 1, ':now': now, ...(done ? { ':expires': batchExpiry(now) } : {}) },
    },
  });
  const counters = (done: boolean) => ({
    Update: {
      TableName,
      Key: sendKey(sendId),
      UpdateExpression: `ADD sent_to_count :sent${done ? ', batches_done :one' : ''}`,
      ExpressionAttributeValues: { ':sent': sent, ...(done ? { ':one': 1 } : {}) },
    },
  });
  if (complete) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [run(true), counters(true)] }));
      return;
    } catch (error) {
      // Already done by an earlier run: only this run and what it sent are counted.
      if (cancelledItemIndex(error) !== 0) throw error;
    }
  }
  await ddb().send(new TransactWriteCommand({ TransactItems: sent > 0 ? [run(false), counters(false)] : [run(false)] }));
}

// Markers.

/** Claims the delivery of a send to a subscriber before the e-mail goes; false when it was claimed before (sent, or given up). */
export async function claimDelivery(sendId: string, subscriberId: string, nowMs = Date.now()): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...markerKey(sendId, subscriberId, 'DELIVERY'), entity: 'newsletter_delivery', status: 'sending', at: new Date(nowMs).toISOString(), expires_at: markerExpiry(nowMs) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** SES refused it: the claim goes, so the batch's next run tries again. */
export async function releaseDelivery(sendId: string, subscriberId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: markerKey(sendId, subscriberId, 'DELIVERY') }));
}

/** The last run refused too: the delivery stays claimed as failed, so the batch can end. */
export async function failDelivery(sendId: string, subscriberId: string, reason: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({ TableName: tableName(), Key: markerKey(sendId, subscriberId, 'DELIVERY'), UpdateExpression: 'SET #status = :failed, reason = :reason', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':failed': 'failed', ':reason': reason } }),
  );
}

const COUNTERS: Record<Exclude<MarkerKind, 'DELIVERY'>, string> = { OPEN: 'opened_count', CLICK: 'clicked_count' };

/** Counts an open or a click of a send once per subscriber: the marker's conditional put and the counter's ADD together. */
export async function countOnce(sendId: string, subscriberId: string, kind: Exclude<MarkerKind, 'DELIVERY'>, nowMs = Date.now()): Promise<boolean> {
  const TableName = tableName();
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: { ...markerKey(sendId, subscriberId, kind), entity: 'newsletter_tracking', at: new Date(nowMs).toISOString(), expires_at: markerExpiry(nowMs) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          // Only a real send counts (a preview's or a test's links sign a send that does not exist).
          { Update: { TableName, Key: sendKey(sendId), UpdateExpression: `ADD ${COUNTERS[kind]} :one`, ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    ),
  );
}
