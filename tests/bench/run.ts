// `npm run bench`: starts its own local runtime with the demo content and prints one JSON report on
// stdout (progress goes to stderr): a summary against the issues' targets, the JavaScript each public
// page runs before any interaction (and what of it arrives before the first paint), the islands' sizes
// in the build, a tap on the phone menu to its next paint (tests/bench/interaction.ts), the DynamoDB
// calls per API request, the rendered pages (uncached render time, cached TTFB, HTML size;
// tests/bench/pages.ts), Lighthouse (mobile) scores and an HTTP load test. The runtime keeps its
// pollers and scheduled jobs running throughout, as it always does; how busy it and the machine were
// is reported beside the browser figures (tests/bench/busy.ts). It reports figures and never fails on
// them; the exit code is 1 only when the runtime cannot start.
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
import { ISLAND_BUDGET_BYTES, islandSizes, PAGE_SCRIPT_BUDGET_BYTES, watchScripts } from '../support/script-budget';
import { analysisQuality, placeQualityBothPaths } from './analysis';
import { watchBusy, type Busy } from './busy';
import { pageStarted, tapToNextPaint } from './interaction';
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
/** The pages whose scripts before the first paint are measured (under throttling, so only these). */
const FIRST_PAINT_PAGES = ['home', 'article', 'author'];
/** The pages where a tap on the header's menu is measured. */
const TAP_PAGES = ['home', 'article'];
/** How long the runtime is watched at rest, before any measurement, to tell what its workers cost. */
const AT_REST_SECONDS = 5;

// What to measure: articles, a city and an author from the home feed.

interface Targets {
  feedArticles: number;
  city?: string;
  /** A public article, one with a city when there is one: the one measured as "article". */
  article?: ArticleCard;
  premium?: ArticleCard;
  /** A word of the measured article's title, for the search page with a query. */
  searchWord?: string;
}

/** The first word of six letters or more in a title, lower case: Pagefind finds the article by it. */
export function searchWordOf(title: string): string | undefined {
  return title
    .toLocaleLowerCase('pt-BR')
    .split(/[^\p{L}]+/u)
    .find((word) => word.length >= 6);
}

async function pickTargets(baseUrl: string): Promise<Targets> {
  const response = await fetch(`${baseUrl}/api/home`);
  if (!response.ok) throw new Error(`GET /api/home answered ${response.status}`);
  const feed = (await response.json()) as HomeFeed;
  const premium = feed.articles.find((article) => article.visibility === 'premium');
  const open = feed.articles.filter((article) => article.visibility === 'public');
  const article = open.find((article) => article.location_path) ?? open[0] ?? premium;
  return { feedArticles: feed.articles.length, city: feed.cities[0]?.location_path, article, premium, searchWord: article && searchWordOf(article.title) };
}

function describeTargets(targets: Targets) {
  const brief = (article?: ArticleCard) =>
    article ? { id: article.id, slug: article.slug, visibility: article.visibility, location_path: article.location_path, author_id: article.author.id } : null;
  return {
    feed_articles: targets.feedArticles,
    city: targets.city ?? null,
    article: brief(targets.article),
    premium_article: brief(targets.premium),
    search_word: targets.searchWord ?? null,
  };
}

/**
 * The public pages: for the browser measurements the budget table's (home, free and premium article,
 * author, events, /busca without and with a query); the articles under both addresses and the city
 * home for the rendered-page figures.
 */
