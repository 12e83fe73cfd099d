// The in-process stand-ins (S3, SQS, EventBridge) and the mail catcher.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { close, createReadStream, createWriteStream, fstat, mkdirSync, open } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import S3rver, { type S3rverObjectModel, type S3rverStore } from 's3rver';
import { INGEST_QUEUES, PIPELINES, type Pipeline } from '../../lambdas/contexts';
import { DEAD_LETTER_QUEUES } from '../../lambdas/operations/dead-letters';
import { EVENT_BUS_NAME } from '../../lambdas/platform/contract';
import { localUrl, type LocalConfig } from './config';
import { matchesPattern } from './event-pattern';

const require = createRequire(import.meta.url);

const MEDIA_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(config: LocalConfig): Promise<{ close(): Promise<void> }> {
  const directory = path.join(config.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: config.ports.s3,
    address: '127.0.0.1',
    directory,
    silent: true,
    // The browser PUTs covers to presigned URLs on another port: allow it, as the CDK bucket's CORS rule does.
    configureBuckets: [
      { name: config.mediaBucket, configs: [MEDIA_CORS] },
      { name: config.siteBucket, configs: [] },
    ],
  });
  writeAtomically(server.store, path.join(config.dataDir, 's3-writing'));
  await server.run();
  return { close: () => server.close() };
}

const [openFile, fstatFile, closeFile] = [promisify(open), promisify(fstat), promisify(close)];
const S3Object: S3rverObjectModel = require('s3rver/lib/models/object');

