// The generic DynamoDB helpers, against plain fake send functions: batches retry what DynamoDB leaves
// unprocessed with growing, jittered waits and throw when some is still left; cursors resume only
// the query they came from.
import type {
  BatchGetCommand,
  BatchGetCommandOutput,
  BatchWriteCommand,
  BatchWriteCommandOutput,
  QueryCommand,
  QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelledItemIndex, conditionalWrite, decodeCursor, encodeCursor, queryAll, queryPage, type Key } from '../../lambdas/platform/dynamo';
import {
  BATCH_RETRY,
  backoffDelay,
  batchDelete,
  batchGet,
  batchRead,
  UnprocessedItemsError,
  type RetryPolicy,
} from '../../lambdas/platform/dynamo-batch';
import { AppError } from '../../lambdas/platform/errors';

const TABLE = 'portal-test';
beforeAll(() => {
  process.env.TABLE_NAME = TABLE;
});

const keys = (count: number, prefix = 'K'): Key[] => Array.from({ length: count }, (_, index) => ({ pk: `${prefix}#${index}`, sk: 'ITEM' }));
const itemOf = (key: Key) => ({ ...key, value: key.pk });

/** Waits that only record their length, and a fixed "random" so jitter is predictable. */
function fakeTime(random = 1): { waits: number[]; retry: Partial<RetryPolicy> } {
  const waits: number[] = [];
  return { waits, retry: { sleep: async (ms) => void waits.push(ms), random: () => random } };
}

/** A BatchGet that answers `served` keys per call and leaves the rest unprocessed. */
function batchGetServing(served: number) {
  const sent: Key[][] = [];
  const send = async (command: BatchGetCommand): Promise<BatchGetCommandOutput> => {
    const request = command.input.RequestItems?.[TABLE];
    const asked = (request?.Keys ?? []) as Key[];
    sent.push(asked);
    const left = asked.slice(served);
    return {
      $metadata: {},
      Responses: { [TABLE]: asked.slice(0, served).map(itemOf) },
      UnprocessedKeys: left.length ? { [TABLE]: { ...request, Keys: left } } : {},
    };
  };
  return { sent, send };
}

describe('batch get', () => {
  it('sends unprocessed keys again after exponentially growing waits until all are read', async () => {
    const { sent, send } = batchGetServing(1);
    const time = fakeTime(0.5);
    const items = await batchGet(keys(3), { send, retry: time.retry });
    expect(items.map((item) => item.pk)).toEqual(['K#0', 'K#1', 'K#2']);
    expect(sent.map((asked) => asked.length)).toEqual([3, 2, 1]);
    // Full jitter: half (random 0.5) of 50 ms, then of 100 ms.
    expect(time.waits).toEqual([25, 50]);
  });

  it('throws once keys are still unprocessed after the last retry, instead of returning less', async () => {
    const { sent, send } = batchGetServing(0);
    const time = fakeTime(1);
    const read = batchGet(keys(2), { send, retry: time.retry });
    await expect(read).rejects.toBeInstanceOf(UnprocessedItemsError);
    await expect(read).rejects.toMatchObject({ operation: 'BatchGet', unprocessed: 2 });
    expect(sent).toHaveLength(1 + BATCH_RETRY.retries);
    expect(time.waits).toEqual([50, 100, 200, 400, 800]);
  });

  it('asks each key once, at most 100 per request, with the projection on every request', async () => {
    const { sent, send } = batchGetServing(100);
    const fieldsSeen: unknown[] = [];
    const items = await batchGet([...keys(150), ...keys(20)], {
      fields: ['title'],
      send: (command) => {
        fieldsSeen.push(command.input.RequestItems?.[TABLE]?.ProjectionExpression);
        return send(command);
      },
    });
    expect(sent.map((asked) => asked.length)).toEqual([100, 50]);
    expect(items).toHaveLength(150);
    expect(fieldsSeen).toEqual(['#f0', '#f0']);
  });

  it('sends nothing for no keys', async () => {
    const { sent, send } = batchGetServing(100);
    expect(await batchGet([], { send })).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles the ceiling on each retry up to the maximum, and scales it by the random draw', () => {
    const policy = { ...BATCH_RETRY, random: () => 1 };
    expect([0, 1, 2, 3, 4, 5, 10].map((retry) => backoffDelay(retry, policy))).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(3, { ...policy, random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { ...policy, random: () => 0.25 })).toBe(100);
  });
});

describe('batch delete', () => {
  /** A BatchWrite that leaves the last request of each call unprocessed `times` times. */
  function batchWriteLeaving(times: number) {
    const sent: number[] = [];
    let left = times;
    const send = async (command: BatchWriteCommand): Promise<BatchWriteCommandOutput> => {
      const requests = command.input.RequestItems?.[TABLE] ?? [];
      sent.push(requests.length);
      if (left-- <= 0) return { $metadata: {}, UnprocessedItems: {} };
      return { $metadata: {}, UnprocessedItems: { [TABLE]: requests.slice(-1) } };
    };
    return { sent, send };
  }

  it('deletes 25 keys per request and sends the unprocessed ones again', async () => {
    const { sent, send } = batchWriteLeaving(2);
    const time = fakeTime(1);
    await batchDelete(keys(30), { send, retry: time.retry });
    expect(sent).toEqual([25, 1, 1, 5]);
    expect(time.waits).toEqual([50, 100]);
  });

  it('throws when deletes are still unprocessed after the last retry', async () => {
    const { sent, send } = batchWriteLeaving(Infinity);
    const time = fakeTime(1);
    await expect(batchDelete(keys(3), { send, retry: { ...time.retry, retries: 2 } })).rejects.toMatchObject({
      name: 'UnprocessedItemsError',
      operation: 'BatchWrite',
      unprocessed: 1,
    });
    expect(sent).toEqual([3, 1, 1]);
    expect(time.waits).toEqual([50, 100]);
  });
});

