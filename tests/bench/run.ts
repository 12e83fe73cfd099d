// `npm run bench`: starts its own local runtime with the demo content and prints one JSON report on
// stdout (progress goes to stderr): a summary against the targets, the JavaScript each public
// page loads (and what of it arrives before the first paint), the DynamoDB calls per API request,
// the rendered pages (uncached render time, cached TTFB, HTML size; tests/bench/pages.ts), Lighthouse
// (mobile) scores and an HTTP load test. It reports figures and never fails on them; the exit code is
// 1 only when the runtime cannot start.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import type { ArticleCard, HomeFeed } from '../../shared/api-types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../infra/local/seed';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';
import { ensureChromium } from '../support/debian-tools';
import { PortalClient } from '../support/api';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { analysisQuality, placeQualityBothPaths } from './analysis';
import { load, renderedPages, type RenderedPages } from './pages';
import { failed, gzipSize, log, measure, median, round, sum, type Failure } from './util';
import { LIGHTHOUSE_CATEGORIES, lighthouseRun } from './lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = ensureChromium() ?? process.exit(1);
const LIGHTHOUSE_RUNS = 3;
/** Lighthouse's mobile slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and 4x CPU slowdown, applied through CDP. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const FIRST_PAINT_RUNS = 3;

// What to measure: articles, a city and an author from the home feed.

interface Targets {
  feedArticles: number;
  city?: string;
  /** A public article, one with a city when there is one: the one measured as "article". */
  article?: ArticleCard;
  premium?: ArticleCard;
}

async function pickTargets(baseUrl: string): Promise<Targets> {
  const response = await fetch(`${baseUrl}/api/home`);
  if (!response.ok) throw new Error(`GET /api/home answered ${response.status}`);
  const feed = (await response.json()) as HomeFeed;
  const premium = feed.articles.find((article) => article.visibility === 'premium');
  const open = feed.articles.filter((article) => article.visibility === 'public');
  const article = open.find((article) => article.location_path) ?? open[0] ?? premium;
  return { feedArticles: feed.articles.length, city: feed.cities[0]?.location_path, article, premium };
}

function describeTargets(targets: Targets) {
  const brief = (article?: ArticleCard) =>
    article ? { id: article.id, slug: article.slug, visibility: article.visibility, location_path: article.location_path, author_id: article.author.id } : null;
  return { feed_articles: targets.feedArticles, city: targets.city ?? null, article: brief(targets.article), premium_article: brief(targets.premium) };
}

/** The public pages: home, article and author for the browser measurements; all of them for the rendered-page figures. */
function pagePaths({ article, premium, city }: Targets) {
  const browser: Record<string, string> = { home: '/' };
  if (article) {
    browser.article = `/article/${article.slug}`;
    browser.author = `/author/${encodeURIComponent(article.author.id)}`;
  }
  const rendered: Record<string, string> = { home: '/' };
  if (city) rendered.home_city = `/?city=${encodeURIComponent(city)}`;
  if (article) rendered.article = `/article/${article.slug}`;
  if (article?.location_path) rendered.article_city = `/${article.location_path}/${article.slug}`;
  if (premium) rendered.premium_article = `/article/${premium.slug}`;
  if (browser.author) rendered.author = browser.author;
  return { browser, rendered };
}

// JavaScript: what each page loads, what of it blocks or precedes the first paint, and the entry
// bundle of the build.

/** Classic `<script src>` in the served `<head>` without async or defer: the parser waits for them (module scripts are deferred). */
function renderBlockingScripts(html: string) {
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const tags = [...head.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  const blocking = tags.filter((tag) => /\ssrc\s*=/i.test(tag) && !/\s(async|defer)\b/i.test(tag) && !/\stype\s*=\s*["']?module\b/i.test(tag));
  const files = blocking.map((tag) => /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? tag);
  return { count: files.length, files };
}

async function pageJavaScript(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<{ file: string; raw: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.body().then((body) => ({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) })));
  });
  try {
    const document = await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    return {
      document_title: await page.title(),
      count: files.length,
      raw_bytes: sum(files.map((file) => file.raw)),
      gzip_bytes: sum(files.map((file) => file.gzip)),
      files: files.map(({ file, gzip }) => ({ file, gzip })),
      render_blocking_scripts: document ? renderBlockingScripts(await document.text()) : null,
    };
  } finally {
    await context.close();
  }
}

/**
 * One throttled load: the scripts (initiator 'script', or a .js preloaded through a <link>)
 * whose responseEnd comes before first-contentful-paint, by the page's own Performance API; their
 * gzip size is measured on the files as served.
 */
