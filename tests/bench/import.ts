// The bulk CSV import (lambdas/imports) end to end on the local runtime, against the ceiling of the
// table it writes to. For each storage of DynamoDB Local (in memory, on disk), on a runtime of its own:
// first the raw BatchWriteItem rate of that table (16 requests of 25 items of ~1.4 KB in flight, with
// a GSI written and the stream on: the ceiling), then a generated WordPress export (50,000 rows of
// ~1.5 KB by default, 3% broken) uploaded as the browser does (a multipart upload to presigned URLs),
// previewed, imported and followed until completed: rows per second per stage (parse, queue, write),
// the items written per imported row (counted in the table on the keys the import wrote, by kind; a
// Scan of the whole table cross-checks it up to 10,000 rows) and the items per second against the
// ceiling; the issue's figures are printed beside their goals (`goals`). Besides: the parser's memory (chunks.ts's rowChunks streaming a small and a large file
// in this process: flat means about the same peak), and a file just under 100 MB imported on an
// in-memory runtime of its own (a byte more is refused). Before each import a one-row probe import
// waits out what earlier writes left in the table's stream. `npm run bench:import [-- --rows 50000
// --storage memory|disk|both --skip-100mb --timeout-min 20 --disk-timeout-min 20]` prints one JSON
// report on stdout; progress goes to stderr. It reports figures and never fails on them; an import
// still running after its timeout is reported as far as it got.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { rowChunks } from '../../lambdas/imports/chunks';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type ImportSession, type UploadTicket } from '../../shared/imports';
import { CheckedPortal, member, type Member } from '../support/cast';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { PortalTable } from '../support/table';
import { csvLine, SAMPLE_COLUMNS, sampleRows } from './import-sample';
import { failed, log, measure, round, spread } from './util';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    storage: { type: 'string', default: 'both' },
    'skip-100mb': { type: 'boolean', default: false },
    'timeout-min': { type: 'string', default: '20' },
    'disk-timeout-min': { type: 'string' },
  },
});
const ROWS = Number(options.rows);
const STORAGES = (options.storage === 'both' ? ['memory', 'disk'] : [options.storage]) as ('memory' | 'disk')[];
if (!STORAGES.every((storage) => storage === 'memory' || storage === 'disk')) throw new Error('--storage is memory, disk or both');
const SKIP_100MB = options['skip-100mb'];
/** The local runtime's table (infra/local/config.ts). */
const TABLE = 'portal';
const BROKEN_PERCENT = 3;
const SEED = 7;
const POLL_MS = 500;
/** The longest an import is followed before it is reported as it is, unfinished. */
const IMPORT_TIMEOUT_MS = Number(options['timeout-min']) * 60_000;
/** The same on disk, where writes are slower (the --timeout-min unless told). */
const DISK_TIMEOUT_MS = Number(options['disk-timeout-min'] ?? options['timeout-min']) * 60_000;
const MB = 1024 * 1024;
/** The issue's goal: 50,000 rows (DynamoDB Local in memory) from the upload's start to completed. */
const GOAL_END_TO_END_S = 120;
/** Items per imported row before the article became one item with its index keys. */
const ITEMS_PER_ROW_BEFORE = 8.87;

// A full collection before each memory measurement, so what an earlier step left behind is not counted.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const seconds = (from: number, to: number) => (to - from) / 1000;
const perSecond = (count: number, secs: number) => (secs > 0 ? round(count / secs, 1) : null);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function documentClient(dynamodbPort: number) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${dynamodbPort}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The sample files

interface SampleFile {
  file: string;
  rows: number;
  broken: number;
  brokenByKind: Record<string, number>;
  bytes: number;
}

/**
 * Writes `count` sample rows (record_ids and slugs prefixed with `prefix`, so a second file imports
 * new articles) to `file`, stopping before `maxBytes` when given.
 */
async function writeSample(file: string, count: number, { prefix = '', maxBytes }: { prefix?: string; maxBytes?: number } = {}): Promise<SampleFile> {
  const { rows, broken } = sampleRows(count, BROKEN_PERCENT, SEED);
  const out = createWriteStream(file);
  const header = `${csvLine(SAMPLE_COLUMNS, ',')}\n`;
  out.write(header);
  let bytes = Buffer.byteLength(header);
  let written = 0;
  let brokenWritten = 0;
  const brokenByKind: Record<string, number> = {};
  for (const row of rows) {
    const values = SAMPLE_COLUMNS.map((column) =>
      prefix && column === 'record_id'
        ? `${prefix}${row.record_id}`
        : // A slug with nothing to keep ('--', a broken row imported under its title's slug) stays as it is.
          prefix && column === 'URL Slug' && /[a-z0-9]/i.test(row[column])
          ? `${prefix}-${row[column]}`
          : row[column],
    );
    const line = `${csvLine(values, ',')}\n`;
    const size = Buffer.byteLength(line);
    if (maxBytes !== undefined && bytes + size > maxBytes) break;
    bytes += size;
    written += 1;
    const kind = broken.get(row.record_id);
    if (kind) {
      brokenWritten += 1;
      brokenByKind[kind] = (brokenByKind[kind] ?? 0) + 1;
    }
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { file, rows: written, broken: brokenWritten, brokenByKind, bytes };
}

// ---------------------------------------------------------------------------------------------------
// The parser's memory, in this process

function memorySampler(intervalMs: number) {
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external + before.arrayBuffers };
  const take = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external + now.arrayBuffers);
  };
  const timer = setInterval(take, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return {
        rss_before_mb: round(before.rss / MB, 1),
        rss_peak_mb: round(peak.rss / MB, 1),
        rss_growth_mb: round((peak.rss - before.rss) / MB, 1),
        heap_before_mb: round(before.heapUsed / MB, 1),
        heap_peak_mb: round(peak.heapUsed / MB, 1),
        buffers_peak_mb: round(peak.external / MB, 1),
      };
    },
  };
}

