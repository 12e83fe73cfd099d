// `npm run bench`: starts its own local runtime with the demo content and prints one JSON report on
// stdout (progress goes to stderr): the JavaScript each public page loads, the DynamoDB calls per API
// request, Lighthouse (mobile) scores and an HTTP load test. It reports figures and never fails on
// them; the exit code is 1 only when the runtime cannot start.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import autocannon from 'autocannon';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ArticleCard, HomeFeed } from '../../shared/api-types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../infra/local/seed';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';
import { ensureChromium } from '../support/debian-tools';
import { PortalClient } from '../support/api';
import { startRuntime, type TestRuntime } from '../support/runtime';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = ensureChromium() ?? process.exit(1);
const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LIGHTHOUSE_RUNS = 3;
const LOAD = { connections: 10, warmupSeconds: 3, seconds: 10 };

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs one measurement; a failure is reported in its place and the bench goes on. */
async function measure<T>(name: string, run: () => Promise<T>): Promise<T | { error: string }> {
  const started = Date.now();
  log(`${name}...`);
  try {
    const result = await run();
    log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    log(`${name}: failed: ${(error as Error).stack ?? String(error)}`);
    return { error: (error as Error).message ?? String(error) };
  }
}

// What to measure: articles and a city from the home feed.

interface Targets {
  feedArticles: number;
  city?: string;
  /** A public article: the one measured as "article". */
  article?: ArticleCard;
  premium?: ArticleCard;
}

async function pickTargets(baseUrl: string): Promise<Targets> {
  const response = await fetch(`${baseUrl}/api/home`);
  if (!response.ok) throw new Error(`GET /api/home answered ${response.status}`);
  const feed = (await response.json()) as HomeFeed;
  const premium = feed.articles.find((article) => article.visibility === 'premium');
  const article = feed.articles.find((article) => article.visibility === 'public') ?? premium;
  return { feedArticles: feed.articles.length, city: feed.cities[0]?.location_path, article, premium };
}

function describeTargets(targets: Targets) {
  const brief = (article?: ArticleCard) => (article ? { id: article.id, slug: article.slug, visibility: article.visibility } : null);
  return { feed_articles: targets.feedArticles, city: targets.city ?? null, article: brief(targets.article), premium_article: brief(targets.premium) };
}

// JavaScript: what each page loads first, and the entry bundle of the build.

async function pageJavaScript(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ file: string; raw: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) })));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    return {
      document_title: await page.title(),
      count: files.length,
      raw_bytes: sum(files.map((file) => file.raw)),
      gzip_bytes: sum(files.map((file) => file.gzip)),
      files: files.map(({ file, gzip }) => ({ file, gzip })),
    };
  } finally {
    await context.close();
  }
}

function entryBundle() {
  const dist = path.join(ROOT, 'web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!);
  const files = [...new Set([...scripts, ...preloads])].map((file) => {
    const body = readFileSync(path.join(dist, file));
    return { file, raw: body.length, gzip: gzipSize(body) };
  });
  return { files: files.length, raw_bytes: sum(files.map((file) => file.raw)), gzip_bytes: sum(files.map((file) => file.gzip)) };
}

async function javascript(baseUrl: string, pages: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const measured: Record<string, unknown> = { entry_bundle: entryBundle(), chromium: browser.version() };
    for (const [name, pagePath] of Object.entries(pages)) measured[name] = { path: pagePath, ...(await pageJavaScript(browser, baseUrl + pagePath)) };
    return measured;
  } finally {
    await browser.close();
  }
}

// DynamoDB: the local gateway tells how many calls each API request made.