async function firstPaintRun(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 60_000 });
    const { fcp, resources } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name: entry.name,
        initiatorType: entry.initiatorType,
        responseEnd: entry.responseEnd,
      })),
    }));
    // Chromium names a modulepreload's fetch 'other', a <link rel=preload as=script> 'link'.
    const scripts = resources.filter(
      (entry) => entry.initiatorType === 'script' || (['link', 'other'].includes(entry.initiatorType) && /\.m?js$/.test(new URL(entry.name).pathname)),
    );
    const early = [...new Map(scripts.filter((entry) => entry.responseEnd > 0 && entry.responseEnd <= fcp).map((entry) => [entry.name, entry])).values()];
    const files = await Promise.all(
      early.map(async (entry) => {
        const body = Buffer.from(await (await fetch(entry.name)).arrayBuffer());
        return { file: new URL(entry.name).pathname, gzip: gzipSize(body), response_end_ms: round(entry.responseEnd) };
      }),
    );
    return { fcp_ms: round(fcp), gzip_bytes: sum(files.map((file) => file.gzip)), files, scripts_after_fcp: new Set(scripts.map((entry) => entry.name)).size - early.length };
  } finally {
    await context.close();
  }
}

async function beforeFirstPaint(browser: Browser, url: string) {
  const runs: Awaited<ReturnType<typeof firstPaintRun>>[] = [];
  for (let run = 0; run < FIRST_PAINT_RUNS; run++) runs.push(await firstPaintRun(browser, url));
  const middle = runs.find((run) => run.gzip_bytes === median(runs.map((each) => each.gzip_bytes))) ?? runs[0]!;
  return {
    throttling: 'slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) and 4x CPU slowdown through CDP',
    median_of: runs.length,
    gzip_bytes: median(runs.map((run) => run.gzip_bytes)),
    gzip_bytes_per_run: runs.map((run) => run.gzip_bytes),
    fcp_ms: median(runs.map((run) => run.fcp_ms)),
    files: middle.files,
    scripts_after_fcp: middle.scripts_after_fcp,
  };
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

type FirstPaint = Awaited<ReturnType<typeof beforeFirstPaint>>;
type PageJavaScript = { path: string } & Awaited<ReturnType<typeof pageJavaScript>> & {
  before_first_paint_gzip_bytes: number | null;
  before_first_paint: FirstPaint | Failure;
};

async function javascriptAll(baseUrl: string, pages: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const measured: Record<string, PageJavaScript | Failure> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      measured[name] = await measure(`javascript ${name}`, async () => {
        const loaded = await pageJavaScript(browser, baseUrl + pagePath);
        const firstPaint = await measure(`javascript ${name} before first paint`, () => beforeFirstPaint(browser, baseUrl + pagePath));
        return { path: pagePath, ...loaded, before_first_paint_gzip_bytes: failed(firstPaint) ? null : firstPaint.gzip_bytes, before_first_paint: firstPaint };
      });
    }
    return { entry_bundle: entryBundle(), chromium: browser.version(), pages: measured };
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

type LighthouseRun = Awaited<ReturnType<typeof lighthouseRun>>;

async function lighthousePage(url: string) {
  const runs: LighthouseRun[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    log(`  lighthouse ${new URL(url).pathname} (${run}/${LIGHTHOUSE_RUNS})`);
    runs.push(await lighthouseRun(url, CHROMIUM));
  }
  const middle = (pick: (run: LighthouseRun) => number) => median(runs.map(pick).filter(Number.isFinite));
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, middle((run) => run.scores[category] ?? NaN)]));
  return {
    runs: runs.length,
    ...(scores as Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number | null>),
    lcp_ms: round(middle((run) => run.lcp) ?? NaN),
    tbt_ms: round(middle((run) => run.tbt) ?? NaN),
    cls: round(middle((run) => run.cls) ?? NaN, 3),
    fcp_ms: round(middle((run) => run.fcp) ?? NaN),
    performance_per_run: runs.map((run) => run.scores.performance),
  };
}

type LighthousePage = { path: string } & Awaited<ReturnType<typeof lighthousePage>>;

async function lighthouseAll(baseUrl: string, pages: Record<string, string>) {
  const measured: Record<string, LighthousePage | Failure> = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    measured[name] = await measure(`lighthouse ${name}`, async () => ({ path: pagePath, ...(await lighthousePage(baseUrl + pagePath)) }));
  }
  return { form_factor: 'mobile (default config, simulated throttling)', median_of: LIGHTHOUSE_RUNS, pages: measured };
}

// Summary: the table, row by row, the median figures beside their targets.

type Figure = number | null;

