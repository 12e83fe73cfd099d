// DynamoDB access for imports: analyzed files, sessions and their chunks (items.ts has the keys).
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, query, queryAll, tableName, type TransactItem } from '../platform/dynamo';
import { auditPut, type AuditInput } from '../audit/public';
import {
  chunkItem,
  chunkKey,
  chunkOf,
  fileItem,
  fileKey,
  fileOf,
  sessionItem,
  sessionKey,
  sessionOf,
  sessionPk,
  SESSIONS_PK,
  type ChunkRecord,
  type FileRecord,
  type SessionRecord,
} from './items';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function putFile(record: FileRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: fileItem(record, nowSeconds()),
    }),
  );
}

export async function getFile(key: string): Promise<FileRecord | undefined> {
  const item = await getItem(fileKey(key), true);
  return item && fileOf(item);
}

export async function deleteFile(key: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: fileKey(key) }));
}

/** The session, and the file item gone with it: an analyzed upload is imported once. */
export async function createSession(session: SessionRecord, audit: AuditInput): Promise<boolean> {
  const TableName = tableName();
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: sessionItem(session),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Delete: {
              TableName,
              Key: fileKey(session.file_key),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          auditPut(audit),
        ],
      }),
    ),
  );
}

export async function getSession(id: string, consistent = false): Promise<SessionRecord | undefined> {
  const item = await getItem(sessionKey(id), consistent);
  return item && sessionOf(item);
}

export async function recentSessions(limit: number): Promise<SessionRecord[]> {
  return (
    await query({
      index: 'gsi1',
      partition: SESSIONS_PK,
      descending: true,
      limit,
    })
  ).map(sessionOf);
}

/** Sets fields of a session, under `condition` when given. */
export async function updateSession(
  id: string,
  fields: Partial<SessionRecord>,
  condition?: { expression: string; values: Record<string, unknown> },
): Promise<boolean> {
  const entries = Object.entries(fields);
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(id),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
        ConditionExpression: ['attribute_exists(pk)', ...(condition ? [condition.expression] : [])].join(' AND '),
        // `#status` is a reserved word: a condition names it so.
        ExpressionAttributeNames: {
          ...Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
          ...(condition?.expression.includes('#status') ? { '#status': 'status' } : {}),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value])),
          ...condition?.values,
        },
      }),
    ),
  );
}

/** Completes a running session whose chunks are all done (whoever sees it first: the parse or the last batch). */
export function completeIfDone(id: string, now: string): Promise<boolean> {
  return updateSession(
    id,
    { status: 'completed', completed_at: now, updated_at: now },
    {
      expression: '#status = :running AND chunks_done = chunks_total',
      values: { ':running': 'running' },
    },
  );
}

/** Stores a chunk's item once: a parse run again leaves a chunk already there (and its progress) alone. */
export function putChunkOnce(record: Parameters<typeof chunkItem>[0]): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: chunkItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getChunk(sessionId: string, number: number): Promise<ChunkRecord | undefined> {
  const item = await getItem(chunkKey(sessionId, number), true);
  return item && chunkOf(item);
}

/** Every chunk of a session, in order, with the fields asked for. */
export async function chunksOf(sessionId: string, fields: readonly string[]): Promise<Partial<ChunkRecord>[]> {
  return queryAll({
    partition: sessionPk(sessionId),
    sortPrefix: 'CHUNK#',
    fields,
  }) as Promise<Partial<ChunkRecord>[]>;
}

/** Queues a chunk again (its batch was lost): the change emits ImportChunkQueued. */
export function requeueChunk(sessionId: string, number: number, now: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chunkKey(sessionId, number),
        UpdateExpression: 'SET queued_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(done_at)',
        ExpressionAttributeValues: { ':now': now },
      }),
    ),
  );
}

/** Counts a failed run of a chunk's batch. */
export async function countFailure(sessionId: string, number: number): Promise<void> {
  await conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chunkKey(sessionId, number),
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    ),
  );
}

/** Records a chunk's counter deltas before its writes; the first run's stay (a redelivery reads them). */
export function recordDeltas(sessionId: string, number: number, deltas: unknown): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chunkKey(sessionId, number),
        UpdateExpression: 'SET deltas = :d',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deltas)',
        ExpressionAttributeValues: { ':d': deltas },
      }),
    ),
  );
}

/** Batches finishing together meet on the session and the counters: a transaction that lost such a race is sent again. */
async function withConflictRetries<T>(send: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const conflict = reasons.some((reason) => reason.Code === 'TransactionConflict') && !reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
      if (!conflict || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    }
  }
}

export interface ChunkOutcome {
  done_at: string;
  successful: number;
  failed: number;
  log: ChunkRecord['log'];
  /** The ids of the articles it wrote: the feeds update from them after the import (importedArticleIds). */
  article_ids: string[];
}

/**
 * Ends a chunk exactly once: the shared counters' `updates`, in parts of a transaction's size (each
 * part moves the chunk's `counter_parts` from its index to the next, so a part applied by an earlier
 * run is skipped), and with the last part the chunk's outcome and the session's counts.
 */
export async function finishChunk(sessionId: string, number: number, updates: TransactItem[], outcome: ChunkOutcome): Promise<boolean> {
  const TableName = tableName();
  const size = 97;
  const parts = Array.from({ length: Math.max(1, Math.ceil(updates.length / size)) }, (_, index) => updates.slice(index * size, (index + 1) * size));
  let finished = false;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const values = {
      ':next': index + 1,
      ...(index > 0 ? { ':index': index } : {}),
    };
    const guard = {
      TableName,
      Key: chunkKey(sessionId, number),
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(done_at) AND ${index === 0 ? 'attribute_not_exists(counter_parts)' : 'counter_parts = :index'}`,
    };
    const items: TransactItem[] = last
      ? [
          {
            Update: {
              ...guard,
              UpdateExpression: 'SET counter_parts = :next, done_at = :now, successful = :ok, failed = :failed, #log = :log, article_ids = :ids',
              ExpressionAttributeNames: { '#log': 'log' },
              ExpressionAttributeValues: {
                ...values,
                ':now': outcome.done_at,
                ':ok': outcome.successful,
                ':failed': outcome.failed,
                ':log': outcome.log,
                ':ids': outcome.article_ids,
              },
            },
          },
          {
            Update: {
              TableName,
              Key: sessionKey(sessionId),
              UpdateExpression: 'SET updated_at = :now ADD successful_records :ok, failed_records :failed, chunks_done :one',
              ExpressionAttributeValues: {
                ':now': outcome.done_at,
                ':ok': outcome.successful,
                ':failed': outcome.failed,
                ':one': 1,
              },
            },
          },
          ...part,
        ]
      : [
          {
            Update: {
              ...guard,
              UpdateExpression: 'SET counter_parts = :next',
              ExpressionAttributeValues: values,
            },
          },
          ...part,
        ];
    // A part whose guard fails was applied by an earlier run of this chunk: the next part follows.
    const applied = await conditionalWrite(() => withConflictRetries(() => ddb().send(new TransactWriteCommand({ TransactItems: items }))));
    if (last) finished = applied;
  }
  return finished;
}

/** The ids of the articles a session wrote, from its chunks (one Query, every page; ids only). */
export async function importedArticleIds(sessionId: string): Promise<string[]> {
  const chunks = await queryAll({ partition: sessionPk(sessionId), sortPrefix: 'CHUNK#', fields: ['article_ids'] });
  return chunks.flatMap((chunk) => (Array.isArray(chunk.article_ids) ? (chunk.article_ids as string[]) : []));
}