// s3rver rewrites an object's files in place and answers a PUT of a buffer before it is on disk, so a
// read that meets a rewrite gets a cut file that looks whole (its length is the file's). S3's PUT is
// atomic: here each file is written beside the bucket and renamed over the old one, and a GET measures
// and reads the one file it opened.
function writeAtomically(store: S3rverStore, scratch: string) {
  mkdirSync(scratch, { recursive: true });
  const replace = async (target: string, ...content: (Readable | Transform)[]) => {
    const temporary = path.join(scratch, randomUUID());
    await pipeline([...content, createWriteStream(temporary)]);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temporary, target);
  };
  store.putObject = async (object) => {
    let size = 0;
    const md5 = createHash('md5');
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        md5.update(chunk);
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await replace(store.getResourcePath(object.bucket, object.key, 'object'), content, counted);
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
  store.getObject = async (bucket, key, options) => {
    // A plain descriptor, as s3rver's stream has: a 304 leaves it to be collected without a warning.
    const fd = await openFile(store.getResourcePath(bucket, key, 'object'), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (fd === undefined) return null;
    const file = await fstatFile(fd);
    const stored = await store.getMetadata(bucket, key).catch(async (error: NodeJS.ErrnoException) => {
      await closeFile(fd);
      if (error.code === 'ENOENT') return undefined; // deleted meanwhile
      throw error;
    });
    if (!stored) return null;
    const metadata = { ...stored, 'content-length': String(file.size), 'last-modified': file.mtime.toUTCString() };
    // As s3rver's own getObject: a range past the end gets no content.
    const lastByte = Math.max(0, file.size - 1);
    const range = { start: options?.start ?? 0, end: Math.min(options?.end || Infinity, lastByte) };
    const satisfiable = range.start >= 0 && range.end >= range.start;
    if (!satisfiable) await closeFile(fd);
    const object = new S3Object(bucket, key, satisfiable ? createReadStream('', { fd, ...range }) : null, metadata);
    if (options && (options.start !== undefined || options.end)) object.range = range;
    return object;
  };
  store.putMetadata = async (bucket, key, metadata, md5) => {
    const kept = Object.fromEntries(Object.entries(metadata).filter(([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-')));
    if (md5) await replace(store.getResourcePath(bucket, key, 'object.md5'), Readable.from([md5]));
    await replace(store.getResourcePath(bucket, key, 'metadata.json'), Readable.from([JSON.stringify(kept, null, 2)]));
  };
}

/** A queue's settings, whether a rule or the context's own functions feed it. */
export type QueueSettings = Pick<Pipeline, 'name' | 'batchSize' | 'visibilityTimeoutSeconds' | 'maxReceiveCount' | 'maxConcurrency' | 'batchWindowSeconds'>;

export const queueName = (queue: Pick<QueueSettings, 'name'>) => `portal-${queue.name}`;
export const dlqName = (queue: Pick<QueueSettings, 'name'>) => `portal-${queue.name}-dlq`;
export const queueUrl = (config: LocalConfig, name: string) => `${localUrl(config.ports.sqs)}/${config.accountId}/${name}`;

/** SQS with one queue and one DLQ per pipeline and ingestion queue, redrive as the CDK stack sets it. Messages live in memory. */
export async function startSqs(config: LocalConfig): Promise<Server> {
  // Every DLQ the stack has, the jobs' and the outbox's too (nothing feeds those locally yet).
  const deadLetters = DEAD_LETTER_QUEUES.map((dlq) => ({ QueueName: dlq.queue, Attributes: {} }));
  const queues = [...PIPELINES, ...INGEST_QUEUES].flatMap((pipeline) => [
    {
      QueueName: queueName(pipeline),
      Attributes: {
        VisibilityTimeout: String(pipeline.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: `arn:aws:sqs:${config.region}:${config.accountId}:${dlqName(pipeline)}`,
          maxReceiveCount: pipeline.maxReceiveCount,
        }),
      },
    },
  ]);
  return createSqsServer({
    port: config.ports.sqs,
    hostname: '127.0.0.1',
    region: config.region,
    accountId: config.accountId,
    emulateQueueCreationLifecycle: false,
    queues: [...deadLetters, ...queues],
  });
}

/** The bus an entry names (EventBusName: a name or an ARN; none is the default bus), as a pipeline names it. */
export function busOf(eventBusName: string | undefined): Pipeline['bus'] | 'portal' | undefined {
  const name = (eventBusName || 'default').split('event-bus/').pop();
  if (name === 'default') return 'default';
  return name === EVENT_BUS_NAME ? 'portal' : undefined;
}

/**
 * The EventBridge buses: a PutEvents endpoint that matches each event against the rules of the bus
 * it was put on (the pipelines' rules, the same table the CDK stack turns into rules: the portal's
 * bus, or the default bus for those that say so) and sends the envelope to the target queue.
 */
export function startEventBus(config: LocalConfig, runSchedule?: (name: string, time?: string) => Promise<unknown>): Promise<Server> {
  const sqs = new SQSClient({ endpoint: localUrl(config.ports.sqs), region: config.region });
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      const reply = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify(payload));
      };
      // A scheduled job run now (schedules.ts), for tests and for trying the jobs by hand.
      const scheduled = /^\/schedules\/([\w-]+)$/.exec(request.url ?? '');
      if (scheduled && request.method === 'POST' && runSchedule) {
        try {
          const { time } = (body ? JSON.parse(body) : {}) as { time?: string };
          return reply(200, (await runSchedule(scheduled[1]!, time)) ?? {});
        } catch (error) {
          return reply(500, { __type: 'InternalException', message: (error as Error).message });
        }
      }
      if (!String(request.headers['x-amz-target']).endsWith('.PutEvents')) {
        return reply(400, { __type: 'UnknownOperationException', message: 'Only PutEvents is supported locally' });
      }
      try {
        const { Entries = [] } = JSON.parse(body) as { Entries?: { Source: string; DetailType: string; Detail: string; EventBusName?: string; Resources?: string[] }[] };
        const results = [];
        for (const entry of Entries) {
          const envelope = {
            version: '0',
            id: randomUUID(),
            'detail-type': entry.DetailType,
            source: entry.Source,
            account: config.accountId,
            time: new Date().toISOString(),
            region: config.region,
            resources: entry.Resources ?? [],
            detail: JSON.parse(entry.Detail) as unknown,
          };
          const bus = busOf(entry.EventBusName);
          const rules = PIPELINES.filter((candidate) => (candidate.bus ?? 'portal') === bus && matchesPattern(candidate.pattern, envelope));
          for (const pipeline of rules) {
            await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(config, queueName(pipeline)), MessageBody: JSON.stringify(envelope) }));
          }
          results.push({ EventId: envelope.id });
        }
        reply(200, { FailedEntryCount: 0, Entries: results });
      } catch (error) {
        reply(500, { __type: 'InternalException', message: (error as Error).message });
      }
    });
  });
  return new Promise((resolve) => server.listen(config.ports.events, '127.0.0.1', () => resolve(server)));
}

/** maildev catches the mail the SES stand-in forwards; its web UI shows it. */
export function startMail(config: LocalConfig): ChildProcess {
  const directory = path.join(config.dataDir, 'mail');
  mkdirSync(directory, { recursive: true });
  const bin = path.join(path.dirname(require.resolve('maildev/package.json')), 'bin/maildev');
  return spawn(
    process.execPath,
    // Both listeners on loopback, explicitly: maildev would otherwise take MAILDEV_WEB_IP from the environment.
    [bin, '--smtp', String(config.ports.smtp), '--web', String(config.ports.mailWeb), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--mail-directory', directory, '--silent'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}
