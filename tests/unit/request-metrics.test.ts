import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { recordDynamoOperation, withRequestMetrics } from '../../lambdas/platform/request-metrics';
import { ddb } from '../../lambdas/platform/clients';

describe('request metrics', () => {
  it('returns the result and the operations recorded during the call, in order', async () => {
    const { result, dynamoOperations } = await withRequestMetrics(async () => {
      recordDynamoOperation('QueryCommand');
      await sleep(1);
      recordDynamoOperation('BatchGetCommand');
      return 42;
    });
    expect(result).toBe(42);
    expect(dynamoOperations).toEqual(['QueryCommand', 'BatchGetCommand']);
  });

  it('records nothing, and does not throw, outside a recording', async () => {
    expect(() => recordDynamoOperation('GetCommand')).not.toThrow();
    const { dynamoOperations } = await withRequestMetrics(() => 'nothing');
    expect(dynamoOperations).toEqual([]);
  });

  it('keeps concurrent requests apart', async () => {
    const request = (name: string, count: number, delay: number) =>
      withRequestMetrics(async () => {
        for (let index = 0; index < count; index++) {
          await sleep(delay);
          recordDynamoOperation(name);
        }
        return name;
      });
    const [a, b, c] = await Promise.all([request('QueryCommand', 3, 3), request('GetCommand', 1, 1), request('PutCommand', 2, 2)]);
    expect(a).toEqual({ result: 'QueryCommand', dynamoOperations: ['QueryCommand', 'QueryCommand', 'QueryCommand'] });
    expect(b).toEqual({ result: 'GetCommand', dynamoOperations: ['GetCommand'] });
    expect(c).toEqual({ result: 'PutCommand', dynamoOperations: ['PutCommand', 'PutCommand'] });
  });

  it('records a nested call only into the innermost recording', async () => {
    let inner: string[] = [];
    const outer = await withRequestMetrics(async () => {
      recordDynamoOperation('GetCommand');
      inner = (await withRequestMetrics(async () => recordDynamoOperation('QueryCommand'))).dynamoOperations;
      recordDynamoOperation('PutCommand');
    });
    expect(inner).toEqual(['QueryCommand']);
    expect(outer.dynamoOperations).toEqual(['GetCommand', 'PutCommand']);
  });

  it('is fed by the DynamoDB client once per command sent', async () => {
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
    });
    const client = ddb();
    // Answers before anything goes on the wire (no table, no credentials needed).
    client.middlewareStack.add(() => async () => ({ output: { $metadata: {} }, response: {} }), { step: 'build', name: 'fakeResponse' });
    const { dynamoOperations } = await withRequestMetrics(async () => {
      await client.send(new GetCommand({ TableName: 'portal', Key: { pk: 'a', sk: 'b' } }));
      await client.send(new QueryCommand({ TableName: 'portal', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'a' } }));
    });
    // The names of DynamoDB's own operations, under the document client's commands.
    expect(dynamoOperations).toEqual(['GetItemCommand', 'QueryCommand']);
    expect(ddb()).toBe(client);
  });
});
