// Reading a list whose items are spread over several partitions of one index (write sharding: see
// lambdas/DATA.md) as one list: a k-way merge of one Query per partition by the index's sort key,
// in the same order a single partition would give. A page's cursor holds each partition's position,
// so the next page resumes every one of them; clients see one opaque string.
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { TEXT_MESSAGES } from '../../shared/text';
import { ddb } from './clients';
import { badRequest } from './errors';
import { TABLE_SCHEMA } from './table-schema';
import { projection, tableName, type Item, type Page, type QueryFilter, type QuerySpec } from './dynamo';

export interface ShardedSpec {
  index: NonNullable<QuerySpec['index']>;
  /** The partitions read together (every shard of a list, or of several lists). */
  partitions: readonly string[];
  descending?: boolean;
  /** Only items whose sort key is at least this (a window of the list). */
  sortFrom?: string;
  fields?: readonly string[];
}

type Send = (command: QueryCommand) => Promise<QueryCommandOutput>;
const sendQuery: Send = (command) => ddb().send(command);

function indexKeys(index: ShardedSpec['index']) {
  const found = TABLE_SCHEMA.indexes.find((candidate) => candidate.name === index)!;
  return { partition: found.partitionKey, sort: found.sortKey, all: [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, found.partitionKey, found.sortKey] };
}

/** One partition's reader: what it has read and not yet handed out, and where its next Query starts. */
interface Shard {
  partition: string;
  buffer: Item[];
  /** Where the next Query starts (undefined: from the beginning). */
  start?: Item;
  /** No more items past `start`. */
  exhausted: boolean;
  /** Where a page's cursor resumes it: after the last item handed out, or `start` once its buffer is empty. */
  resume?: Item;
}

/** A cursor position: not started, done, or the index key of the last item handed out. */
type Position = 0 | 1 | Item;

class Merge {
  readonly shards: Shard[];
  private readonly keys: ReturnType<typeof indexKeys>;

  constructor(
    private readonly spec: ShardedSpec,
    positions: Position[] | undefined,
    private readonly filter: QueryFilter | undefined,
    private readonly send: Send,
  ) {
    this.keys = indexKeys(spec.index);
    this.shards = spec.partitions.map((partition, index) => {
      const position = positions?.[index] ?? 1;
      const start = typeof position === 'object' ? position : undefined;
      return { partition, buffer: [], start, resume: start, exhausted: position === 0 };
    });
  }

  /** Reads the next page of every shard whose buffer is empty and that has more, all at once. */
  async fill(limit: number): Promise<void> {
    const needy = this.shards.filter((shard) => !shard.buffer.length && !shard.exhausted);
    await Promise.all(needy.map((shard) => this.read(shard, limit)));
  }

  private async read(shard: Shard, limit: number): Promise<void> {
    const { partition, sort, all } = this.keys;
    const fields = this.spec.fields && [...new Set([...this.spec.fields, ...all])];
    const projected = fields && projection(fields);
    const range = this.spec.sortFrom !== undefined;
    const result = await this.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: this.spec.index,
        KeyConditionExpression: range ? '#pk = :pk AND #sk >= :from' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': partition, ...(range ? { '#sk': sort } : {}), ...projected?.ExpressionAttributeNames },
        ExpressionAttributeValues: { ':pk': shard.partition, ...(range ? { ':from': this.spec.sortFrom } : {}), ...this.filter?.values },
        ...(this.filter ? { FilterExpression: this.filter.expression } : {}),
        ProjectionExpression: projected?.ProjectionExpression,
        ScanIndexForward: this.spec.descending ? false : undefined,
        Limit: limit,
        ExclusiveStartKey: shard.start,
      }),
    );
    shard.buffer.push(...(result.Items ?? []));
    shard.start = result.LastEvaluatedKey;
    shard.exhausted = !result.LastEvaluatedKey;
    // A filtered read may hand back nothing: the shard then resumes after what it evaluated.
    if (!shard.buffer.length) shard.resume = shard.start;
  }

  /**
   * The next item in the merged order, or undefined when it cannot be known yet (a shard with more
   * to read has an empty buffer) or every shard is done.
   */
  next(): Item | undefined {
    const sortKey = this.keys.sort;
    let best: Shard | undefined;
    for (const shard of this.shards) {
      if (!shard.buffer.length) {
        if (!shard.exhausted) return undefined;
        continue;
      }
      const head = String(shard.buffer[0]![sortKey]);
      const bestHead = best && String(best.buffer[0]![sortKey]);
      if (!best || (this.spec.descending ? head > bestHead! : head < bestHead!)) best = shard;
    }
    if (!best) return undefined;
    const item = best.buffer.shift()!;
    // Past its last buffered item a shard resumes where its Query stopped (after any filtered-out items).
    if (best.buffer.length) best.resume = Object.fromEntries(this.keys.all.map((name) => [name, item[name]]));
    else best.resume = best.exhausted ? undefined : best.start;
    return item;
  }

  get done(): boolean {
    return this.shards.every((shard) => shard.exhausted && !shard.buffer.length);
  }

  /** Each shard's position for a cursor. */
  positions(): Position[] {
    return this.shards.map((shard) => (shard.exhausted && !shard.buffer.length ? 0 : (shard.resume ?? 1)));
  }
}

