// DynamoDB access of the privacy context (keys in items.ts, charted in lambdas/DATA.md).
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsentRecord, ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, query, queryAll, queryPage, tableName, type Page } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import { consentItem, consentOf, REQUESTS_INDEX_PK, requestItem, requestKey, requestOf, requestsOfIndexPk, type RequestRecord } from './items';

export async function insertRequest(record: RequestRecord, expiresAt?: number): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: requestItem(record, expiresAt), ConditionExpression: 'attribute_not_exists(pk)' }));
}

export async function getRequest(id: string): Promise<RequestRecord | undefined> {
  const item = await getItem(requestKey(id), true);
  return item && requestOf(item);
}

/** A person's requests, newest first (the last 20). */
export async function requestsOf(userId: string, limit = 20): Promise<RequestRecord[]> {
  const items = await query({ index: 'gsi2', partition: requestsOfIndexPk(userId), descending: true, limit });
  return items.map(requestOf);
}

/** Every request, newest first, 20 a page (the masters' list). */
export async function requestPage(cursor: string | undefined): Promise<Page & { records: RequestRecord[] }> {
  const page = await queryPage({ index: 'gsi1', partition: REQUESTS_INDEX_PK, descending: true, limit: 20 }, cursor);
  return { ...page, records: page.items.map(requestOf) };
}

/** An export's file is written: the request becomes ready, once. */
export async function markExportReady(id: string, fileKey: string, bytes: number, downloadUntil: string, now: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(id),
        UpdateExpression: 'SET #status = :ready, file_key = :key, file_bytes = :bytes, download_until = :until, completed_at = :now, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':ready': 'ready', ':pending': 'pending', ':key': fileKey, ':bytes': bytes, ':until': downloadUntil, ':now': now },
      }),
    ),
  );
}

/**
 * Records what one context removed, once (a redelivery finds its step there and writes nothing).
 * The first phase's step also moves the request on to `erasing`; returns the request as it then is,
 * or undefined when the step was already recorded.
 */
export async function recordStep(id: string, context: string, removed: ErasureSummary, first: boolean, now: string): Promise<RequestRecord | undefined> {
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(id),
        UpdateExpression: `SET steps.#context = :step, updated_at = :now${first ? ', #status = :erasing' : ''}`,
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(steps.#context) AND #status = :expected`,
        ExpressionAttributeNames: { '#context': context, '#status': 'status' },
        ExpressionAttributeValues: {
          ':step': { at: now, removed },
          ':now': now,
          ':expected': first ? 'pending' : 'erasing',
          ...(first ? { ':erasing': 'erasing' } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return requestOf(result.Attributes!);
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

/**
 * Completes a deletion whose every step is recorded (the request as the last step's update returned
 * it), once: the request keeps its log (the steps' counts) and loses the link to the person (user
 * id, e-mail, the owner's index).
 */
export async function completeDeletion(request: RequestRecord, now: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(request.id),
        UpdateExpression: 'SET #status = :completed, completed_at = :now, updated_at = :now, subject = :subject REMOVE user_id, email, gsi2pk, gsi2sk',
        ConditionExpression: '#status = :erasing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':erasing': 'erasing',
          ':now': now,
          // Enough to answer "was this account's deletion done?" when its owner asks with the id; not enough to find it.
          ':subject': createHash('sha256').update(`${request.user_id}`).digest('hex').slice(0, 16),
        },
      }),
    ),
  );
}

export async function insertConsent(partition: string, record: ConsentRecord, expiresAt?: number): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: consentItem(partition, record, randomUUID().slice(0, 8), expiresAt) }));
}

/** A person's consent records, newest first. */
export async function consentsOf(partition: string, limit?: number): Promise<ConsentRecord[]> {
  const spec = { partition, descending: true, ...(limit ? { limit } : {}) };
  return (limit ? await query(spec) : await queryAll(spec)).map(consentOf);
}

export async function deleteConsents(partition: string): Promise<number> {
  const items = await queryAll({ partition, fields: ['pk', 'sk'] });
  await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  return items.length;
}

/** Every request of a person (to erase their exports); the deletion's own is kept. */
export async function allRequestsOf(userId: string): Promise<RequestRecord[]> {
  return (await queryAll({ index: 'gsi2', partition: requestsOfIndexPk(userId) })).map(requestOf);
}

export async function deleteRequest(id: string): Promise<void> {
  await batchDelete([requestKey(id)]);
}

