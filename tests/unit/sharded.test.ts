// The merged read of a write-sharded list (lambdas/platform/sharded.ts) against a fake Query that
// behaves as DynamoDB's on one index (Limit, ExclusiveStartKey, order, a sort-key range, a filter that
// drops items after Limit counted them): every page in the order one partition would give, the
// cursor resuming every shard, and cursors of another list refused.
import type { QueryCommand, QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED, shardOf, LIST_SHARDS } from '../../lambdas/articles/article';
import { AppError } from '../../lambdas/platform/errors';
import { decodeShardCursor, mergedItems, queryMergedFirst, queryMergedPage } from '../../lambdas/platform/sharded';

beforeAll(() => {
  process.env.TABLE_NAME = 'portal-test';
});

type Row = Record<string, string>;

/** Items of gsi2 spread over FEED shards by id, as the articles are. */
function feedItems(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `id-${String(index).padStart(4, '0')}`;
    const day = `2026-01-${String((index % 28) + 1).padStart(2, '0')}T${String(index % 24).padStart(2, '0')}:00:00.000Z`;
    return { pk: `ARTICLE#${id}`, sk: 'ARTICLE', gsi2pk: FEED.of(id), gsi2sk: `${day}#${id}`, id, author: index % 3 === 0 ? 'a' : 'b' };
  });
}

/** A Query over `rows` as DynamoDB answers it on gsi2. */
function fakeQuery(rows: Row[]) {
  const calls: QueryCommand['input'][] = [];
  const send = async (command: QueryCommand): Promise<QueryCommandOutput> => {
    const input = command.input;
    calls.push(input);
    const values = input.ExpressionAttributeValues as Record<string, string>;
    let matching = rows.filter((row) => row.gsi2pk === values[':pk'] && (values[':from'] === undefined || row.gsi2sk! >= values[':from']));
    matching.sort((a, b) => (a.gsi2sk! < b.gsi2sk! ? -1 : 1));
    if (input.ScanIndexForward === false) matching.reverse();
    const start = input.ExclusiveStartKey as Row | undefined;
    if (start) matching = matching.slice(matching.findIndex((row) => row.gsi2sk === start.gsi2sk) + 1);
    const evaluated = matching.slice(0, input.Limit ?? matching.length);
    const last = evaluated.length < matching.length ? evaluated.at(-1) : undefined;
    const kept = input.FilterExpression ? evaluated.filter((row) => row.author === values[':author']) : evaluated;
    return {
      Items: kept,
      LastEvaluatedKey: last && { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk },
      $metadata: {},
    } as QueryCommandOutput;
  };
  return { calls, send };
}

const newestFirst = (rows: Row[]) => [...rows].sort((a, b) => (a.gsi2sk! < b.gsi2sk! ? 1 : -1)).map((row) => row.id);
const spec = { index: 'gsi2' as const, partitions: FEED.all(), descending: true };

describe('shardOf', () => {
  it('is stable and spreads ids over every shard', () => {
    expect(shardOf('abc')).toBe(shardOf('abc'));
    const counts = new Array(LIST_SHARDS).fill(0);
    for (let index = 0; index < 4000; index++) counts[shardOf(crypto.randomUUID())] += 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
});

describe('merged reads', () => {
  const rows = feedItems(203);

  it('gives the first items in the order of one partition, from one Query per shard', async () => {
    const { calls, send } = fakeQuery(rows);
    const first = await queryMergedFirst(spec, 12, send);
    expect(first.map((row) => row.id)).toEqual(newestFirst(rows).slice(0, 12));
    expect(calls).toHaveLength(LIST_SHARDS);
  });

  it('reads a window of the sort key', async () => {
    const { send } = fakeQuery(rows);
    const from = '2026-01-20';
    const window = await queryMergedFirst({ ...spec, sortFrom: from }, 1000, send);
    expect(window.map((row) => row.id)).toEqual(newestFirst(rows.filter((row) => row.gsi2sk! >= from)));
  });

  it('walks every item in order, a page per shard at a time', async () => {
    const { send } = fakeQuery(rows);
    const all: string[] = [];
    for await (const item of mergedItems(spec, 7, send)) all.push(String(item.id));
    expect(all).toEqual(newestFirst(rows));
  });

  it('pages through with cursors: every item once, in order, with the page size', async () => {
    const { send } = fakeQuery(rows);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await queryMergedPage(spec, undefined, cursor, { size: 20, maxReads: 10 }, send);
      expect(page.items.length).toBe(page.cursor ? 20 : 203 % 20);
      seen.push(...page.items.map((item) => String(item.id)));
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(11);
    expect(seen).toEqual(newestFirst(rows));
  });

  it('fills filtered pages from several rounds and resumes after what it evaluated', async () => {
    const { send } = fakeQuery(rows);
    const filter = { expression: 'author = :author', values: { ':author': 'a' } };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryMergedPage(spec, filter, cursor, { size: 20, maxReads: 10 }, send);
      seen.push(...page.items.map((item) => String(item.id)));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(newestFirst(rows.filter((row) => row.author === 'a')));
  });

  it('refuses a cursor of another list or a forged one', () => {
    const other = Buffer.from(JSON.stringify([0, 1, 1, { pk: 'x', sk: 'y', gsi2pk: 'ARTICLES#draft#2', gsi2sk: 'z' }])).toString('base64url');
    expect(() => decodeShardCursor(spec, other)).toThrow(AppError);
    expect(() => decodeShardCursor(spec, Buffer.from('[1,1]').toString('base64url'))).toThrow(AppError);
    expect(() => decodeShardCursor(spec, 'not json')).toThrow(AppError);
    expect(decodeShardCursor(spec, Buffer.from('[0,1,1,0]').toString('base64url'))).toEqual([0, 1, 1, 0]);
  });
});
