// The rendered pages as the local gateway serves them through its edge cache (infra/local/pages.ts):
// the render time of a page the cache does not hold, the time to first byte of one it does, the
// size of its HTML; and the HTTP load test, on API endpoints and on cached pages.
import { availableParallelism } from 'node:os';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import autocannon from 'autocannon';
import { LOCAL_DISTRIBUTION_ID } from '../../infra/local/cloudfront';
import { measure, median, round, spread } from './util';

const UNCACHED_RUNS = 15;
const CACHED_RUNS = 50;
const LOAD = { connections: 10, warmupSeconds: 3, seconds: 10 };
const HIT = 'Hit from cloudfront';
const MISS = 'Miss from cloudfront';

/** The CloudFront API stand-in listens on the gateway's port + 8 (infra/local/config.ts). */
export const cloudFrontEndpoint = (gatewayPort: number) => `http://127.0.0.1:${gatewayPort + 8}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { accept: 'text/html', ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status >= 500) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  return { response, body };
}

/** A render that no cache answered: every page purged through CreateInvalidation, then one GET. */
async function uncached(url: string, cloudFront: CloudFrontClient) {
  const runs: { status: number; cache: string | null; renderMs: number; dynamodb: number; operations: string[] }[] = [];
  for (let run = 1; run <= UNCACHED_RUNS; run++) {
    await cloudFront.send(
      new CreateInvalidationCommand({
        DistributionId: LOCAL_DISTRIBUTION_ID,
        InvalidationBatch: { CallerReference: `bench-${Date.now()}-${run}`, Paths: { Quantity: 1, Items: ['/*'] } },
      }),
    );
    const { response } = await get(url);
    const timing = /\brender;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    const operations = response.headers.get('x-local-dynamodb-operations') ?? '';
    runs.push({
      status: response.status,
      cache: response.headers.get('x-cache'),
      renderMs: timing ? Number(timing[1]) : NaN,
      dynamodb: Number(response.headers.get('x-local-dynamodb-requests') ?? NaN),
      operations: operations ? operations.split(',') : [],
    });
  }
  const dynamodb = runs.map((run) => run.dynamodb).filter(Number.isFinite);
  return {
    runs: runs.length,
    status: [...new Set(runs.map((run) => run.status))],
    misses: runs.filter((run) => run.cache === MISS).length,
    render_ms: { ...spread(runs.map((run) => run.renderMs).filter(Number.isFinite)), first: runs[0]?.renderMs ?? null },
    dynamodb_requests: dynamodb.length ? { median: median(dynamodb), min: Math.min(...dynamodb), max: Math.max(...dynamodb) } : null,
    dynamodb_operations: runs.at(-1)?.operations ?? [],
  };
}

/** Time to response headers of a page the cache holds: warmed once, then sequential GETs. */
async function cached(url: string, acceptEncoding: string) {
  await get(url, { 'accept-encoding': acceptEncoding });
  const times: number[] = [];
  let hits = 0;
  for (let run = 0; run < CACHED_RUNS; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
    times.push(performance.now() - started);
    if (response.headers.get('x-cache') === HIT) hits += 1;
    await response.arrayBuffer();
  }
  return { accept_encoding: acceptEncoding, runs: CACHED_RUNS, hits, ttfb_ms: spread(times) };
}

/** Bytes on the wire for one accept-encoding: the served content-length when the gateway compressed. */
async function servedSize(url: string, encoding: string) {
  const { response, body } = await get(url, { 'accept-encoding': encoding });
  const length = response.headers.get('content-length');
  return response.headers.get('content-encoding') === encoding && length ? Number(length) : body.length;
}

async function htmlSize(url: string) {
  return { raw_bytes: await servedSize(url, 'identity'), brotli_bytes: await servedSize(url, 'br'), gzip_bytes: await servedSize(url, 'gzip') };
}

export type PageFigures = Awaited<ReturnType<typeof pageFigures>>;

async function pageFigures(url: string, cloudFront: CloudFrontClient) {
  return {
    uncached: await uncached(url, cloudFront),
    html: await htmlSize(url),
    // As a browser asks (the stand-in compresses each answer, hits too), and uncompressed.
    cached: await cached(url, 'br, gzip'),
    cached_identity: await cached(url, 'identity'),
  };
}

export type RenderedPages = Awaited<ReturnType<typeof renderedPages>>;

export async function renderedPages(baseUrl: string, gatewayPort: number, pages: Record<string, string>) {
  const cloudFront = new CloudFrontClient({
    endpoint: cloudFrontEndpoint(gatewayPort),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    const measured: Record<string, ({ path: string } & PageFigures) | { error: string }> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      measured[name] = await measure(`pages ${name}`, async () => ({ path: pagePath, ...(await pageFigures(baseUrl + pagePath, cloudFront)) }));
    }
    return {
      note: `uncached: ${UNCACHED_RUNS} renders, each after CreateInvalidation of /* through the CloudFront stand-in (render time from server-timing); cached: ${CACHED_RUNS} sequential GETs after one warm-up, time until the response headers arrive`,
      pages: measured,
    };
  } finally {
    cloudFront.destroy();
  }
}

// Load: autocannon, a warm-up then a bounded run, one address at a time.

async function loadTest(url: string, page: boolean) {
  await autocannon({ url, connections: LOAD.connections, duration: LOAD.warmupSeconds });
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.seconds });
  const figures = {
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests_per_second: round(result.requests.average, 1),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  if (!page) return figures;
  const { response } = await get(url);
  return { ...figures, x_cache_after: response.headers.get('x-cache') };
}

/** `endpoints` are API paths; `pages` are rendered pages, served from the edge cache after the warm-up. */
export async function load(baseUrl: string, endpoints: Record<string, string>, pages: Record<string, string>) {
  const measured: Record<string, unknown> = {
    connections: LOAD.connections,
    warmup_seconds: LOAD.warmupSeconds,
    seconds: LOAD.seconds,
    note:
      `the load generator runs on the same machine and shares its ${availableParallelism()} CPUs with the server; ` +
      'requests carry no accept-encoding, so answers are uncompressed',
  };
  const targets = [
    ...Object.entries(endpoints).map(([name, address]) => ({ name, address, page: false })),
    ...Object.entries(pages).map(([name, address]) => ({ name, address, page: true })),
  ];
  for (const { name, address, page } of targets) {
    measured[name] = await measure(`load ${name}`, async () => ({ path: address, ...(await loadTest(baseUrl + address, page)) }));
  }
  return measured;
}