/** Streams a file from disk through rowChunks (as the parse worker streams it from S3), sampling memory every 50 ms. */
async function parserMemory(sample: SampleFile) {
  gc();
  await sleep(200);
  const sampler = memorySampler(50);
  const started = performance.now();
  let rows = 0;
  let chunks = 0;
  for await (const chunk of rowChunks(createReadStream(sample.file))) {
    rows += chunk.rows.length;
    chunks += 1;
  }
  const took = (performance.now() - started) / 1000;
  return { file_mb: round(sample.bytes / MB, 1), rows, chunks, seconds: round(took, 2), rows_per_second: perSecond(rows, took), ...sampler.stop() };
}

// ---------------------------------------------------------------------------------------------------
// The runtime's own process (where the parse and batch workers run)

/** The fields of /proc/<pid>/stat after the command's name (state, ppid, …, utime at 11, stime at 12). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    // A process that ended while being read.
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(statFields(entry)?.[1]) === pid)
    .map(Number);
}

/** The runtime's Node process: the child of this one running infra/local/start.ts. */
function runtimePid(): number | undefined {
  return childrenOf(process.pid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('infra/local/start.ts');
    } catch {
      return false;
    }
  });
}

/** CPU seconds a process used so far. */
function cpuSeconds(pid: number | undefined): number {
  const fields = pid ? statFields(pid) : undefined;
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0;
}

/** The runtime's processes: its own (where every worker runs, on one JS thread) and DynamoDB Local's JVM. */
function runtimeProcesses() {
  const node = runtimePid();
  const java = node
    ? childrenOf(node).find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('DynamoDBLocal.jar');
        } catch {
          return false;
        }
      })
    : undefined;
  return { node, java };
}

/** CPU seconds used so far by the runtime and the processes it started (DynamoDB Local's JVM). */
function runtimeCpuSeconds(pid: number): number {
  return [pid, ...childrenOf(pid)].reduce((total, each) => {
    const fields = statFields(each);
    return total + (fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0);
  }, 0);
}

/** Below this share of a CPU for two seconds running, the runtime is idle (its pollers only). */
const IDLE_CPU = 0.2;

/**
 * Waits until the runtime is idle: what a step wrote is still going through the table's stream (the
 * local stream poller reads 100 records at a time) and would slow the next step down.
 */
async function settle(label: string, maxMs = 180_000) {
  const pid = runtimePid();
  if (!pid) return null;
  const started = Date.now();
  let last = runtimeCpuSeconds(pid);
  let quiet = 0;
  let used = 0;
  while (Date.now() - started < maxMs && quiet < 2) {
    await sleep(1000);
    const now = runtimeCpuSeconds(pid);
    used = now - last;
    last = now;
    quiet = used < IDLE_CPU ? quiet + 1 : 0;
  }
  const took = seconds(started, Date.now());
  log(`  ${label}: settled in ${took.toFixed(0)} s (runtime at ${Math.round(used * 100)}% of a CPU)`);
  return round(took);
}

/** VmRSS and VmHWM (the peak since the process started) of a process, in MB. */
function processMemory(pid: number | undefined): { rss_mb: number; hwm_mb: number } | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss_mb: round(kb('VmRSS') / 1024, 1), hwm_mb: round(kb('VmHWM') / 1024, 1) };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// The ceiling: raw BatchWriteItem on the runtime's table

const CEILING_CONCURRENCY = 16;
const CEILING_BATCH = 25;
const CEILING_MAX_ITEMS = 20_000;
const CEILING_MAX_MS = 10_000;
const CEILING_PARTITIONS = 64;

/** `run`'s own items: ~1.4 KB each, keys of their own, gsi1 (and gsi2 when asked) spread over many partitions. */
function ceilingItem(run: string, n: number, indexes: 1 | 2) {
  const filler = `Texto de referência número ${n} para medir a escrita em lote. `.repeat(24).slice(0, 1300);
  return {
    pk: `BENCH#${run}#${n}`,
    sk: 'BENCH',
    entity: 'bench',
    gsi1pk: `BENCH#${run}#${n % CEILING_PARTITIONS}`,
    gsi1sk: String(n).padStart(8, '0'),
    ...(indexes === 2 ? { gsi2pk: `BENCH2#${run}#${n % CEILING_PARTITIONS}`, gsi2sk: String(n).padStart(8, '0') } : {}),
    body: filler,
  };
}

