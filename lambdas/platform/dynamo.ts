// Generic DynamoDB helpers for the single table: keys, projections, conditional-write outcomes and
// queries (every page, or one page behind an opaque cursor); batches are in dynamo-batch.ts.
// Entities, their keys and their items live with the context that owns them (lambdas/DATA.md).
import {
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TEXT_MESSAGES } from '../../shared/text';
import { ddb } from './clients';
import { env } from './env';
import { badRequest, isConditionFailure } from './errors';
import { TABLE_SCHEMA } from './table-schema';

export interface Key {
  pk: string;
  sk: string;
}
export type Item = Record<string, unknown>;
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const tableName = () => env('TABLE_NAME');

/** Reads only `fields`; names go through placeholders, so reserved words (status, count) are fine. */
export function projection(fields: readonly string[]) {
  return {
    ProjectionExpression: fields.map((_, index) => `#f${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
  };
}

export async function getItem(key: Key, consistent = false): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }))).Item;
}

// Conditional writes.

/** True when written, false when its condition failed (in a transaction: any item's); other errors are thrown. */
export async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * For a cancelled transaction, the position of the first item that failed its condition or lost a
 * race with a concurrent transaction on the same item (the same outcome, a moment earlier).
 */
export function cancelledItemIndex(error: unknown): number | undefined {
  if ((error as { name?: string } | null)?.name !== 'TransactionCanceledException') return undefined;
  const codes = ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((reason) => reason.Code);
  const index = codes.findIndex((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict');
  return index >= 0 ? index : undefined;
}

// Queries.

export interface QuerySpec {
  index?: (typeof TABLE_SCHEMA.indexes)[number]['name'];
  /** The partition key's value. */
  partition: string;
  sortPrefix?: string;
  descending?: boolean;
  limit?: number;
  fields?: readonly string[];
}

export interface QueryOptions {
  send?: (command: QueryCommand) => Promise<QueryCommandOutput>;
}

const sendQuery = (command: QueryCommand) => ddb().send(command);

/** The key attributes of the queried index, as they appear in LastEvaluatedKey. */
function keyNames(spec: QuerySpec): { partition: string; sort: string; all: string[] } {
  const index = TABLE_SCHEMA.indexes.find((candidate) => candidate.name === spec.index);
  return {
    partition: index?.partitionKey ?? TABLE_SCHEMA.partitionKey,
    sort: index?.sortKey ?? TABLE_SCHEMA.sortKey,
    all: [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, ...(index ? [index.partitionKey, index.sortKey] : [])],
  };
}

function queryInput(spec: QuerySpec, start?: Item): QueryCommandInput {
  const names = keyNames(spec);
  const projected = spec.fields && projection(spec.fields);
  return {
    TableName: tableName(),
    IndexName: spec.index,
    KeyConditionExpression: spec.sortPrefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': names.partition, ...(spec.sortPrefix ? { '#sk': names.sort } : {}), ...projected?.ExpressionAttributeNames },
    ExpressionAttributeValues: { ':pk': spec.partition, ...(spec.sortPrefix ? { ':prefix': spec.sortPrefix } : {}) },
    ProjectionExpression: projected?.ProjectionExpression,
    ScanIndexForward: spec.descending ? false : undefined,
    Limit: spec.limit,
    ExclusiveStartKey: start,
  };
}

/** One Query: up to `limit` items (or one response's worth). */
export async function query(spec: QuerySpec, { send = sendQuery }: QueryOptions = {}): Promise<Item[]> {
  return (await send(new QueryCommand(queryInput(spec)))).Items ?? [];
}

/** Every matching item, page after page (`limit`, if set, is the page size). */
export async function queryAll(spec: QuerySpec, { send = sendQuery }: QueryOptions = {}): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await send(new QueryCommand(queryInput(spec, start)));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The first `count` matching items, over as many responses as it takes (each stops at 1 MB). */
export async function queryFirst(spec: QuerySpec, count: number, { send = sendQuery }: QueryOptions = {}): Promise<Item[]> {
  const items: Item[] = [];
  if (count < 1) return items;
  let start: Item | undefined;
  do {
    const page = await send(new QueryCommand(queryInput({ ...spec, limit: count - items.length }, start)));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < count);
  return items;
}

/** How many items match (Select COUNT: none is sent back; each response counts up to 1 MB of them). */
export async function countItems(spec: Omit<QuerySpec, 'fields' | 'limit'>, { send = sendQuery }: QueryOptions = {}): Promise<number> {
  let total = 0;
  let start: Item | undefined;
  do {
    const page = await send(new QueryCommand({ ...queryInput(spec, start), Select: 'COUNT' }));
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return total;
}

export interface Page {
  items: Item[];
  /** Pass it back for the next page; absent on the last one. */
  cursor?: string;
}

const INVALID_CURSOR = TEXT_MESSAGES.cursor;

/** One page of a query; the cursor is opaque to clients and only resumes the query it came from. */
export async function queryPage(spec: QuerySpec, cursor: string | undefined, { send = sendQuery }: QueryOptions = {}): Promise<Page> {
  const page = await send(new QueryCommand(queryInput(spec, cursor === undefined ? undefined : decodeCursor(spec, cursor))));
  return { items: page.Items ?? [], cursor: page.LastEvaluatedKey && encodeCursor(page.LastEvaluatedKey) };
}

/** A FilterExpression and its values (the attribute names are plain, not reserved words). */
export interface QueryFilter {
  expression: string;
  values: Record<string, unknown>;
}

/**
 * A page of `size` items that match a filter, read from as many index pages as it takes, at most
 * `maxReads` (a filtered Query returns fewer items than its Limit); the cursor resumes after the
 * last item read. Without a filter it is one plain page.
 */
export async function queryMatching(
  spec: QuerySpec,
  filter: QueryFilter | undefined,
  cursor: string | undefined,
  { size, maxReads }: { size: number; maxReads: number },
  { send = sendQuery }: QueryOptions = {},
): Promise<Page> {
  const items: Item[] = [];
  let start = cursor === undefined ? undefined : decodeCursor(spec, cursor);
  for (let read = 0; read < maxReads && items.length < size; read++) {
    const input = queryInput({ ...spec, limit: size - items.length }, start);
    const filtered = filter
      ? { ...input, FilterExpression: filter.expression, ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ...filter.values } }
      : input;
    const page = await send(new QueryCommand(filtered));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (!start) break;
  }
  return { items, cursor: start && encodeCursor(start) };
}

export const encodeCursor = (lastKey: Item): string => Buffer.from(JSON.stringify(lastKey)).toString('base64url');

/** The start key a cursor stands for; a 400 unless it holds exactly this index's keys, in this partition. */
export function decodeCursor(spec: QuerySpec, cursor: string): Item {
  const names = keyNames(spec);
  let key: unknown;
  try {
    key = /^[\w-]{1,4096}$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
  } catch {
    key = undefined;
  }
  const entries = key && typeof key === 'object' && !Array.isArray(key) ? Object.entries(key) : [];
  const valid =
    entries.length === names.all.length &&
    entries.every(([name, value]) => names.all.includes(name) && typeof value === 'string' && value.length <= 2048) &&
    (key as Item)[names.partition] === spec.partition;
  if (!valid) throw badRequest(INVALID_CURSOR, 'cursor');
  return key as Item;
}