describe('batch read', () => {
  it('reads the parts of several entities in one request, projecting only the fields they name', async () => {
    const { sent, send } = batchGetServing(100);
    const projections: unknown[] = [];
    const result = await batchRead(
      {
        titles: { keys: keys(2, 'A'), fields: ['value'], read: (found) => keys(2, 'A').map((key) => found(key)?.value) },
        missing: { keys: [{ pk: 'A#0', sk: 'ITEM' }], fields: ['other'], read: (found) => found({ pk: 'B#9', sk: 'ITEM' }) ?? null },
      },
      {
        send: (command) => {
          projections.push(command.input.RequestItems?.[TABLE]?.ExpressionAttributeNames);
          return send(command);
        },
      },
    );
    expect(result).toEqual({ titles: ['A#0', 'A#1'], missing: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(2);
    expect(projections).toEqual([{ '#f0': 'pk', '#f1': 'sk', '#f2': 'value', '#f3': 'other' }]);
  });

  it('makes no request when no part has keys', async () => {
    const { sent, send } = batchGetServing(100);
    expect(await batchRead({ none: { keys: [], read: () => 'empty' } }, { send })).toEqual({ none: 'empty' });
    expect(sent).toEqual([]);
  });
});

describe('queries', () => {
  const pages: Record<string, unknown>[][] = [[{ n: 1 }, { n: 2 }], [{ n: 3 }]];
  const lastKey = { pk: 'MENU', sk: 'ITEM#2' };
  const paged = () => {
    const starts: unknown[] = [];
    const send = async (command: QueryCommand): Promise<QueryCommandOutput> => {
      starts.push(command.input.ExclusiveStartKey);
      const page = command.input.ExclusiveStartKey ? 1 : 0;
      return { $metadata: {}, Items: pages[page], LastEvaluatedKey: page === 0 ? lastKey : undefined };
    };
    return { starts, send };
  };

  it('reads every page', async () => {
    const { starts, send } = paged();
    expect(await queryAll({ partition: 'MENU' }, { send })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(starts).toEqual([undefined, lastKey]);
  });

  it('pages with an opaque cursor that resumes where the last page stopped', async () => {
    const { starts, send } = paged();
    const first = await queryPage({ partition: 'MENU', limit: 2 }, undefined, { send });
    expect(first.items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(first.cursor).toMatch(/^[\w-]+$/);
    const second = await queryPage({ partition: 'MENU', limit: 2 }, first.cursor, { send });
    expect(second).toEqual({ items: [{ n: 3 }], cursor: undefined });
    expect(starts).toEqual([undefined, lastKey]);
  });

  it('refuses a cursor that is not one of this query', () => {
    const spec = { index: 'gsi1' as const, partition: 'AUTHOR#a' };
    const valid = { pk: 'ARTICLE#1', sk: 'ARTICLE', gsi1pk: 'AUTHOR#a', gsi1sk: '2024#1' };
    expect(decodeCursor(spec, encodeCursor(valid))).toEqual(valid);
    const refused = [
      'not a cursor',
      Buffer.from('{').toString('base64url'),
      encodeCursor({ ...valid, gsi1pk: 'AUTHOR#b' }),
      encodeCursor({ pk: 'ARTICLE#1', sk: 'ARTICLE' }),
      encodeCursor({ ...valid, extra: 'x' }),
      encodeCursor({ ...valid, gsi1sk: 7 }),
      Buffer.from('[1]').toString('base64url'),
    ];
    for (const cursor of refused) {
      expect(() => decodeCursor(spec, cursor)).toThrowError(AppError);
      expect(() => decodeCursor(spec, cursor)).toThrowError(expect.objectContaining({ status: 400, message: 'Cursor de paginação inválido' }));
    }
  });
});

describe('conditional writes', () => {
  const cancelled = (...codes: string[]) =>
    Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

  it('tells written from a failed condition and rethrows anything else', async () => {
    expect(await conditionalWrite(async () => undefined)).toBe(true);
    expect(await conditionalWrite(() => Promise.reject(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' })))).toBe(false);
    expect(await conditionalWrite(() => Promise.reject(cancelled('None', 'ConditionalCheckFailed')))).toBe(false);
    await expect(conditionalWrite(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('finds the transaction item that failed its condition or lost a race', () => {
    expect(cancelledItemIndex(cancelled('None', 'ConditionalCheckFailed'))).toBe(1);
    expect(cancelledItemIndex(cancelled('None', 'None', 'TransactionConflict'))).toBe(2);
    expect(cancelledItemIndex(cancelled('None'))).toBeUndefined();
    expect(cancelledItemIndex(new Error('other'))).toBeUndefined();
  });
});
