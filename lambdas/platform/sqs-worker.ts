// SQS workers: each record is an EventBridge event; failures are reported per record (partial batch
// responses) so one bad message never makes the others run again.
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { EventCatalogue, EventDetail } from './domain-events';
import { CORRELATION_KEY, logger, metrics, MetricUnit, observability } from './observability';

interface Envelope {
  id?: string;
  'detail-type'?: string;
  detail?: Record<string, unknown>;
}

type Names<C extends EventCatalogue, N extends keyof C & string> = N | readonly N[];

/** An event as a worker reads it: its detail-type and its checked detail. */
export interface ReadEvent<C extends EventCatalogue, N extends keyof C & string> {
  name: N;
  detail: EventDetail<C, N>;
  /** The outbox's correlation id (one per committed change, the same on every delivery), else EventBridge's event id. */
  correlationId?: string;
}

/** The record's event name and detail, checked against the catalogue; throws for an event the worker does not take. */
function eventOf<C extends EventCatalogue, N extends keyof C & string>(catalogue: C, accepted: readonly string[], record: SQSRecord): ReadEvent<C, N> {
  // A record that carries none must not log under the previous record's id.
  logger.removeKeys([CORRELATION_KEY]);
  const envelope = JSON.parse(record.body) as Envelope;
  // The outbox stamps its events; any other event is known by EventBridge's own id.
  const stamped = envelope.detail?.[CORRELATION_KEY];
  const correlationId = typeof stamped === 'string' ? stamped : envelope.id;
  logger.setCorrelationId(correlationId);
  const type = envelope['detail-type'];
  if (!type || !accepted.includes(type)) throw new Error(`unexpected event ${type}`);
  return { name: type as N, detail: catalogue[type as N]!.detail.parse(envelope.detail) as EventDetail<C, N>, correlationId };
}

function recordFailed(error: unknown, record: SQSRecord, events: readonly string[]): { itemIdentifier: string } {
  logger.error('message failed', { error, messageId: record.messageId, events });
  metrics.addMetric('WorkerRecordFailures', MetricUnit.Count, 1);
  return { itemIdentifier: record.messageId };
}

const acceptedNames = (names: Names<EventCatalogue, string>): readonly string[] => (typeof names === 'string' ? [names] : names);

/**
 * A worker for one event type of a catalogue, or several whose details it reads alike; `event` tells
 * which one came, and its correlation id (for work that must be keyed on the event itself).
 */
export function eventWorker<C extends EventCatalogue, N extends keyof C & string>(
  catalogue: C,
  names: Names<C, N>,
  process: (detail: EventDetail<C, N>, context: Context, event: ReadEvent<C, N>) => Promise<void>,
) {
  const accepted = acceptedNames(names);
  return middy<SQSEvent, SQSBatchResponse>()
    .use(observability())
    .handler(async (event, context) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        try {
          const read = eventOf<C, N>(catalogue, accepted, record);
          await process(read.detail, context, read);
        } catch (error) {
          batchItemFailures.push(recordFailed(error, record, accepted));
        }
      }
      return { batchItemFailures };
    });
}

/**
 * A worker whose work does not depend on each event but on their having happened (regenerating files
 * from the table): it runs once per batch. A record that cannot be read fails alone; when the work
 * fails, every record it was done for fails, to be delivered again.
 */
export function eventBatchWorker<C extends EventCatalogue, N extends keyof C & string>(
  catalogue: C,
  names: Names<C, N>,
  process: (events: ReadEvent<C, N>[], context: Context) => Promise<void>,
) {
  const accepted = acceptedNames(names);
  return middy<SQSEvent, SQSBatchResponse>()
    .use(observability())
    .handler(async (event, context) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      const read: { record: SQSRecord; event: ReadEvent<C, N> }[] = [];
      for (const record of event.Records) {
        try {
          read.push({ record, event: eventOf<C, N>(catalogue, accepted, record) });
        } catch (error) {
          batchItemFailures.push(recordFailed(error, record, accepted));
        }
      }
      logger.removeKeys([CORRELATION_KEY]);
      if (!read.length) return { batchItemFailures };
      try {
        await process(read.map((entry) => entry.event), context);
      } catch (error) {
        for (const { record } of read) batchItemFailures.push(recordFailed(error, record, accepted));
      }
      return { batchItemFailures };
    });
}
