// First-party analytics on the local runtime, measured end to end: page-view beacons sent as browsers
// send them (text/plain JSON, many visitors at once) — how many a second the endpoint accepts, and how
// many a second reach the counters through the queue and the rollup worker — then the dashboard's
// queries over 30 days of counters (analytics-data and ad-revenue-data, site-wide and one author's).
// `npm run bench:analytics [-- --visitors 2000 --views 5 --concurrency 48]` prints one JSON report on
// stdout; progress goes to stderr. It reports figures and never fails on them.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { articleIndexKeys, counterKey } from '../../lambdas/analytics/items';
import type { AnalyticsData } from '../../shared/analytics';
import type { HomeFeed } from '../../shared/api-types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../infra/local/seed';
import { PortalClient } from '../support/api';
import { requestFrom } from '../support/from-address';
import { startRuntime } from '../support/runtime';
import { log, percentile, round } from './util';

const { values: options } = parseArgs({
  options: {
    visitors: { type: 'string', default: '2000' },
    views: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '48' },
    'query-runs': { type: 'string', default: '20' },
  },
});
const VISITORS = Number(options.visitors);
const VIEWS = Number(options.views);
const CONCURRENCY = Number(options.concurrency);
const QUERY_RUNS = Number(options['query-runs']);
const MASTER = DEMO_ACCOUNTS.find((account) => account.roles.includes('master'))!.email;
/** The local runtime's table (infra/local/config.ts). */
const TABLE = 'portal';
const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Target {
  id: string;
  authorId: string;
}

/**
 * Every visitor reads VIEWS articles, a second apart as the server sees it: a view and an exit each,
 * from a loopback address of its own (the worker caps what one address adds to the figures).
 */
function beacons(targets: readonly Target[]) {
  const all: { userAgent: string; address: string; body: string }[] = [];
  for (let visitor = 0; visitor < VISITORS; visitor++) {
    const address = `127.77.${Math.floor(visitor / 250) % 256}.${1 + (visitor % 250)}`;
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor}.0 Safari/537.36`;
    for (let view = 0; view < VIEWS; view++) {
      const target = targets[(visitor + view) % targets.length]!;
      const page = { page_view_id: randomUUID(), path: `/article/bench-${target.id}`, article_id: target.id };
      all.push({ userAgent, address, body: JSON.stringify({ kind: 'view', ...page, referrer_host: 'www.google.com' }) });
      all.push({ userAgent, address, body: JSON.stringify({ kind: 'exit', ...page, seconds_on_page: 30 + view, scroll_depth: 80 }) });
    }
  }
  return all;
}

/** Sends the beacons with CONCURRENCY requests in flight; what the endpoint accepted, and how fast. */
async function send(baseUrl: string, queue: { userAgent: string; address: string; body: string }[]) {
  const started = Date.now();
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < queue.length; index = next++) {
      const { userAgent, address, body } = queue[index]!;
      const response = await requestFrom(baseUrl, address, 'POST', '/api/analytics/beacon', { body, headers: { 'user-agent': userAgent } });
      if (response.status === 204) accepted++;
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  return { accepted, refused, seconds: round(seconds, 1), per_second: round(accepted / seconds) };
}

async function siteViews(client: PortalClient, token: string, day: string): Promise<number> {
  const response = await client.request('GET', `/api/analytics-data?startDate=${day}&endDate=${day}`, { token });
  if (response.status !== 200) throw new Error(`analytics-data: ${response.status} ${response.text}`);
  return (response.body as unknown as AnalyticsData).totalPageViews;
}

/**
 * 30 days of counters for the demo articles (as the worker writes them: the site's, each article's
 * and each author's), straight into the table: the dashboard's queries are what is measured here.
 */
async function seedMonth(dynamodbPort: number, targets: readonly Target[], today: number) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${dynamodbPort}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const counts = (views: number) => ({ views, users: Math.ceil(views * 0.7), sessions: Math.ceil(views * 0.5), bounces: Math.ceil(views * 0.2), seconds: views * 40, ad_requests: views * 3, ad_impressions: views * 2, ad_clicks: Math.ceil(views / 50) });
  const items: Record<string, unknown>[] = [];
  const authors = [...new Set(targets.map((target) => target.authorId))];
  for (let back = 1; back <= 30; back++) {
    const day = utcDay(today - back * DAY_MS);
    for (const [index, target] of targets.entries()) {
      items.push({ ...counterKey(`article#${target.id}`, day), entity: 'analytics_counter', day, article_id: target.id, author_id: target.authorId, ...articleIndexKeys(target.id, target.authorId, day), ...counts(50 + index * 7) });
    }
    for (const author of authors) items.push({ ...counterKey(`author#${author}`, day), entity: 'analytics_counter', day, ...counts(400) });
    items.push({ ...counterKey('site', day), entity: 'analytics_counter', day, ...counts(50 * targets.length) });
  }
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const result = await client.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
      requests = (result.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
    }
  }
  return { items: items.length, articles: targets.length, authors: authors.length };
}

