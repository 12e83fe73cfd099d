// DynamoDB access for the ai_reprocessing_log and each article's analysis state: opening an entry
// (at most one pending per article, never twice for one cause), recording an attempt, and the
// monitor's reads. Items are built in items.ts.
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANALYSIS_LIMITS } from '../../shared/analysis';
import { ddb } from '../platform/clients';
import { conditionalWrite, countItems, getItem, query, tableName, type TransactItem } from '../platform/dynamo';
import { LOG_INDEX, PENDING_INDEX, latestEntity, logEntity, stateEntity, type AnalysisState, type LatestAnalysis, type LogRecord } from './items';

export async function getEntry(id: string): Promise<LogRecord | undefined> {
  const item = await getItem(logEntity.key(id), true);
  return item && logEntity.fromItem(item);
}

export async function getState(articleId: string): Promise<AnalysisState | undefined> {
  const item = await getItem(stateEntity.key(articleId), true);
  return item && stateEntity.fromItem(item);
}

async function transact(items: TransactItem[]): Promise<boolean> {
  return conditionalWrite(() => ddb().send(new TransactWriteCommand({ TransactItems: items })));
}

/** The state's update that marks `version` seen, if it is newer than what was (the guard against old and repeated events). */
function seenUpdate(articleId: string, version: number, set: Record<string, unknown> = {}): NonNullable<TransactItem['Update']> {
  const names = Object.keys(set);
  return {
    TableName: tableName(),
    Key: stateEntity.key(articleId),
    UpdateExpression: `SET entity = :entity, article_id = :article, seen_version = :v${names.map((name, index) => `, #s${index} = :s${index}`).join('')}`,
    ConditionExpression: 'attribute_not_exists(seen_version) OR seen_version < :v',
    ExpressionAttributeNames: names.length ? Object.fromEntries(names.map((name, index) => [`#s${index}`, name])) : undefined,
    ExpressionAttributeValues: {
      ':entity': 'analysis_state',
      ':article': articleId,
      ':v': version,
      ...Object.fromEntries(names.map((name, index) => [`:s${index}`, set[name]])),
    },
  };
}

/** Records that the article's `version` was seen, with what it says about the last analysis; false when a newer one was. */
export function markSeen(articleId: string, version: number, set: Partial<Pick<AnalysisState, 'analyzed_hash' | 'analyzed_at'>> = {}): Promise<boolean> {
  return conditionalWrite(() => ddb().send(new UpdateCommand(seenUpdate(articleId, version, set))));
}

/**
 * Opens an entry for a changed text, seen at `version`: the entry (once: its id derives from the
 * version) and the state pointing at it, in one transaction. False when either was already done.
 */