/** Every item of the shards in merged order, read `pageSize` at a time from each (bodies are not all held at once). */
export async function* mergedItems(spec: ShardedSpec, pageSize = 100, send: Send = sendQuery): AsyncGenerator<Item> {
  const merge = new Merge(spec, undefined, undefined, send);
  while (!merge.done) {
    await merge.fill(pageSize);
    for (let item = merge.next(); item; item = merge.next()) yield item;
  }
}

/** The first `limit` items in merged order: one Query of `limit` per shard. */
export async function queryMergedFirst(spec: ShardedSpec, limit: number, send: Send = sendQuery): Promise<Item[]> {
  return (await queryMergedPage(spec, undefined, undefined, { size: limit, maxReads: Infinity }, send)).items;
}

/**
 * A page of `size` items matching a filter, in merged order, as queryMatching gives for one partition:
 * at most `maxReads` rounds of reads (each round reads, at once, the shards that need more); the
 * cursor resumes every shard after what this page handed out.
 */
export async function queryMergedPage(
  spec: ShardedSpec,
  filter: QueryFilter | undefined,
  cursor: string | undefined,
  { size, maxReads }: { size: number; maxReads: number },
  send: Send = sendQuery,
): Promise<Page> {
  const merge = new Merge(spec, cursor === undefined ? undefined : decodeShardCursor(spec, cursor), filter, send);
  const items: Item[] = [];
  for (let round = 0; round < maxReads && items.length < size && !merge.done; round++) {
    await merge.fill(size - items.length);
    while (items.length < size) {
      const item = merge.next();
      if (!item) break;
      items.push(item);
    }
  }
  return { items, cursor: merge.done ? undefined : encodeShardCursor(merge.positions()) };
}

const encodeShardCursor = (positions: Position[]) => Buffer.from(JSON.stringify(positions)).toString('base64url');

/** The positions a cursor stands for; a 400 unless it holds one position per shard, each of this index in its shard. */
export function decodeShardCursor(spec: ShardedSpec, cursor: string): Position[] {
  const { partition, all } = indexKeys(spec.index);
  let positions: unknown;
  try {
    positions = /^[\w-]{1,16384}$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
  } catch {
    positions = undefined;
  }
  const valid =
    Array.isArray(positions) &&
    positions.length === spec.partitions.length &&
    positions.every((position, index) => {
      if (position === 0 || position === 1) return true;
      if (!position || typeof position !== 'object' || Array.isArray(position)) return false;
      const entries = Object.entries(position as Item);
      return (
        entries.length === all.length &&
        entries.every(([name, value]) => (all as string[]).includes(name) && typeof value === 'string' && value.length <= 2048) &&
        (position as Item)[partition] === spec.partitions[index]
      );
    });
  if (!valid) throw badRequest(TEXT_MESSAGES.cursor, 'cursor');
  return positions as Position[];
}