function pagePaths({ article, premium, city, searchWord }: Targets) {
  const browser: Record<string, string> = { home: '/' };
  if (article) browser.article = `/article/${article.slug}`;
  if (premium) browser.premium_article = `/article/${premium.slug}`;
  if (article) browser.author = `/author/${encodeURIComponent(article.author.id)}`;
  browser.events = '/events';
  browser.search = '/busca';
  browser.search_query = `/busca?q=${encodeURIComponent(searchWord ?? 'cidade')}`;
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

/**
 * What an anonymous reader's browser runs before any interaction: the page opened, its islands (or
 * app) started, the network idle; every same-origin script file it downloaded and its inline scripts,
 * gzip (counted as tests/e2e/26-script-budget.spec.ts counts them).
 */
async function pageJavaScript(browser: Browser, baseUrl: string, pagePath: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = watchScripts(page, baseUrl);
  try {
    const document = await page.goto(baseUrl + pagePath, { waitUntil: 'load', timeout: 60_000 });
    const started = await pageStarted(page);
    await page.waitForLoadState('networkidle');
    const measured = await scripts.collect();
    // On the search page with a query: the count the page shows, to tell that the search ran.
    const results = pagePath.includes('?q=') ? ((await page.locator('body').innerText()).match(/[\d.]+ resultados?\b|Nenhum resultado[^\n]*/)?.[0] ?? null) : undefined;
    return {
      document_title: await page.title(),
      started,
      ...(results === undefined ? {} : { search_results: results }),
      count: measured.files.length,
      raw_bytes: sum(measured.files.map((file) => file.raw_bytes)),
      gzip_bytes: measured.gzip_bytes,
      inline_gzip_bytes: measured.inline.gzip_bytes,
      app_entry_requested: measured.app_entry_requested,
      third_party: measured.third_party,
      files: measured.files.map(({ file, gzip_bytes }) => ({ file, gzip: gzip_bytes })),
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
  before_first_paint_gzip_bytes?: number | null;
  before_first_paint?: FirstPaint | Failure;
};

async function javascriptAll(baseUrl: string, pages: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const measured: Record<string, PageJavaScript | Failure> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      measured[name] = await measure(`javascript ${name}`, async () => {
        const loaded = await pageJavaScript(browser, baseUrl, pagePath);
        if (!FIRST_PAINT_PAGES.includes(name)) return { path: pagePath, ...loaded };
        const firstPaint = await measure(`javascript ${name} before first paint`, () => beforeFirstPaint(browser, baseUrl + pagePath));
        return { path: pagePath, ...loaded, before_first_paint_gzip_bytes: failed(firstPaint) ? null : firstPaint.gzip_bytes, before_first_paint: firstPaint };
      });
    }
    return {
      note: 'gzip at zlib\'s default level, as `npm run build` prints it; same-origin script files and inline scripts, once the islands (or the app) started and the network was idle',
      entry_bundle: entryBundle(),
      chromium: browser.version(),
      pages: measured,
    };
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
    log(`  lighthouse ${new URL(url).pathname}${new URL(url).search} (${run}/${LIGHTHOUSE_RUNS})`);
    runs.push(await lighthouseRun(url, CHROMIUM));
  }
  const middle = (pick: (run: LighthouseRun) => number) => median(runs.map(pick).filter(Number.isFinite));
  const range = (pick: (run: LighthouseRun) => number) => {
    const values = runs.map(pick).filter(Number.isFinite);
    return values.length ? [round(Math.min(...values)), round(Math.max(...values))] : null;
  };
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, middle((run) => run.scores[category] ?? NaN)]));
  return {
    runs: runs.length,
    ...(scores as Record<(typeof LIGHTHOUSE_CATEGORIES)[number], number | null>),
    lcp_ms: round(middle((run) => run.lcp) ?? NaN),
    tbt_ms: round(middle((run) => run.tbt) ?? NaN),
    cls: round(middle((run) => run.cls) ?? NaN, 3),
    fcp_ms: round(middle((run) => run.fcp) ?? NaN),
    performance_per_run: runs.map((run) => run.scores.performance),
    lcp_element: runs.find((run) => round(run.lcp) === round(middle((each) => each.lcp) ?? NaN))?.lcpElement ?? runs[0]?.lcpElement ?? null,
    performance_range: range((run) => run.scores.performance ?? NaN),
    tbt_ms_range: range((run) => run.tbt),
    lcp_ms_range: range((run) => run.lcp),
  };
}

type LighthousePage = { path: string } & Awaited<ReturnType<typeof lighthousePage>>;

async function lighthouseAll(baseUrl: string, pages: Record<string, string>, runtimeGroup: number) {
  const measured: Record<string, LighthousePage | Failure> = {};
  const busy = watchBusy(runtimeGroup);
  for (const [name, pagePath] of Object.entries(pages)) {
    measured[name] = await measure(`lighthouse ${name}`, async () => ({ path: pagePath, ...(await lighthousePage(baseUrl + pagePath)) }));
  }
  return { form_factor: 'mobile (default config, simulated throttling)', median_of: LIGHTHOUSE_RUNS, busy: busy.stop(), pages: measured };
}

// The tap on the phone menu, per page (tests/bench/interaction.ts).

async function interactionAll(baseUrl: string, pages: Record<string, string>, runtimeGroup: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const busy = watchBusy(runtimeGroup);
  try {
    const measured: Record<string, ({ path: string } & Awaited<ReturnType<typeof tapToNextPaint>>) | Failure> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      measured[name] = await measure(`tap ${name}`, async () => ({ path: pagePath, ...(await tapToNextPaint(browser, baseUrl + pagePath)) }));
    }
    return { busy: busy.stop(), pages: measured };
  } finally {
    await browser.close();
  }
}

/** The islands in the build the runtime serves: each with what it imports beyond the islands' entry. */
function islands() {
  const { entry, islands: each } = islandSizes(path.join(ROOT, 'web/dist'));
  return {
    note: 'gzip of each island\'s chunk plus the chunks it imports that the islands\' entry does not already load (as tests/build/script-budget.test.ts counts), largest first; with_lazy_gzip_bytes adds what it loads later with import()',
    entry,
    islands: each,
  };
}

