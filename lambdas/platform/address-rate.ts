// A public write's limit per network address and clock hour (sign-ups, applications, consent
// records): one counter item per (address, hour), keyed by a hash (no address stored in clear),
// gone by TTL an hour after its window.
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients';
import { conditionalWrite, tableName } from './dynamo';

const HOUR = 3600;

/** Counts one request from this address in the current hour under `prefix` (`NLRATE`, …); false once `limit` were counted. */
export async function countHourly(prefix: string, address: string, limit: number, now = Date.now()): Promise<boolean> {
  const hour = Math.floor(now / 1000 / HOUR);
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `${prefix}#${createHash('sha256').update(address).digest('base64url').slice(0, 24)}`, sk: String(hour) },
        UpdateExpression: 'ADD hits :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': (hour + 2) * HOUR },
      }),
    ),
  );
}