export function openForVersion(entry: LogRecord, version: number): Promise<boolean> {
  return transact([
    { Put: { TableName: tableName(), Item: logEntity.toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: seenUpdate(entry.article_id, version, { pending_log_id: entry.id }) },
  ]);
}

/** Opens an entry after a failed analysis, unless one is already pending for the article. */
export function openAfterFailure(entry: LogRecord): Promise<boolean> {
  return transact([
    { Put: { TableName: tableName(), Item: logEntity.toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: tableName(),
        Key: stateEntity.key(entry.article_id),
        UpdateExpression: 'SET entity = :entity, article_id = :article, pending_log_id = :id, seen_version = if_not_exists(seen_version, :zero)',
        ConditionExpression: 'attribute_not_exists(pending_log_id)',
        ExpressionAttributeValues: { ':entity': 'analysis_state', ':article': entry.article_id, ':id': entry.id, ':zero': 0 },
      },
    },
  ]);
}

/** The entry's new state after an attempt; `latest` with a success. */
export interface Attempt {
  before: LogRecord;
  after: LogRecord;
  latest?: LatestAnalysis;
  /** The article's ai_last_updated, kept as the state's analysis time after a success. */
  analyzedAt?: string | null;
}

/**
 * Records an attempt, only if the entry is still pending at the attempt it was read with (a
 * redelivered event or a concurrent press of the button records nothing). A success also stores the
 * suggestions and the text they came from; an entry that ends releases the article's state.
 */
export async function recordAttempt({ before, after, latest, analyzedAt }: Attempt): Promise<boolean> {
  const TableName = tableName();
  const items: TransactItem[] = [
    {
      Put: {
        TableName,
        Item: logEntity.toItem(after),
        ConditionExpression: '#status = :pending AND attempt = :attempt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':attempt': before.attempt },
      },
    },
  ];
  if (latest) items.push({ Put: { TableName, Item: latestEntity.toItem(latest) } });
  // A success leaves the text it analyzed as the article's baseline, and releases the article.
  if (latest) {
    items.push({
      Update: {
        TableName,
        Key: stateEntity.key(after.article_id),
        UpdateExpression: 'SET entity = :entity, article_id = :article, analyzed_hash = :hash, analyzed_at = :at, seen_version = if_not_exists(seen_version, :zero) REMOVE pending_log_id',
        ExpressionAttributeValues: { ':entity': 'analysis_state', ':article': after.article_id, ':hash': latest.text_hash, ':at': analyzedAt ?? null, ':zero': 0 },
      },
    });
  }
  if (!(await transact(items))) return false;
  if (after.status === 'failed') await release(after);
  return true;
}

/** The article no longer waits for this entry (only if its state still points at it). */
function release(entry: LogRecord): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: stateEntity.key(entry.article_id),
        UpdateExpression: 'REMOVE pending_log_id',
        ConditionExpression: 'pending_log_id = :id',
        ExpressionAttributeValues: { ':id': entry.id },
      }),
    ),
  );
}

/** Closes a pending entry without an attempt (its article was deleted); false when it was no longer pending. */
export function closeEntry(entry: LogRecord, error: string, now: string): Promise<boolean> {
  const after: LogRecord = { ...entry, status: 'failed', error, next_attempt_at: null, updated_at: now };
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: logEntity.key(entry.id),
        UpdateExpression: 'SET #status = :failed, #error = :error, next_attempt_at = :none, updated_at = :now, gsi1sk = :sk REMOVE gsi2pk, gsi2sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':error': error, ':none': null, ':now': now, ':sk': logEntity.indexes(after).gsi1sk },
      }),
    ),
  );
}

/** The newest entries, newest activity first (the monitor). */
export async function latestEntries(limit: number = ANALYSIS_LIMITS.monitorEntries): Promise<LogRecord[]> {
  const items = await query({ index: 'gsi1', partition: LOG_INDEX, descending: true, limit });
  return items.map(logEntity.fromItem);
}

/** Pending entries whose time has come (next_attempt_at at or before `now`), the longest waiting first. */
export async function dueEntries(now: string, limit: number = ANALYSIS_LIMITS.reprocessBatch): Promise<LogRecord[]> {
  const result = await ddb().send(new QueryCommand({ ...dueCondition(now), Limit: limit }));
  return (result.Items ?? []).map(logEntity.fromItem);
}

function dueCondition(now: string) {
  return {
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pending AND gsi2sk <= :now',
    // '~' sorts after every id character: entries due exactly now are included.
    ExpressionAttributeValues: { ':pending': PENDING_INDEX, ':now': `${now}~` },
  };
}

/** How many entries are pending, and how many of them may run now. */
export async function pendingCounts(now: string): Promise<{ pending: number; due: number }> {
  const countDue = async () => {
    let due = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(new QueryCommand({ ...dueCondition(now), Select: 'COUNT', ExclusiveStartKey: start }));
      due += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return due;
  };
  const [pending, due] = await Promise.all([countItems({ index: 'gsi2', partition: PENDING_INDEX }), countDue()]);
  return { pending, due };
}