async function ceiling(dynamodbPort: number, run: string, indexes: 1 | 2, maxMs = CEILING_MAX_MS) {
  const client = documentClient(dynamodbPort);
  const itemBytes = Buffer.byteLength(JSON.stringify(ceilingItem(run, 0, indexes)));
  const started = performance.now();
  const deadline = started + maxMs;
  let next = 0;
  let written = 0;
  let retried = 0;
  const latencies: number[] = [];
  const lane = async () => {
    while (performance.now() < deadline && next < CEILING_MAX_ITEMS) {
      const first = next;
      next += CEILING_BATCH;
      let requests = Array.from({ length: CEILING_BATCH }, (_, index) => ({ PutRequest: { Item: ceilingItem(run, first + index, indexes) } }));
      while (requests.length) {
        const sent = performance.now();
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
        latencies.push(performance.now() - sent);
        const left = (result.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
        written += requests.length - left.length;
        retried += left.length;
        requests = left;
      }
    }
  };
  await Promise.all(Array.from({ length: CEILING_CONCURRENCY }, lane));
  const took = (performance.now() - started) / 1000;
  return {
    items: written,
    item_bytes: itemBytes,
    indexes,
    concurrency: CEILING_CONCURRENCY,
    batch: CEILING_BATCH,
    seconds: round(took, 2),
    items_per_second: round(written / took),
    unprocessed_retried: retried,
    batch_ms: spread(latencies),
  };
}

// ---------------------------------------------------------------------------------------------------
// The import, as the browser drives it

/** The browser's upload: a ticket, each part PUT to its URL (no bearer), read from disk part by part. */
async function upload(portal: CheckedPortal, who: Member, sample: SampleFile) {
  const ticket = await portal.request('POST', '/api/imports/uploads', { token: who.token, body: { file_name: path.basename(sample.file), size: sample.bytes } });
  if (ticket.status !== 200) throw new Error(`POST /api/imports/uploads: ${ticket.status} ${ticket.text}`);
  const { key, upload_id, part_size, parts } = ticket.body as unknown as UploadTicket;
  const handle = await open(sample.file, 'r');
  const sent = [];
  try {
    for (const part of parts) {
      const offset = (part.part_number - 1) * part_size;
      const buffer = Buffer.alloc(Math.min(part_size, sample.bytes - offset));
      await handle.read(buffer, 0, buffer.length, offset);
      const response = await fetch(part.url, { method: 'PUT', body: buffer });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`PUT part ${part.part_number}: ${response.status}`);
      sent.push({ part_number: part.part_number, etag: response.headers.get('etag')! });
    }
  } finally {
    await handle.close();
  }
  return { key, upload_id, parts: sent };
}

interface ChunkTimes {
  number: number;
  rows: number;
  queued_at: string;
  done_at?: string;
  attempts?: number;
}

