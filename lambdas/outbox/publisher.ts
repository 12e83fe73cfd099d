// The outbox: reads the table stream and publishes the domain events that committed changes imply.
// A crash between a write and its event cannot lose the event: the stream record stays until this succeeds.
import middy from '@middy/core';
import { PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridge } from '../platform/clients';
import { CHANGE_MAPPERS } from '../contexts';
import type { ItemChange } from '../platform/domain-events';
import { env } from '../platform/env';
import { CORRELATION_KEY, logger, metrics, MetricUnit, observability } from '../platform/observability';

function toChange(record: DynamoDBRecord): ItemChange | undefined {
  const name = record.eventName;
  if (name !== 'INSERT' && name !== 'MODIFY' && name !== 'REMOVE') return undefined; // TTL deletes arrive under other names
  const image = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);
  return { eventName: name, newImage: image(record.dynamodb?.NewImage), oldImage: image(record.dynamodb?.OldImage) };
}

export function eventsFor(record: DynamoDBRecord): PutEventsRequestEntry[] {
  const change = toChange(record);
  if (!change) return [];
  return CHANGE_MAPPERS.flatMap((map) => map(change)).map((event) => ({
    EventBusName: env('EVENT_BUS_NAME'),
    Source: event.source,
    DetailType: event.name,
    // One id per committed change, the same on every retry of its record: workers log under it.
    Detail: JSON.stringify({ ...event.detail, [CORRELATION_KEY]: record.eventID }),
  }));
}

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(observability())
  .handler(async (event) => {
    // Records are published in order; on the first failure the rest of the batch is retried from there.
    for (const record of event.Records) {
      logger.setCorrelationId(record.eventID);
      try {
        const entries = eventsFor(record);
        for (let start = 0; start < entries.length; start += 10) {
          const result = await eventBridge().send(new PutEventsCommand({ Entries: entries.slice(start, start + 10) }));
          if (result.FailedEntryCount) throw new Error(`PutEvents rejected ${result.FailedEntryCount} entries`);
        }
        if (entries.length) {
          metrics.addMetric('EventsPublished', MetricUnit.Count, entries.length);
          logger.info('events published', { types: entries.map((entry) => entry.DetailType) });
        }
      } catch (error) {
        logger.error('publishing failed', { error, sequenceNumber: record.dynamodb?.SequenceNumber });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  });
