// Reads SES's bounce and complaint events (suppression.ts). They come from the default bus, not
// from our catalogue: each SQS record's EventBridge envelope is read here, and a record that fails
// is reported alone (partial batch response).
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger, metrics, MetricUnit, observability } from '../platform/observability';
import { applyVerdicts } from './suppression';

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(observability())
  .handler(async (event) => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        await applyVerdicts(JSON.parse(record.body));
      } catch (error) {
        logger.error('message failed', { error, messageId: record.messageId });
        metrics.addMetric('WorkerRecordFailures', MetricUnit.Count, 1);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