async function chunkTimes(dynamodbPort: number, sessionId: string): Promise<ChunkTimes[]> {
  const client = documentClient(dynamodbPort);
  const chunks: ChunkTimes[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
        ExpressionAttributeValues: { ':pk': `IMPORT#${sessionId}`, ':chunk': 'CHUNK#' },
        ProjectionExpression: '#number, #rows, queued_at, done_at, attempts',
        ExpressionAttributeNames: { '#number': 'number', '#rows': 'rows' },
        ExclusiveStartKey,
      }),
    );
    chunks.push(...((page.Items ?? []) as ChunkTimes[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return chunks;
}

/** The import batch queue's depth (messages waiting, messages being worked on), or undefined when the stand-in does not say. */
async function queueDepth(sqs: SQSClient, queueUrl: string): Promise<{ waiting: number; in_flight: number } | undefined> {
  try {
    const result = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
    );
    const waiting = result.Attributes?.ApproximateNumberOfMessages;
    if (waiting === undefined) return undefined;
    return { waiting: Number(waiting), in_flight: Number(result.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0) };
  } catch {
    return undefined;
  }
}

interface Sample {
  at: number;
  processed: number;
  parsed_records: number;
  queue?: { waiting: number; in_flight: number };
  runtime_rss_mb?: number;
  /** CPU seconds used so far by the runtime's Node process and by DynamoDB Local's JVM. */
  node_cpu: number;
  java_cpu: number;
}

/** Uploads, previews and imports a file, following the session every POLL_MS until it ends; the figures of each stage. */
async function importFile(runtime: TestRuntime, portal: CheckedPortal, who: Member, sample: SampleFile, timeoutMs = IMPORT_TIMEOUT_MS) {
  const { node: pid, java } = runtimeProcesses();
  const memoryBefore = processMemory(pid);
  const sqs = new SQSClient({ endpoint: `http://127.0.0.1:${runtime.ports.gateway + 4}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const queueUrl = `http://127.0.0.1:${runtime.ports.gateway + 4}/000000000000/portal-import-batch`;

  log(`  uploading ${round(sample.bytes / MB, 1)} MB (${sample.rows} rows)`);
  const uploadStarted = Date.now();
  const uploaded = await upload(portal, who, sample);
  const uploadDone = Date.now();
  log(`  uploaded in ${seconds(uploadStarted, uploadDone).toFixed(1)} s; previewing`);
  const previewed = await portal.request('POST', '/api/imports/uploads/complete', { token: who.token, body: uploaded });
  const previewDone = Date.now();
  if (previewed.status !== 200) throw new Error(`POST /api/imports/uploads/complete: ${previewed.status} ${previewed.text.slice(0, 300)}`);
  const preview = previewed.body as unknown as ImportPreview;
  log(`  preview in ${seconds(uploadDone, previewDone).toFixed(1)} s: ${preview.total_records} records; starting`);

  const started = await portal.request('POST', '/api/imports', { token: who.token, body: { key: preview.key } });
  const startAnswered = Date.now();
  if (started.status !== 201) throw new Error(`POST /api/imports: ${started.status} ${started.text.slice(0, 300)}`);
  const sessionId = (started.body as unknown as ImportSession).id;
  const startedAt = Date.parse((started.body as unknown as ImportSession).started_at);

  const samples: Sample[] = [];
  const cpuAtStart = { at: Date.now(), node: cpuSeconds(pid), java: cpuSeconds(java) };
  let session = started.body as unknown as ImportSession;
  let parsedSeen: number | undefined;
  let firstProcessedSeen: number | undefined;
  let lastLog = 0;
  const deadline = Date.now() + timeoutMs;
  while (session.status === 'running' && Date.now() < deadline) {
    await sleep(POLL_MS);
    const [response, queue] = await Promise.all([portal.request('GET', `/api/imports/${sessionId}`, { token: who.token }), queueDepth(sqs, queueUrl)]);
    const at = Date.now();
    if (response.status !== 200) {
      log(`  GET /api/imports/${sessionId}: ${response.status} ${response.text.slice(0, 200)}`);
      continue;
    }
    session = response.body as unknown as ImportSession;
    const processed = session.successful_records + session.failed_records;
    samples.push({ at, processed, parsed_records: session.parsed_records, queue, runtime_rss_mb: processMemory(pid)?.rss_mb, node_cpu: cpuSeconds(pid), java_cpu: cpuSeconds(java) });
    if (session.parsed && parsedSeen === undefined) parsedSeen = at;
    if (processed > 0 && firstProcessedSeen === undefined) firstProcessedSeen = at;
    if (at - lastLog > 5000) {
      lastLog = at;
      log(`  ${seconds(startedAt, at).toFixed(0)} s: read ${session.parsed_records}${session.parsed ? ' (all)' : ''}, written ${session.successful_records}, refused ${session.failed_records}${queue ? `, queue ${queue.waiting} waiting + ${queue.in_flight} in flight` : ''}`);
    }
  }
  const memoryAfter = processMemory(pid);
  if (session.status === 'running') log(`  still running after ${timeoutMs / 60_000} min: reported as it is`);
  const completedAt = session.completed_at ? Date.parse(session.completed_at) : Date.now();

  // The chunks' own times: when the parse stored each (queued_at) and when its batch ended (done_at).
  const chunks = await chunkTimes(runtime.ports.dynamodb, sessionId);
  const queuedTimes = chunks.map((chunk) => Date.parse(chunk.queued_at)).sort((a, b) => a - b);
  const done = chunks.filter((chunk) => chunk.done_at).map((chunk) => ({ at: Date.parse(chunk.done_at!), rows: Number(chunk.rows) })).sort((a, b) => a.at - b.at);
  const firstQueued = queuedTimes[0];
  const lastQueued = queuedTimes.at(-1) ?? parsedSeen ?? completedAt;
  const parsedAt = Math.min(parsedSeen ?? completedAt, Math.max(lastQueued, startedAt));
  const firstDone = done[0]?.at ?? firstProcessedSeen ?? completedAt;
  const processed = session.successful_records + session.failed_records;

  // Queue stage: when every chunk had reached the batch queue (waiting, being written, or done).
  const totalChunks = chunks.length;
  const doneBy = (at: number) => done.filter((chunk) => chunk.at <= at).length;
  const queueSamples = samples.filter((sample) => sample.queue);
  const allQueued = queueSamples.find((sample) => sample.queue!.waiting + sample.queue!.in_flight + doneBy(sample.at) >= totalChunks)?.at;
  const parseSeconds = seconds(startedAt, parsedAt);
  const writeSeconds = seconds(firstDone, completedAt);
  const rowsDoneDuringParse = done.filter((chunk) => chunk.at <= parsedAt).reduce((total, chunk) => total + chunk.rows, 0);
  const rssSeen = samples.map((sample) => sample.runtime_rss_mb ?? 0);
  const timeline = samples.filter(
    (each, index) => index === samples.length - 1 || Math.floor(seconds(startedAt, each.at) / 5) !== Math.floor(seconds(startedAt, samples[index + 1]!.at) / 5),
  );
  const cpuShare = (used: number) => round((100 * used) / Math.max(seconds(cpuAtStart.at, Date.now()), 0.001));

  return {
    session_id: sessionId,
    status: session.status,
    session_error: session.error,
    file_mb: round(sample.bytes / MB, 1),
    rows: sample.rows,
    preview_total_records: preview.total_records,
    successful: session.successful_records,
    failed: session.failed_records,
    // A 'bad-slug' row ('--') is imported under its title's slug (mapping.ts): the other broken kinds are refused.
    expected_failed: sample.broken - (sample.brokenByKind['bad-slug'] ?? 0),
    upload_s: round(seconds(uploadStarted, uploadDone), 2),
    preview_s: round(seconds(uploadDone, previewDone), 2),
    preview_rows_per_second: perSecond(preview.total_records, seconds(uploadDone, previewDone)),
    start_request_s: round(seconds(previewDone, startAnswered), 2),
    stages: {
      parse: {
        seconds: round(parseSeconds, 1),
        rows_per_second: perSecond(sample.rows, parseSeconds),
        first_chunk_stored_after_s: firstQueued === undefined ? null : round(seconds(startedAt, firstQueued), 1),
        reading_rows_per_second: firstQueued === undefined ? null : perSecond(sample.rows, seconds(firstQueued, parsedAt)),
        chunks: totalChunks,
        note: 'session start to the last chunk stored (chunk queued_at), capped by the first poll that saw `parsed`; reading_rows_per_second leaves out the wait for the parse worker (stream, bus, queue) before the first chunk',
      },
      queue: {
        seconds: allQueued === undefined ? null : round(seconds(startedAt, allQueued), 1),
        rows_per_second: allQueued === undefined ? null : perSecond(sample.rows, seconds(startedAt, allQueued)),
        lag_after_parse_s: allQueued === undefined ? null : round(Math.max(0, seconds(parsedAt, allQueued)), 1),
        first_chunk_written_after_s: round(seconds(startedAt, firstDone), 1),
        max_waiting_chunks: queueSamples.length ? Math.max(...queueSamples.map((sample) => sample.queue!.waiting)) : null,
        max_in_flight_chunks: queueSamples.length ? Math.max(...queueSamples.map((sample) => sample.queue!.in_flight)) : null,
        note: queueSamples.length
          ? 'session start until every chunk was in the batch queue (SQS depth sampled every 500 ms + chunks done); a large max_waiting means the writers are behind'
          : 'the SQS stand-in did not report its depth',
      },
      write: {
        seconds: round(writeSeconds, 1),
        rows_per_second: perSecond(processed, writeSeconds),
        during_parse_rows_per_second: parsedAt > firstDone ? perSecond(rowsDoneDuringParse, seconds(firstDone, parsedAt)) : null,
        after_parse_rows_per_second: completedAt > parsedAt ? perSecond(processed - rowsDoneDuringParse, seconds(Math.max(parsedAt, firstDone), completedAt)) : null,
        chunks_run_more_than_once: chunks.filter((chunk) => Number(chunk.attempts ?? 1) > 1).length,
        note: 'rows written or refused, from the first chunk done (done_at) to the session completed',
      },
    },
    total_s: round(seconds(startedAt, completedAt), 1),
    total_rows_per_second: perSecond(processed, seconds(startedAt, completedAt)),
    server_rows_per_second: session.rows_per_second,
    end_to_end_s: round(seconds(uploadStarted, completedAt), 1),
    end_to_end_rows_per_second: perSecond(processed, seconds(uploadStarted, completedAt)),
    timeline: {
      columns: ['s since start', 'rows read', 'rows done', 'chunks waiting in the queue', 'chunks in flight', 'runtime RSS MB', 'runtime Node CPU %', 'DynamoDB JVM CPU %'],
      every_5_s: timeline.map((each, index) => {
        const before = index ? timeline[index - 1]! : { at: cpuAtStart.at, node_cpu: cpuAtStart.node, java_cpu: cpuAtStart.java };
        const span = seconds(before.at, each.at);
        return [
          round(seconds(startedAt, each.at)),
          each.parsed_records,
          each.processed,
          each.queue?.waiting ?? null,
          each.queue?.in_flight ?? null,
          each.runtime_rss_mb ?? null,
          span > 0 ? round((100 * (each.node_cpu - before.node_cpu)) / span) : null,
          span > 0 ? round((100 * (each.java_cpu - before.java_cpu)) / span) : null,
        ];
      }),
    },
    cpu: {
      runtime_node_percent: cpuShare(cpuSeconds(pid) - cpuAtStart.node),
      dynamodb_jvm_percent: cpuShare(cpuSeconds(java) - cpuAtStart.java),
      note: 'average share of one CPU from the session start to the end, of the runtime\'s Node process (every worker and stand-in on one JS thread, plus libuv and GC threads) and of DynamoDB Local',
    },
    runtime_memory: {
      pid: pid ?? null,
      rss_before_mb: memoryBefore?.rss_mb ?? null,
      rss_peak_sampled_mb: rssSeen.length ? Math.max(...rssSeen) : null,
      rss_after_mb: memoryAfter?.rss_mb ?? null,
      hwm_since_start_mb: memoryAfter?.hwm_mb ?? null,
    },
  };
}

/**
 * A one-row file whose row is refused (no author), imported and followed to its end: the pipeline's
 * own latency with nothing written. Its start goes through the table's stream like every change, so
 * it also waits out what earlier writes left there (the local stream poller reads 100 records at a
 * time; a CPU-idle runtime can still be minutes behind).
 */
async function probe(portal: CheckedPortal, who: Member, dir: string, name: string) {
  const file = path.join(dir, `${name}.csv`);
  const row = { record_id: `${name}-1`, titulo: 'Sonda do bench', conteudo: 'Sem autor: a linha é recusada e nada é escrito.'.repeat(2) } as Record<string, string>;
  const text = `${csvLine(SAMPLE_COLUMNS, ',')}\n${csvLine(SAMPLE_COLUMNS.map((column) => row[column] ?? ''), ',')}\n`;
  writeFileSync(file, text);
  const uploaded = await upload(portal, who, { file, rows: 1, broken: 1, brokenByKind: {}, bytes: Buffer.byteLength(text) });
  const previewed = await portal.request('POST', '/api/imports/uploads/complete', { token: who.token, body: uploaded });
  if (previewed.status !== 200) throw new Error(`probe preview: ${previewed.status} ${previewed.text.slice(0, 200)}`);
  const started = await portal.request('POST', '/api/imports', { token: who.token, body: { key: (previewed.body as unknown as ImportPreview).key } });
  if (started.status !== 201) throw new Error(`probe start: ${started.status} ${started.text.slice(0, 200)}`);
  let session = started.body as unknown as ImportSession;
  const deadline = Date.now() + 300_000;
  while (session.status === 'running' && Date.now() < deadline) {
    await sleep(250);
    session = (await portal.request('GET', `/api/imports/${session.id}`, { token: who.token })).body as unknown as ImportSession;
  }
  const took = seconds(Date.parse(session.started_at), session.completed_at ? Date.parse(session.completed_at) : Date.now());
  log(`  probe ${name}: ${session.status} (${session.failed_records} refused) ${took.toFixed(1)} s after its start`);
  return { status: session.status, refused: session.failed_records, seconds: round(took, 1) };
}

// ---------------------------------------------------------------------------------------------------
// What the import wrote

/** Items of a partition by kind: the article, its tags (TAG#…), anything else by the first part of its sk. */
const kindOf = (sk: string) => (sk.startsWith('TAG#') ? 'TAG#…' : sk.includes('#') ? `${sk.split('#')[0]}#…` : sk);
const SLUG_KIND = 'SLUG#… (slug claim)';

/**
 * What an import left in the table, read on the keys it wrote: the session's chunks name the ids of the
 * articles they wrote (article_ids); every item in each of those ARTICLE#<id> partitions is counted (a
 * Query each, keys only, 16 at a time), and the slug claim each article's slug names is read back
 * (BatchGet, 100 a request) and counted when it points at that article. A Scan of the whole table does
 * not finish on DynamoDB Local at 50,000 rows (its parallel Scan pages over ~250,000 items of ~3 KB);
 * these reads are ~50,000 small Queries.
 */
async function countImported(dynamodbPort: number, sessionId: string) {
  const client = documentClient(dynamodbPort);
  const ids: string[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :chunk)',
        ExpressionAttributeValues: { ':pk': `IMPORT#${sessionId}`, ':chunk': 'CHUNK#' },
        ProjectionExpression: 'article_ids',
        ExclusiveStartKey,
      }),
    );
    for (const chunk of page.Items ?? []) ids.push(...((chunk.article_ids as string[] | undefined) ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const articles: Record<string, number> = {};
  const slugs = new Map<string, string>();
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: TABLE,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `ARTICLE#${id}` },
            ProjectionExpression: 'sk, slug',
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) {
          const kind = kindOf(String(item.sk));
          articles[kind] = (articles[kind] ?? 0) + 1;
          if (item.sk === 'ARTICLE' && typeof item.slug === 'string') slugs.set(item.slug, id);
        }
        start = page.LastEvaluatedKey;
      } while (start);
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  const claims = [...slugs.keys()];
  for (let index = 0; index < claims.length; index += 100) {
    let keys: Record<string, unknown>[] = claims.slice(index, index + 100).map((slug) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }));
    while (keys.length) {
      const result = await client.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: keys, ProjectionExpression: 'pk, article_id' } } }));
      for (const claim of result.Responses?.[TABLE] ?? []) {
        if (slugs.get(String(claim.pk).slice('SLUG#'.length)) === claim.article_id) articles[SLUG_KIND] = (articles[SLUG_KIND] ?? 0) + 1;
      }
      keys = (result.UnprocessedKeys?.[TABLE]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return { article_ids: ids.length, articles };
}

