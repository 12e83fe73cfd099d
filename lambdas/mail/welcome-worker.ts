// Sends the welcome e-mail once per account, whatever the number of deliveries of UserSignedUp.
// Powertools idempotency keyed by the user id, its record in the portal's table: written "in progress"
// before the send (with a deadline, so a worker that dies mid-send does not block the retry for good),
// "completed" after it, and deleted when the send fails so that the redelivery sends.
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { EventDetail } from '../platform/domain-events';
import { USER_EVENTS } from '../users/public';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { TABLE_SCHEMA } from '../platform/table-schema';
import { sendMail, type Mail } from './transport';
import { welcomeMail } from './welcome';

export type SendMail = (mail: Mail) => Promise<void>;

// Outlives every redelivery: a message waits at most 14 days in the DLQ before someone redrives it.
const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
// The deployed worker's timeout: the in-progress deadline when no Lambda context gives one (local runtime).
const FALLBACK_DEADLINE_MS = 10_000;

const config = new IdempotencyConfig({
  eventKeyJmesPath: 'user_id',
  throwOnNoIdempotencyKey: true,
  expiresAfterSeconds: REMEMBER_SECONDS,
  // Runs only when a delivery finds the mail already sent.
  responseHook: (response) => {
    logger.info('welcome mail already sent', { sent: response });
    return response;
  },
});

// Fixed key names, not the generated function name: a replaced function still finds every record.
const persistenceStore = new DynamoDBPersistenceLayer({
  tableName: env('TABLE_NAME'),
  keyAttr: TABLE_SCHEMA.partitionKey,
  sortKeyAttr: TABLE_SCHEMA.sortKey,
  staticPkValue: 'IDEMPOTENCY',
  expiryAttr: TABLE_SCHEMA.ttlAttribute,
});

const sendOnce = makeIdempotent(
  async (user: EventDetail<typeof USER_EVENTS, 'UserSignedUp'>, send: SendMail) => {
    await send(welcomeMail(user, env('SITE_URL')));
    metrics.addMetric('WelcomeMailsSent', MetricUnit.Count, 1);
    logger.info('welcome mail sent', { userId: user.user_id });
    return { user_id: user.user_id, sent_at: new Date().toISOString() };
  },
  { persistenceStore, config, keyPrefix: 'welcome-mail' },
);

/** The worker with its transport as a parameter: SES or SMTP by default, another one in tests. */
export function welcomeWorker(send: SendMail = sendMail) {
  return eventWorker(USER_EVENTS, 'UserSignedUp', async (user, context) => {
    // An approved applicant's account: the approval e-mail (application-worker.ts) is their welcome.
    if (user.origin === 'application') return;
    const hasDeadline = typeof context.getRemainingTimeInMillis === 'function';
    config.registerLambdaContext(hasDeadline ? context : { ...context, getRemainingTimeInMillis: () => FALLBACK_DEADLINE_MS });
    await sendOnce(user, send);
  });
}

export const handler = welcomeWorker();
