// SQS workers: each record is an EventBridge event; failures are reported per record (partial batch
// responses) so one bad message never makes the others run again.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { EventDetail, EventName } from '../../shared/events';
import { EVENT_CATALOGUE } from '../../shared/events';
import { logger } from './logger';

export function eventWorker<N extends EventName>(name: N, process: (detail: EventDetail<N>) => Promise<void>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const envelope = JSON.parse(record.body) as { 'detail-type'?: string; detail?: unknown };
        if (envelope['detail-type'] !== name) throw new Error(`unexpected event ${envelope['detail-type']}`);
        await process(EVENT_CATALOGUE[name].detail.parse(envelope.detail) as EventDetail<N>);
      } catch (error) {
        logger.error('message failed', { error, messageId: record.messageId, event: name });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
