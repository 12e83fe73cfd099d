// Lambda event sources, played locally: the table stream feeding the publisher, and SQS pollers per
// pipeline (as many as its maximum concurrency) honouring batch size, visibility timeout, partial
// batch responses and the DLQ redrive; the same for the queues contexts feed directly (INGEST_QUEUES).
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { OUTBOX_RETRY_ATTEMPTS } from '../../lambdas/platform/contract';
import { localUrl, type LocalConfig } from './config';
import { dynamoClient } from './dynamodb';
import { queueName, queueUrl, type QueueSettings } from './standins';
import { sleep } from './wait';

export interface Poller {
  stop(): Promise<void>;
}

function loop(name: string, tick: (signal: AbortSignal) => Promise<void>, idleMs: number): Poller {
  let running = true;
  // Stopping aborts a tick's long poll instead of waiting for it to end.
  const stopping = new AbortController();
  const done = (async () => {
    while (running) {
      try {
        await tick(stopping.signal);
      } catch (error) {
        if (!running) break;
        console.error(`[${name}] ${(error as Error).message}`);
        await sleep(1000);
      }
      await sleep(idleMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      stopping.abort();
      await done;
    },
  };
}

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
/** The publisher's batch size on AWS (infra/constructs/pipelines.ts). */
const STREAM_BATCH = 100;
/** Full pages read back to back before the loop looks for new shards again. */
const STREAM_PAGES_PER_TICK = 50;

/** Reads every shard of the table's stream from its latest position and hands records to the publisher. */
export async function startStreamPoller(config: LocalConfig, handler: StreamHandler): Promise<Poller> {
  const table = await dynamoClient(config).send(new DescribeTableCommand({ TableName: config.tableName }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error('A tabela não tem stream');
  const streams = new DynamoDBStreamsClient({ endpoint: localUrl(config.ports.dynamodb), region: config.region });
  const iterators = new Map<string, string>();

  async function discoverShards(kind: 'LATEST' | 'TRIM_HORIZON') {
    const description = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of description.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      const iterator = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: kind }),
      );
      if (iterator.ShardIterator) iterators.set(shard.ShardId, iterator.ShardIterator);
    }
  }
  await discoverShards('LATEST');

  let ticks = 0;
  const retries = new Map<string, number>();
  /** Hands one page of a shard to the publisher; true when the page was full (more may be waiting). */
  async function readShard(shardId: string): Promise<boolean> {
    const iterator = iterators.get(shardId);
    if (!iterator) return false;
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: STREAM_BATCH }));
    const records = page.Records ?? [];
    if (records.length) {
      const result = await handler({ Records: records.map(toLambdaRecord) } as DynamoDBStreamEvent);
      const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
      const attempts = failed ? (retries.get(failed) ?? 0) + 1 : 0;
      if (failed && attempts <= OUTBOX_RETRY_ATTEMPTS) {
        // Retry from the failed record, as Lambda does with reportBatchItemFailures.
        retries.set(failed, attempts);
        const retry = await streams.send(
          new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: failed }),
        );
        if (retry.ShardIterator) iterators.set(shardId, retry.ShardIterator);
        return false;
      }
      if (failed) {
        // As the event source mapping does after its retries: the record goes to the DLQ (here, the
        // console) and the stream moves on, so one bad record never stops every event after it.
        console.error(`[stream] record ${failed} abandoned after ${OUTBOX_RETRY_ATTEMPTS} retries (on AWS: the publisher's DLQ)`);
        retries.delete(failed);
        const after = await streams.send(
          new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: failed }),
        );
        if (after.ShardIterator) iterators.set(shardId, after.ShardIterator);
        return false;
      }
    }
    if (page.NextShardIterator) iterators.set(shardId, page.NextShardIterator);
    else iterators.delete(shardId);
    return records.length === STREAM_BATCH;
  }

  return loop(
    'stream',
    async () => {
      // Shards roll over; new ones are read from their start so nothing written after start-up is missed.
      if (++ticks % 20 === 0) await discoverShards('TRIM_HORIZON');
      // A full page is followed at once by the next (as Lambda's event source mapping does while a
      // shard has records), so a burst of writes, an import's, drains at the publisher's pace, not
      // one page per pause: the pause is only for a stream that has caught up.
      for (let pages = 0; pages < STREAM_PAGES_PER_TICK; pages++) {
        let full = false;
        for (const shardId of [...iterators.keys()]) full = (await readShard(shardId)) || full;
        if (!full) break;
      }
    },
    200,
  );
}

/**
 * DynamoDB Local writes an empty map into stream records as `{}` where DynamoDB writes `{"M":{}}`
 * (and Lambda receives that): restore the type, so the publisher sees what it sees on AWS.
 */
type Value = Record<string, unknown>;

function restoreValue(value: Value): Value {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M && typeof value.M === 'object') return { M: restoreEmptyMaps(value.M as Record<string, Value>) };
  if (Array.isArray(value.L)) return { L: (value.L as Value[]).map(restoreValue) };
  return value;
}

export function restoreEmptyMaps(image: Record<string, Value>): Record<string, Value> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, restoreValue(value)]));
}

