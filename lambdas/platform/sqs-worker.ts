// SQS workers: each record is an EventBridge event; failures are reported per record (partial batch
// responses) so one bad message never makes the others run again.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { EventDetail, EventName } from '../../shared/events';
import { EVENT_CATALOGUE } from '../../shared/events';
import { logger } from './logger';

/** A worker for one event type, or several whose details it reads alike. */
export function eventWorker<N extends EventName>(names: N | readonly N[], process: (detail: EventDetail<N>) => Promise<void>) {
  const accepted: readonly string[] = typeof names === 'string' ? [names] : names;
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const envelope = JSON.parse(record.body) as { 'detail-type'?: string; detail?: unknown };
        const type = envelope['detail-type'];
        if (!type || !accepted.includes(type)) throw new Error(`unexpected event ${type}`);
        await process(EVENT_CATALOGUE[type as N].detail.parse(envelope.detail) as EventDetail<N>);
      } catch (error) {
        logger.error('message failed', { error, messageId: record.messageId, events: accepted });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