/** A row: its target, the medians (per page), and whether every one of them reached the target (null when one is missing). */
function row(target: string | null, medians: Record<string, Figure | Record<string, Figure>>, meets?: (value: number) => boolean, unit?: string) {
  const values = Object.values(medians).flatMap((value) => (value !== null && typeof value === 'object' ? Object.values(value) : [value]));
  const complete = values.length > 0 && values.every((value) => value !== null && Number.isFinite(value));
  return { target, ...(unit ? { unit } : {}), median: medians, met: meets && complete ? values.every((value) => meets(value!)) : null };
}

function summary(lighthouse: Awaited<ReturnType<typeof lighthouseAll>> | Failure, javascript: Awaited<ReturnType<typeof javascriptAll>> | Failure, pages: RenderedPages | Failure) {
  const found = <T extends object>(section: { pages: Record<string, T | Failure> } | Failure, name: string) => {
    const page = failed(section) ? undefined : section.pages[name];
    return page && !failed(page) ? page : undefined;
  };
  const each = <T extends object, F>(section: { pages: Record<string, T | Failure> } | Failure, names: string[], pick: (page: T) => F) =>
    Object.fromEntries(names.map((name) => [name, ((page) => (page ? pick(page) : null))(found(section, name))]));
  const browserPages = ['home', 'article', 'author'];
  const scores = (page: LighthousePage) => ({ seo: page.seo ?? null, accessibility: page.accessibility ?? null, best_practices: page['best-practices'] ?? null });
  const renderedNames = failed(pages) ? [] : Object.keys(pages.pages);
  return {
    'Lighthouse mobile performance (home / article / author)': row('>= 95', each(lighthouse, browserPages, (page) => page.performance ?? null), (value) => value >= 95),
    LCP: row('<= 1.5 s', each(lighthouse, browserPages, (page) => page.lcp_ms), (value) => value <= 1500, 'ms'),
    CLS: row('<= 0.05', each(lighthouse, browserPages, (page) => page.cls), (value) => value <= 0.05),
    TBT: row('<= 100 ms', each(lighthouse, browserPages, (page) => page.tbt_ms), (value) => value <= 100, 'ms'),
    'JavaScript before first paint of a public page (gzip)': row(
      '<= 70 KB',
      each(javascript, browserPages, (page) => (page.before_first_paint_gzip_bytes === null ? null : round(page.before_first_paint_gzip_bytes / 1024, 1))),
      (value) => value <= 70,
      'KB (1,024 bytes), under slow 4G and 4x CPU',
    ),
    'Lighthouse SEO / accessibility / best practices': row(
      '100',
      each(lighthouse, browserPages, scores),
      (value) => value === 100,
    ),
    'Server render time of an article page, uncached': row(
      '<= 50 ms median, locally',
      each(pages, ['article', 'article_city'], (page) => page.uncached.render_ms.median),
      (value) => value <= 50,
      'ms',
    ),
    'TTFB of a cached page, locally': row(null, each(pages, renderedNames, (page) => page.cached.ttfb_ms.median), undefined, 'ms (no target figure given)'),
  };
}

/** A section measured per page, printed with its pages beside its other fields. */
function flatten<T extends { pages: object }>(section: T | Failure) {
  if (failed(section)) return section;
  const { pages, ...rest } = section;
  return { ...rest, ...pages };
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
    const found: Targets = failed(targets) ? { feedArticles: 0 } : targets;
    const { browser, rendered } = pagePaths(found);
    const api: Record<string, string> = { home: '/api/home' };
    if (found.article) api.article_by_slug = `/api/articles/by-slug/${found.article.slug}`;
    const html: Record<string, string> = { home_html: '/' };
    if (browser.article) html.article_html = browser.article;

    const dynamo = await measure('dynamodb', () => dynamodb(baseUrl, found));
    const pages = await measure('pages', () => renderedPages(baseUrl, runtime.ports.gateway, rendered));
    const javascript = await measure('javascript', () => javascriptAll(baseUrl, browser));
    const lighthouse = await measure('lighthouse', () => lighthouseAll(baseUrl, browser));
    const loaded = await measure('load', () => load(baseUrl, api, html));
    // The offline analyzer on the labelled texts of tests/fixtures/analysis (no runtime needed).
    const analysis = await measure('analysis', async () => ({ ...(await analysisQuality()), places: await placeQualityBothPaths() }));
    const report = {
      summary: summary(lighthouse, javascript, pages),
      meta: meta(started),
      targets: failed(targets) ? targets : describeTargets(found),
      dynamodb: dynamo,
      pages: flatten(pages),
      javascript: flatten(javascript),
      lighthouse: flatten(lighthouse),
      load: loaded,
      analysis,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    log('stopping the runtime...');
    await runtime.stop();
  }
}

await main();