async function dynamoCount(baseUrl: string, apiPath: string, token?: string) {
  const call = async () => {
    const response = await fetch(baseUrl + apiPath, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await response.arrayBuffer();
    const count = response.headers.get('x-local-dynamodb-requests');
    const operations = response.headers.get('x-local-dynamodb-operations') ?? '';
    return { status: response.status, requests: count === null ? null : Number(count), operations: operations ? operations.split(',') : [] };
  };
  const first = await call();
  const repeat = await call();
  return { path: apiPath, ...first, requests_on_repeat: repeat.requests };
}

async function dynamodb(baseUrl: string, targets: Targets) {
  const { article, premium, city } = targets;
  const counts: Record<string, unknown> = { home: await dynamoCount(baseUrl, '/api/home') };
  if (city) counts.home_city = await dynamoCount(baseUrl, `/api/home?city=${encodeURIComponent(city)}`);
  if (article) {
    counts.article_by_slug = await dynamoCount(baseUrl, `/api/articles/by-slug/${article.slug}`);
    counts.related = await dynamoCount(baseUrl, `/api/articles/${article.id}/related`);
  }
  if (premium) {
    counts.premium_by_slug_anonymous = await dynamoCount(baseUrl, `/api/articles/by-slug/${premium.slug}`);
    const subscriber = DEMO_ACCOUNTS.find((account) => account.subscriber);
    if (subscriber) {
      const session = await new PortalClient(baseUrl).signIn(subscriber.email, DEMO_PASSWORD);
      counts.premium_by_slug_subscriber = await dynamoCount(baseUrl, `/api/articles/by-slug/${premium.slug}`, session.accessToken);
    }
  }
  return counts;
}

// Lighthouse: default (mobile) config, a fresh Chromium and profile per run, the median of the runs.

async function lighthouseRun(url: string) {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-chrome-'));
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    return {
      scores: Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? NaN) * 100)])),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
    };
  } finally {
    const exited = new Promise((resolve) => (chrome.process.exitCode === null ? chrome.process.once('exit', resolve) : resolve(undefined)));
    chrome.kill();
    await exited;
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

type LighthouseRun = Awaited<ReturnType<typeof lighthouseRun>>;

async function lighthousePage(url: string) {
  const runs: LighthouseRun[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    log(`  lighthouse ${new URL(url).pathname} (${run}/${LIGHTHOUSE_RUNS})`);
    runs.push(await lighthouseRun(url));
  }
  const middle = (pick: (run: LighthouseRun) => number) => median(runs.map(pick).filter(Number.isFinite));
  return {
    runs: runs.length,
    ...Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, middle((run) => run.scores[category] ?? NaN)])),
    lcp_ms: round(middle((run) => run.lcp) ?? NaN),
    tbt_ms: round(middle((run) => run.tbt) ?? NaN),
    cls: round(middle((run) => run.cls) ?? NaN, 3),
    fcp_ms: round(middle((run) => run.fcp) ?? NaN),
    performance_per_run: runs.map((run) => run.scores.performance),
  };
}

async function lighthouseAll(baseUrl: string, pages: Record<string, string>) {
  const measured: Record<string, unknown> = { form_factor: 'mobile (default config, simulated throttling)', median_of: LIGHTHOUSE_RUNS };
  for (const [name, pagePath] of Object.entries(pages)) {
    measured[name] = await measure(`lighthouse ${name}`, async () => ({ path: pagePath, ...(await lighthousePage(baseUrl + pagePath)) }));
  }
  return measured;
}

// Load: autocannon, a warm-up then a bounded run, one endpoint at a time.

async function loadTest(url: string) {
  await autocannon({ url, connections: LOAD.connections, duration: LOAD.warmupSeconds });
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.seconds });
  return {
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests_per_second: round(result.requests.average, 1),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function load(baseUrl: string, targets: Targets) {
  const endpoints: Record<string, string> = { home: '/api/home' };
  if (targets.article) endpoints.article_by_slug = `/api/articles/by-slug/${targets.article.slug}`;
  const measured: Record<string, unknown> = {
    connections: LOAD.connections,
    warmup_seconds: LOAD.warmupSeconds,
    seconds: LOAD.seconds,
    note: `the load generator runs on the same machine and shares its ${availableParallelism()} CPUs with the server`,
  };
  for (const [name, apiPath] of Object.entries(endpoints)) {
    measured[name] = await measure(`load ${name}`, async () => ({ path: apiPath, ...(await loadTest(baseUrl + apiPath)) }));
  }
  return measured;
}

function meta(started: number) {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not a git checkout
  }
  return { node: process.version, date: new Date().toISOString(), commit, cpus: availableParallelism(), bench_seconds: round((Date.now() - started) / 1000, 1) };
}

async function main() {
  const started = Date.now();
  log('starting the local runtime with demo content (builds the web app when it is out of date)...');
  let runtime: TestRuntime;
  try {
    runtime = await startRuntime({ build: true });
  } catch (error) {
    log(`the runtime could not start: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const stopOnSignal = () => void runtime.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const { baseUrl } = runtime;
    log(`runtime ready at ${baseUrl}`);
    const targets = await measure('targets', () => pickTargets(baseUrl));
    const found: Targets = 'error' in targets ? { feedArticles: 0 } : targets;
    const pages: Record<string, string> = { home: '/' };
    if (found.article) pages.article = `/article/${found.article.slug}`;

    const report = {
      targets: 'error' in targets ? targets : describeTargets(found),
      dynamodb: await measure('dynamodb', () => dynamodb(baseUrl, found)),
      javascript: await measure('javascript', () => javascript(baseUrl, pages)),
      lighthouse: await measure('lighthouse', () => lighthouseAll(baseUrl, pages)),
      load: await measure('load', () => load(baseUrl, found)),
    };
    process.stdout.write(`${JSON.stringify({ meta: meta(started), ...report }, null, 2)}\n`);
  } finally {
    log('stopping the runtime...');
    await runtime.stop();
  }
}

await main();