/** QUERY_RUNS sequential calls of one dashboard query: median and p95 in ms. */
async function timeQuery(client: PortalClient, token: string, path: string) {
  const times: number[] = [];
  for (let run = 0; run < QUERY_RUNS; run++) {
    const started = performance.now();
    const response = await client.request('GET', path, { token });
    times.push(performance.now() - started);
    if (response.status !== 200) return { path, error: `${response.status} ${response.text.slice(0, 200)}` };
  }
  return { path, runs: QUERY_RUNS, median_ms: round(percentile(times, 50) ?? 0, 1), p95_ms: round(percentile(times, 95) ?? 0, 1) };
}

async function main() {
  log('starting a local runtime with the demo content');
  const runtime = await startRuntime();
  try {
    const client = new PortalClient(runtime.baseUrl);
    const { accessToken: token } = await client.signIn(MASTER, DEMO_PASSWORD);
    const feed = (await (await fetch(`${runtime.baseUrl}/api/home`)).json()) as HomeFeed;
    const targets = feed.articles.map((article) => ({ id: article.id, authorId: article.author.id }));
    if (!targets.length) throw new Error('the demo feed has no articles');
    const today = Date.now();
    const day = utcDay(today);

    const queue = beacons(targets);
    const before = await siteViews(client, token, day);
    log(`sending ${queue.length} beacons (${VISITORS} visitors × ${VIEWS} articles, a view and an exit each), ${CONCURRENCY} at once`);
    const started = Date.now();
    const endpoint = await send(runtime.baseUrl, queue);
    log(`the endpoint accepted ${endpoint.accepted} in ${endpoint.seconds} s; waiting for the worker`);
    const expected = before + VISITORS * VIEWS;
    let counted = before;
    for (let waited = 0; counted < expected && waited < 600; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      counted = await siteViews(client, token, day);
      if (waited % 10 === 9) log(`  ${counted - before} of ${expected - before} views counted`);
    }
    const drained = (Date.now() - started) / 1000;
    const ingestion = {
      beacons: queue.length,
      endpoint,
      end_to_end: {
        views_counted: counted - before,
        views_expected: expected - before,
        seconds: round(drained, 1),
        beacons_per_second: round(queue.length / drained),
      },
    };

    log('seeding 30 days of counters and timing the dashboard queries');
    const seeded = await seedMonth(runtime.ports.dynamodb, targets, today);
    const from = utcDay(today - 29 * DAY_MS);
    const author = targets[0]!.authorId;
    const queries = [];
    for (const path of [
      `/api/analytics-data?startDate=${from}&endDate=${day}`,
      `/api/analytics-data?startDate=${from}&endDate=${day}&userId=${author}`,
      `/api/ad-revenue-data?startDate=${from}&endDate=${day}`,
    ]) {
      queries.push(await timeQuery(client, token, path));
    }
    process.stdout.write(
      `${JSON.stringify({ machine: { cpus: (await import('node:os')).availableParallelism() }, ingestion, dashboard: { seeded, queries } }, null, 2)}\n`,
    );
  } finally {
    await runtime.stop();
  }
}

await main();
