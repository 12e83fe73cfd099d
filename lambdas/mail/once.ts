// What makes an e-mail go out once whatever the number of deliveries of its event: Powertools
// idempotency with its records in the portal's table (IDEMPOTENCY / <prefix>#<hash of the key>),
// written "in progress" before the send (with a deadline, so a worker that dies mid-send does not
// block the retry for good), "completed" after it, and deleted when the send fails.
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { Context } from 'aws-lambda';
import { env } from '../platform/env';
import { TABLE_SCHEMA } from '../platform/table-schema';

// Outlives every redelivery: a message waits at most 14 days in the DLQ before someone redrives it.
const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
// The deployed worker's timeout: the in-progress deadline when no Lambda context gives one (local runtime).
const FALLBACK_DEADLINE_MS = 10_000;

export function mailIdempotency(keyPath: string, onRepeat?: ConstructorParameters<typeof IdempotencyConfig>[0]['responseHook']) {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: keyPath,
    throwOnNoIdempotencyKey: true,
    expiresAfterSeconds: REMEMBER_SECONDS,
    ...(onRepeat ? { responseHook: onRepeat } : {}),
  });
  // Fixed key names, not the generated function name: a replaced function still finds every record.
  const persistenceStore = new DynamoDBPersistenceLayer({
    tableName: env('TABLE_NAME'),
    keyAttr: TABLE_SCHEMA.partitionKey,
    sortKeyAttr: TABLE_SCHEMA.sortKey,
    staticPkValue: 'IDEMPOTENCY',
    expiryAttr: TABLE_SCHEMA.ttlAttribute,
  });
  /** Gives the in-progress record its deadline: the Lambda's own, or the fallback locally. */
  const registerContext = (context: Context) => {
    const hasDeadline = typeof context.getRemainingTimeInMillis === 'function';
    config.registerLambdaContext(hasDeadline ? context : { ...context, getRemainingTimeInMillis: () => FALLBACK_DEADLINE_MS });
  };
  return { config, persistenceStore, registerContext };
}
