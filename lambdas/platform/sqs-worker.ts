// SQS workers: each record is an EventBridge event; failures are reported per record (partial batch
// responses) so one bad message never makes the others run again.
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { EventCatalogue, EventDetail } from './domain-events';
import { CORRELATION_KEY, logger, metrics, MetricUnit, observability } from './observability';

interface Envelope {
  id?: string;
  'detail-type'?: string;
  detail?: Record<string, unknown>;
}

/** A worker for one event type of a catalogue, or several whose details it reads alike. */
export function eventWorker<C extends EventCatalogue, N extends keyof C & string>(
  catalogue: C,
  names: N | readonly N[],
  process: (detail: EventDetail<C, N>, context: Context) => Promise<void>,
) {
  const accepted: readonly string[] = typeof names === 'string' ? [names] : names;
  return middy<SQSEvent, SQSBatchResponse>()
    .use(observability())
    .handler(async (event, context) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        // A record that carries none must not log under the previous record's id.
        logger.removeKeys([CORRELATION_KEY]);
        try {
          const envelope = JSON.parse(record.body) as Envelope;
          // The outbox stamps its events; any other event is known by EventBridge's own id.
          logger.setCorrelationId(envelope.detail?.[CORRELATION_KEY] ?? envelope.id);
          const type = envelope['detail-type'];
          if (!type || !accepted.includes(type)) throw new Error(`unexpected event ${type}`);
          await process(catalogue[type as N]!.detail.parse(envelope.detail) as EventDetail<C, N>, context);
        } catch (error) {
          logger.error('message failed', { error, messageId: record.messageId, events: accepted });
          metrics.addMetric('WorkerRecordFailures', MetricUnit.Count, 1);
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      }
      return { batchItemFailures };
    });
}