function toLambdaRecord(record: StreamRecord) {
  const images = record.dynamodb;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    dynamodb: images && {
      ...images,
      NewImage: images.NewImage && (restoreEmptyMaps(images.NewImage as unknown as Record<string, Value>) as unknown as typeof images.NewImage),
      OldImage: images.OldImage && (restoreEmptyMaps(images.OldImage as unknown as Record<string, Value>) as unknown as typeof images.OldImage),
    },
  };
}

type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;
type Receive = (max: number, wait: number) => Promise<Message[]>;

/** Messages waiting after the first: at most 10 a batch, or, with a batching window, what arrives within it up to the batch size (as Lambda's poller). */
async function gather(receive: Receive, pipeline: QueueSettings, taken: number): Promise<Message[]> {
  if (!pipeline.batchWindowSeconds) return pipeline.batchSize > 1 ? receive(Math.min(pipeline.batchSize, 10) - taken, 0) : [];
  const until = Date.now() + pipeline.batchWindowSeconds * 1000;
  const more: Message[] = [];
  while (taken + more.length < pipeline.batchSize && Date.now() < until) {
    const got = await receive(Math.min(10, pipeline.batchSize - taken - more.length), 0);
    more.push(...got);
    if (!got.length) await sleep(Math.min(250, Math.max(0, until - Date.now())));
  }
  return more;
}

/** The pipeline's pollers: as many batches at once as its maximum concurrency lets the worker run (one by default). */
export function startQueuePoller(config: LocalConfig, pipeline: QueueSettings, handler: SqsHandler): Poller {
  const sqs = new SQSClient({ endpoint: localUrl(config.ports.sqs), region: config.region });
  const url = queueUrl(config, queueName(pipeline));
  const pollers = Array.from({ length: concurrency(pipeline) }, () => pollQueue(config, pipeline, handler, sqs, url));
  return { stop: async () => void (await Promise.all(pollers.map((poller) => poller.stop()))) };
}

/** A test runtime's setting for one pipeline, from a list such as "welcome-mail=10,import-batch=1". */
function testSetting(variable: string, pipeline: QueueSettings): number | undefined {
  const value = (process.env[variable] ?? '')
    .split(',')
    .map((entry) => entry.split('='))
    .find(([name]) => name === pipeline.name)?.[1];
  return value ? Number(value) : undefined;
}

/**
 * Visibility timeouts a test runtime shortens (`PORTAL_LOCAL_RETRY_SECONDS`): the failure drill
 * (tests/integration/failure-drill.test.ts) watches a message use up its contract's receives without
 * waiting five real minutes. The receives stay the contract's.
 */
const retrySeconds = (pipeline: QueueSettings) => testSetting('PORTAL_LOCAL_RETRY_SECONDS', pipeline) ?? pipeline.visibilityTimeoutSeconds;

/**
 * Batches at once, which a test runtime may lower (`PORTAL_LOCAL_CONCURRENCY`): the kill-and-restart
 * test (tests/integration/import-restart.test.ts) runs an import's chunks one at a time, so it can stop
 * the runtime with some chunks done and others not, whatever the machine's speed.
 */
const concurrency = (pipeline: QueueSettings) => testSetting('PORTAL_LOCAL_CONCURRENCY', pipeline) ?? pipeline.maxConcurrency ?? 1;

function pollQueue(config: LocalConfig, pipeline: QueueSettings, handler: SqsHandler, sqs: SQSClient, url: string): Poller {
  const visibility = retrySeconds(pipeline);
  return loop(
    pipeline.name,
    async (signal) => {
      const receive = async (max: number, wait: number) =>
        (
          await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: url,
              MaxNumberOfMessages: max,
              WaitTimeSeconds: wait,
              VisibilityTimeout: visibility,
              MessageSystemAttributeNames: ['All'],
            }),
            { abortSignal: signal },
          )
        ).Messages ?? [];
      // SQS answers a long poll as soon as a message is there; local-aws-sqs only once the whole batch
      // is: wait for the first, then take what else is waiting. The longest poll (20 s, as Lambda's
      // pollers use) costs an idle queue one request per 20 s, not one a second: ~50 pollers of a runtime
      // at rest cost 14 % of a core in SDK calls with 1 s polls.
      const first = await receive(1, 20);
      if (!first.length) return;
      const messages = [...first, ...(await gather(receive, pipeline, first.length))];
      const event = {
        Records: messages.map((message) => ({
          messageId: message.MessageId ?? '',
          receiptHandle: message.ReceiptHandle ?? '',
          body: message.Body ?? '',
          attributes: message.Attributes ?? {},
          messageAttributes: {},
          md5OfBody: message.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:${config.region}:${config.accountId}:${queueName(pipeline)}`,
          awsRegion: config.region,
        })),
      } as SQSEvent;
      let failures: Set<string>;
      try {
        const result = await handler(event);
        failures = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      } catch (error) {
        console.error(`[${pipeline.name}] worker failed: ${(error as Error).message}`);
        failures = new Set(messages.map((message) => message.MessageId ?? ''));
      }
      // Successes are deleted; failures become visible again after the visibility timeout.
      const done = messages.filter((message) => !failures.has(message.MessageId ?? ''));
      // (SQS deletes at most 10 a request.)
      for (let start = 0; start < done.length; start += 10) {
        await sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: url,
            Entries: done.slice(start, start + 10).map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle ?? '' })),
          }),
        );
      }
    },
    50,
  );
}
