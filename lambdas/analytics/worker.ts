// Drains the beacon queue: a batch (up to 100 on AWS, after a short window) becomes a few writes.
// A message that cannot be read is logged and dropped (it would fail the same way forever); when the
// batch's writes fail, every message is delivered again, and the visitor days count each once.
import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { beaconSchema } from '../../shared/analytics';
import { logger, observability } from '../platform/observability';
import { aggregate } from './aggregate';
import type { BeaconMessage } from './ingest';

export function readMessage(body: string): BeaconMessage | undefined {
  try {
    const raw = JSON.parse(body) as Partial<BeaconMessage>;
    const beacon = beaconSchema.parse(raw);
    if (typeof raw.visitor !== 'string' || typeof raw.source !== 'string' || typeof raw.day !== 'string' || typeof raw.at !== 'number') return undefined;
    return { ...beacon, visitor: raw.visitor, source: raw.source, day: raw.day, at: raw.at, staff: raw.staff === true, bot: raw.bot === true };
  } catch {
    return undefined;
  }
}

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(observability())
  .handler(async (event) => {
    const messages: BeaconMessage[] = [];
    for (const record of event.Records) {
      const message = readMessage(record.body);
      if (message) messages.push(message);
      else logger.warn('unreadable beacon dropped', { messageId: record.messageId });
    }
    try {
      await aggregate(messages);
      return { batchItemFailures: [] };
    } catch (error) {
      logger.error('analytics batch failed', { error });
      return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
    }
  });