/** Every key of the table (a parallel scan, keys only), by kind: the cross-check of countImported on small runs. */
async function scanItems(dynamodbPort: number) {
  const client = documentClient(dynamodbPort);
  const articles: Record<string, number> = {};
  const other: Record<string, number> = {};
  const segments = 4;
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new ScanCommand({ TableName: TABLE, ProjectionExpression: 'pk, sk', Segment: segment, TotalSegments: segments, ExclusiveStartKey }),
        );
        for (const item of page.Items ?? []) {
          const pk = String(item.pk);
          if (pk.startsWith('ARTICLE#')) {
            const kind = kindOf(String(item.sk));
            articles[kind] = (articles[kind] ?? 0) + 1;
          } else if (pk.startsWith('SLUG#')) articles[SLUG_KIND] = (articles[SLUG_KIND] ?? 0) + 1;
          else {
            const prefix = pk.split('#')[0]!;
            other[prefix] = (other[prefix] ?? 0) + 1;
          }
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }),
  );
  return { articles, other };
}

/** Up to this many rows the whole table is scanned too, and must agree with the count on the import's keys. */
const SCAN_CHECK_MAX_ROWS = 10_000;

async function itemsPerRow(dynamodbPort: number, sessionId: string, successful: number, rows: number) {
  const started = performance.now();
  const counted = await countImported(dynamodbPort, sessionId);
  const countSeconds = round((performance.now() - started) / 1000, 1);
  const written = Object.values(counted.articles).reduce((total, count) => total + count, 0);
  let scan: { agrees: boolean; articles: Record<string, number>; other_items_in_table: Record<string, number> } | 'skipped' = 'skipped';
  if (rows <= SCAN_CHECK_MAX_ROWS) {
    const scanned = await scanItems(dynamodbPort);
    const kinds = new Set([...Object.keys(scanned.articles), ...Object.keys(counted.articles)]);
    scan = { agrees: [...kinds].every((kind) => scanned.articles[kind] === counted.articles[kind]), articles: scanned.articles, other_items_in_table: scanned.other };
  }
  return {
    written,
    rows_imported: successful,
    article_ids_in_chunks: counted.article_ids,
    // Exact: the count and its quotient to four places.
    per_row: successful ? round(written / successful, 4) : null,
    per_row_exact: `${written} / ${successful}`,
    by_kind: Object.fromEntries(
      Object.entries(counted.articles)
        .sort(([, a], [, b]) => b - a)
        .map(([kind, count]) => [kind, { items: count, per_row: successful ? round(count / successful, 4) : null }]),
    ),
    count_s: countSeconds,
    scan_cross_check: scan,
    note: 'every item in the ARTICLE#<id> partition of each article the import\'s chunks name, plus the SLUG#<slug> claim pointing at it, read from the table after the import, over the rows imported; besides these, each chunk of 100 rows writes its chunk item and the session (updates), and moves the counters once. scan_cross_check: up to 10,000 rows, a Scan of the whole table by kind, which must agree',
  };
}