// Summary: the table, row by row, the median figures beside their targets.

type Figure = number | null;

/**
 * A row: its target, the medians (per page), and whether every one of them reached the target (null
 * when one is missing); `more` adds fields beside them (the range of the runs, what a figure means).
 */
function row(target: string | null, medians: Record<string, Figure | Record<string, Figure>>, meets?: (value: number) => boolean, unit?: string, more: Record<string, unknown> = {}) {
  const values = Object.values(medians).flatMap((value) => (value !== null && typeof value === 'object' ? Object.values(value) : [value]));
  const complete = values.length > 0 && values.every((value) => value !== null && Number.isFinite(value));
  return { target, ...(unit ? { unit } : {}), median: medians, ...more, met: meets && complete ? values.every((value) => meets(value!)) : null };
}

type Section<T> = { pages: Record<string, T | Failure> } | Failure;

/** The budget table of the issue "Readers' pages without the app", then the earlier targets still held. */
function summary(
  lighthouse: Awaited<ReturnType<typeof lighthouseAll>> | Failure,
  javascript: Awaited<ReturnType<typeof javascriptAll>> | Failure,
  pages: RenderedPages | Failure,
  built: ReturnType<typeof islands> | Failure,
  taps: Awaited<ReturnType<typeof interactionAll>> | Failure,
) {
  const found = <T extends object>(section: Section<T>, name: string) => {
    const page = failed(section) ? undefined : section.pages[name];
    return page && !failed(page) ? page : undefined;
  };
  const each = <T extends object, F>(section: Section<T>, names: string[], pick: (page: T) => F) =>
    Object.fromEntries(names.map((name) => [name, ((page) => (page ? pick(page) : null))(found(section, name))]));
  const kilobytes = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? null : round(bytes / 1000, 2));
  const allPages = failed(lighthouse) ? [] : Object.keys(lighthouse.pages);
  const scorePages = allPages.filter((name) => name !== 'search_query');
  const articlePages = ['article', 'premium_article'].filter((name) => allPages.includes(name));
  const firstPaintPages = FIRST_PAINT_PAGES.filter((name) => allPages.includes(name));
  // /busca is noindex on purpose: its SEO score is left out.
  const scores = (page: LighthousePage) => ({
    ...(page.path.startsWith('/busca') ? {} : { seo: page.seo ?? null }),
    accessibility: page.accessibility ?? null,
    best_practices: page['best-practices'] ?? null,
  });
  const renderedNames = failed(pages) ? [] : Object.keys(pages.pages);
  const largest = failed(built) ? undefined : built.islands[0];
  return {
    [`Lighthouse mobile performance, median of ${LIGHTHOUSE_RUNS} (${scorePages.join(' / ')})`]: row(
      '>= 98 each',
      each(lighthouse, scorePages, (page: LighthousePage) => page.performance ?? null),
      (value) => value >= 98,
      undefined,
      { range: each(lighthouse, scorePages, (page: LighthousePage) => page.performance_range) },
    ),
    [`Lighthouse mobile performance, median of ${LIGHTHOUSE_RUNS}, /busca with a query`]: row(
      '>= 95',
      each(lighthouse, ['search_query'], (page: LighthousePage) => page.performance ?? null),
      (value) => value >= 95,
      undefined,
      {
        range: each(lighthouse, ['search_query'], (page: LighthousePage) => page.performance_range),
        // What the page showed once started (null: no result count, so the search did not run).
        results_shown: each(javascript, ['search_query'], (page: PageJavaScript) => page.search_results ?? null),
      },
    ),
    'Total Blocking Time in those runs': row('<= 50 ms', each(lighthouse, allPages, (page: LighthousePage) => page.tbt_ms), (value) => value <= 50, 'ms', {
      range: each(lighthouse, allPages, (page: LighthousePage) => page.tbt_ms_range),
    }),
    LCP: row('<= 1.2 s', each(lighthouse, allPages, (page: LighthousePage) => page.lcp_ms), (value) => value <= 1200, 'ms', {
      range: each(lighthouse, allPages, (page: LighthousePage) => page.lcp_ms_range),
    }),
    'How busy the machine was during the Lighthouse runs (the runtime keeps its pollers and scheduled jobs running)': failed(lighthouse) ? null : lighthouse.busy,
    'JavaScript an anonymous article page downloads and runs before any interaction (gzip, first-party)': row(
      `<= ${PAGE_SCRIPT_BUDGET_BYTES / 1000} kB`,
      each(javascript, articlePages, (page: PageJavaScript) => kilobytes(page.gzip_bytes)),
      (value) => value <= PAGE_SCRIPT_BUDGET_BYTES / 1000,
      'kB (1,000 bytes): same-origin script files and inline scripts, one load, once started and idle',
      { app_entry_requested: each(javascript, articlePages, (page: PageJavaScript) => page.app_entry_requested) },
    ),
    'Script gzip per page, before any interaction': row(null, each(javascript, allPages, (page: PageJavaScript) => kilobytes(page.gzip_bytes)), undefined, 'kB (1,000 bytes)', {
      started: each(javascript, allPages, (page: PageJavaScript) => page.started),
    }),
    'Largest island (gzip, with what it imports beyond the islands\' entry)': row(
      `<= ${ISLAND_BUDGET_BYTES / 1000} kB`,
      largest ? { [largest.name]: kilobytes(largest.gzip_bytes) } : {},
      (value) => value <= ISLAND_BUDGET_BYTES / 1000,
      'kB (1,000 bytes)',
      failed(built)
        ? { error: built.error }
        : {
            islands: built.islands.length,
            entry_kb: kilobytes(built.entry.gzip_bytes),
            // Not held to the budget: what an island fetches later with import(), on first use or only for a reader with a session.
            with_lazy_chunks_kb: Object.fromEntries(built.islands.map((island) => [island.name, kilobytes(island.with_lazy_gzip_bytes)])),
          },
    ),
    'Tap on the header menu -> next paint, 4x CPU slowdown (Event Timing), 390 px': row(
      '<= 100 ms',
      each(taps, TAP_PAGES, (page: Awaited<ReturnType<typeof tapToNextPaint>>) => page.latency_ms),
      (value) => value <= 100,
      'ms',
      { per_run: each(taps, TAP_PAGES, (page: Awaited<ReturnType<typeof tapToNextPaint>>) => page.latency_ms_per_run), menu_opened: each(taps, TAP_PAGES, (page: Awaited<ReturnType<typeof tapToNextPaint>>) => page.opened_every_run) },
    ),
    CLS: row('<= 0.05', each(lighthouse, allPages, (page: LighthousePage) => page.cls), (value) => value <= 0.05),
    'JavaScript before first paint of a public page (gzip)': row(
      '<= 70 KB',
      each(javascript, firstPaintPages, (page: PageJavaScript) =>
        page.before_first_paint_gzip_bytes === null || page.before_first_paint_gzip_bytes === undefined ? null : round(page.before_first_paint_gzip_bytes / 1024, 1),
      ),
      (value) => value <= 70,
      'KB (1,024 bytes), under slow 4G and 4x CPU',
    ),
    'Lighthouse SEO / accessibility / best practices': row('100', each(lighthouse, scorePages, scores), (value) => value === 100),
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
    // Seeding the demo content (covers, search index) takes minutes on a busy machine.
    runtime = await startRuntime({ build: true, startTimeoutMs: 360_000 });
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

    // What the runtime's own workers cost with nobody browsing, and what else the machine was doing.
    const atRest = watchBusy(runtime.pid);
    await new Promise((resolve) => setTimeout(resolve, AT_REST_SECONDS * 1000));
    const busyAtRest: Busy = atRest.stop();
    const built = await measure('islands', async () => islands());
    const dynamo = await measure('dynamodb', () => dynamodb(baseUrl, found));
    const pages = await measure('pages', () => renderedPages(baseUrl, runtime.ports.gateway, rendered));
    const javascript = await measure('javascript', () => javascriptAll(baseUrl, browser));
    const tapPages = Object.fromEntries(TAP_PAGES.filter((name) => browser[name]).map((name) => [name, browser[name]!]));
    const taps = await measure('tap', () => interactionAll(baseUrl, tapPages, runtime.pid));
    const lighthouse = await measure('lighthouse', () => lighthouseAll(baseUrl, browser, runtime.pid));
    const loaded = await measure('load', () => load(baseUrl, api, html));
    // The offline analyzer on the labelled texts of tests/fixtures/analysis (no runtime needed).
    const analysis = await measure('analysis', async () => ({ ...(await analysisQuality()), places: await placeQualityBothPaths() }));
    // Figures taken after the runtime died are errors, not measurements: say so, with its last words.
    const ended = runtime.ended();
    if (ended) log(`the runtime ended during the bench (code ${ended.code}, signal ${ended.signal}):\n${ended.output}`);
    const report = {
      summary: summary(lighthouse, javascript, pages, built, taps),
      meta: { ...meta(started), busy_at_rest: busyAtRest, runtime_ended_during_bench: ended },
      targets: failed(targets) ? targets : describeTargets(found),
      dynamodb: dynamo,
      pages: flatten(pages),
      javascript: flatten(javascript),
      islands: built,
      tap_to_next_paint: flatten(taps),
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
