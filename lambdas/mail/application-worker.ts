// Sends the applicant the decision on their author application, once per application whatever the
// number of deliveries: the same Powertools idempotency as the welcome e-mail (welcome-worker.ts),
// keyed by the application id.
import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { APPLICATION_EVENTS } from '../applications/public';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { TABLE_SCHEMA } from '../platform/table-schema';
import { approvalMail, rejectionMail } from './application';
import { sendMail, type Mail } from './transport';
import type { SendMail } from './welcome-worker';

const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
const FALLBACK_DEADLINE_MS = 10_000;

const config = new IdempotencyConfig({ eventKeyJmesPath: 'application_id', throwOnNoIdempotencyKey: true, expiresAfterSeconds: REMEMBER_SECONDS });

const persistenceStore = new DynamoDBPersistenceLayer({
  tableName: env('TABLE_NAME'),
  keyAttr: TABLE_SCHEMA.partitionKey,
  sortKeyAttr: TABLE_SCHEMA.sortKey,
  staticPkValue: 'IDEMPOTENCY',
  expiryAttr: TABLE_SCHEMA.ttlAttribute,
});

const sendOnce = makeIdempotent(
  async (decision: { application_id: string; mail: Mail }, send: SendMail) => {
    await send(decision.mail);
    metrics.addMetric('ApplicationMailsSent', MetricUnit.Count, 1);
    logger.info('application decision mail sent', { applicationId: decision.application_id });
    return { application_id: decision.application_id, sent_at: new Date().toISOString() };
  },
  { persistenceStore, config, keyPrefix: 'application-mail' },
);

export function applicationWorker(send: SendMail = sendMail) {
  return eventWorker(APPLICATION_EVENTS, ['AuthorApplicationApproved', 'AuthorApplicationRejected'], async (event, context) => {
    const hasDeadline = typeof context.getRemainingTimeInMillis === 'function';
    config.registerLambdaContext(hasDeadline ? context : { ...context, getRemainingTimeInMillis: () => FALLBACK_DEADLINE_MS });
    const siteUrl = env('SITE_URL');
    const mail = 'decided_by' in event ? approvalMail(event, siteUrl) : rejectionMail(event, siteUrl);
    await sendOnce({ application_id: event.application_id, mail }, send);
  });
}

export const handler = applicationWorker();
