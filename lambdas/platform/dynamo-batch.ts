// Batch reads and writes: DynamoDB may leave part of a batch unprocessed under load; that part is
// sent again after a growing, randomized wait, and an error is thrown if some is still left after the
// last retry (a silent give-up would show authors as anonymous and views as 0).
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients';
import { projection, tableName, type Item, type Key } from './dynamo';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

export interface RetryPolicy {
  retries: number;
  /** The first wait's ceiling; it doubles on each retry, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const BATCH_RETRY: RetryPolicy = {
  retries: 5,
  baseDelayMs: 50,
  maxDelayMs: 1000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** "Full jitter": a random wait below the exponential ceiling, so retrying clients spread out. */
export const backoffDelay = (retry: number, policy: RetryPolicy = BATCH_RETRY): number =>
  Math.floor(policy.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry));

export class UnprocessedItemsError extends Error {
  constructor(
    readonly operation: 'BatchGet' | 'BatchWrite',
    readonly unprocessed: number,
  ) {
    super(`${operation}: ${unprocessed} item(s) still unprocessed after retries`);
    this.name = 'UnprocessedItemsError';
  }
}

/** Sends `first`, then what each response left over, until nothing is left or the retries run out. */
async function untilProcessed<R>(
  operation: UnprocessedItemsError['operation'],
  first: R,
  sendOnce: (request: R) => Promise<R | undefined>,
  left: (request: R) => number,
  retry: Partial<RetryPolicy> = {},
): Promise<void> {
  const policy = { ...BATCH_RETRY, ...retry };
  let pending: R | undefined = first;
  for (let attempt = 0; pending && left(pending) > 0; attempt += 1) {
    if (attempt > policy.retries) throw new UnprocessedItemsError(operation, left(pending));
    if (attempt > 0) await policy.sleep(backoffDelay(attempt - 1, policy));
    pending = await sendOnce(pending);
  }
}

const keyId = (key: { pk?: unknown; sk?: unknown }) => `${String(key.pk)}|${String(key.sk)}`;
const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

export interface BatchGetOptions {
  fields?: readonly string[];
  send?: (command: BatchGetCommand) => Promise<BatchGetCommandOutput>;
  retry?: Partial<RetryPolicy>;
}

/** The items found for `keys` (duplicates asked once, 100 per request); missing items are simply absent. */
export async function batchGet(keys: Key[], { fields, send = (command) => ddb().send(command), retry }: BatchGetOptions = {}): Promise<Item[]> {
  const table = tableName();
  const unique = [...new Map(keys.map((key) => [keyId(key), key])).values()];
  const found: Item[] = [];
  for (const chunk of chunks(unique, 100)) {
    type Request = NonNullable<BatchGetCommandOutput['UnprocessedKeys']>;
    const first: Request = { [table]: { Keys: chunk, ...(fields && projection(fields)) } };
    await untilProcessed<Request>(
      'BatchGet',
      first,
      async (request) => {
        const result = await send(new BatchGetCommand({ RequestItems: request }));
        found.push(...(result.Responses?.[table] ?? []));
        return result.UnprocessedKeys;
      },
      (request) => request[table]?.Keys?.length ?? 0,
      retry,
    );
  }
  return found;
}

export interface BatchWriteOptions {
  send?: (command: BatchWriteCommand) => Promise<BatchWriteCommandOutput>;
  retry?: Partial<RetryPolicy>;
}

/** Deletes `keys`, 25 per request. */
export function batchDelete(keys: Key[], options: BatchWriteOptions = {}): Promise<void> {
  return batchWrite({ deletes: keys }, options);
}

/**
 * Puts and deletes, 25 per request, `concurrency` requests at a time (a bulk write runs several to
 * reach the table's rate); what a response leaves unprocessed is sent again with backoff.
 */
export async function batchWrite(
  { puts = [], deletes = [] }: { puts?: Item[]; deletes?: Key[] },
  { send = (command) => ddb().send(command), retry, concurrency = 1 }: BatchWriteOptions & { concurrency?: number } = {},
): Promise<void> {
  const table = tableName();
  const requests: WriteRequest[] = [
    ...puts.map((Item) => ({ PutRequest: { Item } })),
    ...deletes.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } })),
  ];
  const pending = chunks(requests, 25);
  const lane = async () => {
    for (let chunk = pending.shift(); chunk; chunk = pending.shift()) {
      type Request = Record<string, WriteRequest[]>;
      await untilProcessed<Request>(
        'BatchWrite',
        { [table]: chunk },
        async (request) => (await send(new BatchWriteCommand({ RequestItems: request }))).UnprocessedItems,
        (request) => request[table]?.length ?? 0,
        retry,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}

// Batch reads shared by several entities, even of several contexts: each part names its keys and
// reads its own items back, so one BatchGet serves a card's author, view counter and SEO result.

export type Found = (key: Key) => Item | undefined;

export interface BatchPart<T> {
  keys: Key[];
  /** The attributes it reads; when every part names them, the batch reads only those. */
  fields?: readonly string[];
  read: (found: Found) => T;
}

type PartResults<P> = { [Name in keyof P]: P[Name] extends BatchPart<infer T> ? T : never };

/** Reads every part in one BatchGet (one per 100 keys; none when no part has keys). */
export async function batchRead<P extends Record<string, BatchPart<unknown>>>(parts: P, options: Omit<BatchGetOptions, 'fields'> = {}): Promise<PartResults<P>> {
  const list = Object.values(parts);
  const named = list.every((part) => part.fields);
  const fields = named ? [...new Set(['pk', 'sk', ...list.flatMap((part) => part.fields ?? [])])] : undefined;
  const items = await batchGet(list.flatMap((part) => part.keys), { ...options, fields });
  const byKey = new Map(items.map((item) => [keyId(item), item]));
  const found: Found = (key) => byKey.get(keyId(key));
  return Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.read(found)])) as PartResults<P>;
}