// ---------------------------------------------------------------------------------------------------

async function storageRun(storage: 'memory' | 'disk', mainSample: SampleFile, dir: string, counted?: { per_row: number | null; successful: number }) {
  log(`[${storage}] starting a local runtime (empty, DynamoDB Local ${storage === 'memory' ? 'in memory' : 'on disk'})`);
  const bootStarted = Date.now();
  const runtime = await startRuntime({ empty: true, env: storage === 'memory' ? { PORTAL_DYNAMODB_IN_MEMORY: '1' } : {} });
  const report: Record<string, unknown> = { runtime_start_s: round(seconds(bootStarted, Date.now()), 1), load_average_at_start: loadavg().map((value) => round(value, 2)) };
  try {
    const portal = new CheckedPortal(runtime.baseUrl);
    const table = new PortalTable(runtime.ports.dynamodb);

    const settled: Record<string, number | null> = {};
    report.settled_s = settled;
    settled.start = await settle('after the start');
    // DynamoDB Local's JVM is slow for its first seconds: a few seconds of writes first, not counted.
    await measure(`[${storage}] warming DynamoDB Local up`, () => ceiling(runtime.ports.dynamodb, 'w', 1, 8000));
    settled.warm_up = await settle('after the warm-up');
    report.ceiling_two_indexes = await measure(`[${storage}] ceiling: BatchWriteItem, two GSIs (as the article items)`, () => ceiling(runtime.ports.dynamodb, 'b', 2));
    settled.ceiling_two_indexes = await settle('after the first ceiling');
    const ceilingResult = await measure(`[${storage}] ceiling: BatchWriteItem, one GSI`, () => ceiling(runtime.ports.dynamodb, 'a', 1));
    report.ceiling = ceilingResult;
    if (!failed(ceilingResult)) log(`[${storage}] ceiling: ${ceilingResult.items_per_second} items/s`);
    settled.ceiling = await settle('after the ceiling');

    const editor = await member(portal, table, 'editor-bench', 'Edi Bench', { roles: ['editor'] });
    // The ceiling's writes are still in the table's stream: the import starts once a probe got through.
    report.probe_before_import = await measure(`[${storage}] probe import`, () => probe(portal, editor, dir, `probe-${storage}`));
    const imported = await measure(`[${storage}] import of ${mainSample.rows} rows`, () => importFile(runtime, portal, editor, mainSample, storage === 'disk' ? DISK_TIMEOUT_MS : IMPORT_TIMEOUT_MS));
    report.import = imported;
    if (!failed(imported)) {
      log(`[${storage}] ${imported.status}: ${imported.successful} written, ${imported.failed} refused, end to end ${imported.end_to_end_s} s`);
      // The same file through the same code writes the same items per row: counted once (a scan of the disk table is slow).
      const items = counted?.per_row
        ? {
            written: Math.round(counted.per_row * imported.successful),
            per_row: counted.per_row,
            note: `items per row as counted on the in-memory runtime (the same file: ${counted.successful} rows imported there, ${imported.successful} here)`,
          }
          : await measure(`[${storage}] counting the items written`, () => itemsPerRow(runtime.ports.dynamodb, imported.session_id, imported.successful, mainSample.rows));
      if (!failed(items)) {
        report.items = items;
        const ceilingRate = failed(ceilingResult) ? null : ceilingResult.items_per_second;
        // The items of the rows written by the end of the window (a scan of an unfinished import counts later writes too).
        const writtenInWindow = (items.per_row ?? 0) * imported.successful;
        const writeRate = writtenInWindow / imported.stages.write.seconds;
        const endToEndRate = writtenInWindow / imported.end_to_end_s;
        report.throughput = {
          ceiling_items_per_second: ceilingRate,
          write_items_per_second: round(writeRate),
          write_ratio_to_ceiling: ceilingRate ? round(writeRate / ceilingRate, 2) : null,
          end_to_end_items_per_second: round(endToEndRate),
          end_to_end_ratio_to_ceiling: ceilingRate ? round(endToEndRate / ceilingRate, 2) : null,
          goal_ratio: 0.7,
          meets_ratio_on_write: ceilingRate ? writeRate / ceilingRate >= 0.7 : null,
          meets_ratio_end_to_end: ceilingRate ? endToEndRate / ceilingRate >= 0.7 : null,
          ...(storage === 'memory' ? { goal_end_to_end_s: GOAL_END_TO_END_S, meets_end_to_end_s: imported.status === 'completed' && imported.end_to_end_s <= GOAL_END_TO_END_S } : {}),
          note: `items written (items per row × rows written) per second of the write stage, and per second from upload start to completed${imported.status === 'completed' ? '' : ' (UNFINISHED: up to the timeout)'}`,
        };
      }
    }

    report.load_average_at_end = loadavg().map((value) => round(value, 2));
    if (!failed(imported)) {
      // The issue's figures beside their goals (README, "The archive at scale").
      const items = report.items as { written?: number; per_row: number | null; per_row_exact?: string } | undefined;
      const load = `load ${(report.load_average_at_start as number[])[0]} → ${(report.load_average_at_end as number[])[0]}`;
      report.goals = [
        {
          figure: `${imported.rows}-row import, DynamoDB Local ${storage === 'memory' ? 'in memory' : 'on disk'}, upload → completed`,
          goal: storage === 'memory' ? `≤ ${GOAL_END_TO_END_S} s (at 50,000 rows)` : 'report',
          measured: `${imported.end_to_end_s} s, ${imported.status} (${load})`,
          met: storage === 'memory' ? imported.rows >= 50_000 && imported.status === 'completed' && imported.end_to_end_s <= GOAL_END_TO_END_S : null,
        },
        {
          figure: 'rows imported + refused = rows in the file; refused as the sample broke them',
          goal: `${imported.rows} = ${imported.rows}; ${imported.expected_failed} refused`,
          measured: `${imported.successful + imported.failed} = ${imported.rows}; ${imported.failed} refused`,
          met: imported.successful + imported.failed === imported.rows && imported.failed === imported.expected_failed,
        },
        {
          figure: 'items per imported row (counted in the table)',
          goal: `fewer than ${ITEMS_PER_ROW_BEFORE}`,
          measured: items ? `${items.per_row}${items.per_row_exact ? ` (${items.per_row_exact})` : ''}` : 'not counted',
          met: items?.per_row ? items.per_row < ITEMS_PER_ROW_BEFORE : null,
        },
      ];
      for (const goal of report.goals as { figure: string; goal: string; measured: string; met: boolean | null }[]) {
        log(`[${storage}] ${goal.figure}: ${goal.measured} (goal ${goal.goal}${goal.met === null ? '' : goal.met ? ': met' : ': NOT met'})`);
      }
    }
  } finally {
    await runtime.stop();
  }
  return report;
}

/**
 * The file just under 100 MB, on a fresh in-memory runtime of its own: after the 50,000 rows, the
 * first runtime's stream is minutes behind, and this import would start only when it caught up.
 */
async function bigFileRun(bigSample: SampleFile, dir: string) {
  log('[100 MB] starting a local runtime (empty, DynamoDB Local in memory)');
  const runtime = await startRuntime({ empty: true, env: { PORTAL_DYNAMODB_IN_MEMORY: '1' } });
  try {
    const portal = new CheckedPortal(runtime.baseUrl);
    const editor = await member(portal, new PortalTable(runtime.ports.dynamodb), 'editor-grande', 'Edi Grande', { roles: ['editor'] });
    const over = await portal.request('POST', '/api/imports/uploads', { token: editor.token, body: { file_name: 'grande.csv', size: IMPORT_LIMITS.maxBytes + 1 } });
    const oneByteMore = { status: over.status, message: (over.body as { message?: string }).message ?? null, refused_as_expected: over.status === 400 && over.body.message === IMPORT_MESSAGES.tooLarge };
    log(`[100 MB] ${IMPORT_LIMITS.maxBytes + 1} bytes: ${over.status} ${oneByteMore.message}`);
    const probed = await measure('[100 MB] probe import', () => probe(portal, editor, dir, 'probe-grande'));
    const result = await measure(`[100 MB] import of ${bigSample.rows} rows, ${bigSample.bytes} bytes`, () => importFile(runtime, portal, editor, bigSample));
    return {
      bytes: bigSample.bytes,
      limit_bytes: IMPORT_LIMITS.maxBytes,
      rows: bigSample.rows,
      accepted: !failed(result),
      completed: !failed(result) && result.status === 'completed' && result.successful + result.failed === bigSample.rows,
      import: result,
      probe_before_import: probed,
      one_byte_more: oneByteMore,
      load_average_at_end: loadavg().map((value) => round(value, 2)),
    };
  } finally {
    await runtime.stop();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  try {
    log(`generating the samples in ${dir}`);
    const small = await writeSample(path.join(dir, 'small.csv'), 5_000);
    const mainSample = await writeSample(path.join(dir, `sample-${ROWS}.csv`), ROWS);
    log(`  ${mainSample.rows} rows, ${round(mainSample.bytes / MB, 1)} MB (${mainSample.broken} broken)`);
    let bigSample: SampleFile | undefined;
    if (!SKIP_100MB && STORAGES.includes('memory')) {
      // Rows of ~1.6 KB: enough of them to pass 100 MB, cut just under it.
      bigSample = await writeSample(path.join(dir, 'grande.csv'), Math.ceil(IMPORT_LIMITS.maxBytes / 1400), { prefix: 'g', maxBytes: IMPORT_LIMITS.maxBytes });
      if (statSync(bigSample.file).size !== bigSample.bytes) throw new Error('the 100 MB sample is not the size counted');
      log(`  ${bigSample.rows} rows, ${bigSample.bytes} bytes (limit ${IMPORT_LIMITS.maxBytes}) for the 100 MB file`);
    }

    log('parser memory: rowChunks over the files, in this process');
    const parser: Record<string, unknown> = {};
    parser.rows_5000 = await parserMemory(small);
    parser[`rows_${mainSample.rows}`] = await parserMemory(mainSample);
    if (bigSample) parser[`rows_${bigSample.rows}_100mb`] = await parserMemory(bigSample);
    parser.note = 'peak RSS of this process (sampled every 50 ms) while a file streams through rowChunks; flat means about the same peak whatever the size';

    const storages: Record<string, Record<string, unknown>> = {};
    let file100mb: unknown = 'skipped';
    for (const storage of STORAGES) {
      const memory = storages.memory;
      const counted =
        memory?.items && memory.import && !failed(memory.import as object)
          ? { per_row: (memory.items as { per_row: number | null }).per_row, successful: (memory.import as { successful: number }).successful }
          : undefined;
      storages[storage] = await storageRun(storage, mainSample, dir, counted);
      // Right after the in-memory figures (before the slower disk run).
      if (storage === 'memory' && bigSample) file100mb = await measure('a file just under 100 MB', () => bigFileRun(bigSample, dir));
    }
    process.stdout.write(
      `${JSON.stringify(
        {
          machine: { cpus: availableParallelism(), node: process.version },
          options: { rows: ROWS, storage: STORAGES, skip_100mb: SKIP_100MB, broken_percent: BROKEN_PERCENT, seed: SEED },
          sample: { rows: mainSample.rows, broken: mainSample.broken, broken_by_kind: mainSample.brokenByKind, bytes: mainSample.bytes, mb: round(mainSample.bytes / MB, 1), bytes_per_row: round(mainSample.bytes / mainSample.rows) },
          parser_memory: parser,
          storages,
          file_100mb: file100mb,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
