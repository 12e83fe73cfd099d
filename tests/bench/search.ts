// `npm run bench:search`: the search indexes (lambdas/search) against the figures, printed as one
// JSON report on stdout (progress goes to stderr), each figure beside its goal in `summary`. It reports
// figures and never fails on them.
// - Builds: the demo articles, then 50,000 articles made from the import sample (tests/bench/import-sample.ts
//   through the importer's mapRow, each with a city, ~10% premium, dated 2014 to 2026), split as the
//   worker splits them (the recent index, one per archive year), each index through buildIndex one after
//   the other as a full build runs them: time, pages, files, bytes and peak RSS (Pagefind's indexer
//   process and this one). Then the rebuild after one publication: the current month's index again with
//   one article more, and how many of its files a rebuild puts (those not put in the last 7 days); and
//   the daily job's rebuild of the recent index.
// - Relevance: the labelled queries of tests/bench/search-queries.ts on the demo index, precision of the
//   first page as Pagefind answers and as the page shows it (near spellings left out).
// - First query: the 50k files served on loopback as CloudFront serves them (.js gzipped, the already
//   compressed index files as they are) to a bare page in Chromium that imports pagefind.js, searches and
//   reads 10 results' data; the bytes sent, by kind, counted by the server (so the worker's fetches count too).
// - Typing to results, warm: on the bare page (the engine alone, the query as one input event) and on /busca of
//   an empty local runtime whose site bucket holds the 50k index: from the last keystroke to the painted
//   frame showing the result cards, timed in the page (BENCH_SEARCH=typing: this alone, recent part only).
// - Lighthouse (mobile, as `npm run bench` runs it) of /busca and /busca?q=… on that runtime.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_ARTICLES } from '../../infra/local/demo-articles';
import { random } from '../../infra/local/demo-covers';
import type { PublishedArticle } from '../../lambdas/articles/public';
import { mapRow } from '../../lambdas/imports/mapping';
import { sanitizeArticleHtml } from '../../lambdas/articles/public';
import { buildIndex, ENTRY_FILE, type BuiltIndex } from '../../lambdas/search/build';
import { facetsFile, facetsOf, filesToPut, indexesFile, indexesOf } from '../../lambdas/search/pagefind-provider';
import { recentSince, SEARCH_MONTH_INDEX, SEARCH_RECENT_INDEX } from '../../shared/search';
import { pageOf } from '../../web/src/features/search/lib/pagefind';
import { pagefindAt, serveFiles } from '../support/pagefind';
import { SEARCH_QUERIES } from './search-queries';
import { articleDocument, type IndexedArticle } from '../../lambdas/search/documents';
import { publicArticlePath, slugify } from '../../shared/article-rules';
import { cityByCode, cityLabel, type City } from '../../shared/cities';
import { SEARCH_FILTERS, SEARCH_PAGE_PATH, SEARCH_PAGE_SIZE } from '../../shared/search';
import { CHROMIUM_FLAGS } from '../e2e/playwright.config';
import { ensureChromium } from '../support/debian-tools';
import { startRuntime, type TestRuntime } from '../support/runtime';
import { sampleRows } from './import-sample';
import { failed, log, measure, median, round, spread, sum, type Failure } from './util';
import { lighthouseRun } from './lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = ensureChromium() ?? process.exit(1);
const ARTICLES = 50_000;
const SEED = 7;
const PREMIUM_SHARE = 0.1;
/**
 * The sample's last day (tests/bench/import-sample.ts dates rows up to 2026-10-31), at the month's end:
 * the current month's index at its fullest (a month of articles), the recent index a full 12 months.
 */
const NOW = new Date(process.env.BENCH_SEARCH_NOW ?? '2026-10-30T21:00:00.000Z');
const GOALS = { firstQueryKB: 300, typingMs: 200, lighthouse: 95, rebuildSeconds: 10, peakGB: 3, precision: 0.9 } as const;
const LIGHTHOUSE_RUNS = 3;
/** Queries typed after the warm-up one; every one finds articles in the sample (its words come from the demo texts). */
const TYPED = ['prefeitura', 'ônibus', 'frevo', 'guaíba', 'feirantes', 'startups', 'clínica', 'futebol', 'turismo', 'leitura', 'hospital', 'corredor'];
const WARM_UP = 'bairro';
/** S3 takes a few dozen PUTs at once from one client; s3rver is slower than that anyway. */
const PARALLEL_PUTS = 16;

// ~30 cities by IBGE code (capitals and large towns): labels and paths as the portal makes them.
const CITY_CODES = [
  '3550308', '3304557', '3106200', '2927408', '2304400', '4106902', '4314902', '1302603', '3509502', '2611606',
  '5300108', '5208707', '1501402', '2111300', '2704302', '2408102', '2211001', '2507507', '2800308', '4205407',
  '3205309', '5103403', '5002704', '1100205', '1721000', '3548500', '3543402', '4113700', '4209102', '3170206',
];
const CITIES = CITY_CODES.map((code) => cityByCode(code)).filter((city): city is City => Boolean(city));

// Documents: what rebuild.ts hands to buildIndex (its table read aside).

function demoDocuments(): IndexedArticle[] {
  const day = 24 * 3600 * 1000;
  return DEMO_ARTICLES.flatMap((demo, index) => {
    const city = cityByCode(demo.city_code);
    if (demo.status !== 'published' || !city) return [];
    const published = new Date(NOW.getTime() - demo.days_ago * day - (index % 5) * 3600 * 1000).toISOString();
    const slug = slugify(demo.title);
    const article: PublishedArticle = {
      id: String(index),
      slug,
      title: demo.title,
      summary: demo.summary,
      visibility: demo.visibility,
      author_id: demo.author,
      tags: demo.tags,
      location_path: city.path,
      cities: [city.path],
      published_at: published,
      updated_at: published,
      // publishedArticles never reads a premium body.
      body: demo.visibility === 'premium' ? undefined : sanitizeArticleHtml(demo.content),
    };
    return [articleDocument(article, cityLabel(city), publicArticlePath(city.path, slug), NOW)];
  });
}

/** 50,000 articles from the import sample (no broken rows), each with a city and ~10% premium; the texts too, for picking a rare word. */
function sampleDocuments(count: number) {
  const next = random(SEED + 1);
  // A few rows may still break a rule the sample does not aim at: some spare.
  const { rows } = sampleRows(Math.ceil(count * 1.02), 0, SEED);
  const slugs = new Set<string>();
  const documents: IndexedArticle[] = [];
  const texts: string[] = [];
  const places: { city: string; tags: string[] }[] = [];
  let premium = 0;
  for (const row of rows) {
    if (documents.length === count) break;
    const mapped = mapRow(row, NOW);
    if (!mapped.ok) continue;
    const { fields, publishedAt, recordId } = mapped.article;
    // The importer keeps slugs unique the same way (a taken one gets a suffix).
    const slug = slugs.has(fields.slug) ? `${fields.slug}-${recordId}` : fields.slug;
    slugs.add(slug);
    const city = CITIES[Math.floor(next() * CITIES.length)]!;
    const visibility = next() < PREMIUM_SHARE ? 'premium' : 'public';
    if (visibility === 'premium') premium += 1;
    const article: PublishedArticle = {
      id: recordId,
      slug,
      title: fields.title,
      summary: fields.summary,
      visibility,
      author_id: 'importado',
      tags: fields.tags,
      location_path: city.path,
      cities: [city.path],
      published_at: publishedAt,
      updated_at: publishedAt,
      body: visibility === 'premium' ? undefined : fields.content,
    };
    documents.push(articleDocument(article, cityLabel(city), publicArticlePath(city.path, slug), NOW));
    places.push({ city: cityLabel(city), tags: fields.tags });
    texts.push(`${fields.title} ${fields.summary} ${fields.tags.join(' ')} ${visibility === 'premium' ? '' : fields.content.replace(/<[^>]+>/g, ' ')}`);
  }
  if (documents.length < count) throw new Error(`only ${documents.length} of ${count} sample rows mapped to articles`);
  return { documents, texts, premium, facets: facetsOf(places) };
}

// Lower case with its accents: the query typed is the word as written.
const fold = (text: string) => text.toLowerCase();

/** How many texts hold each word of 6+ letters (folded): to pick the rarest and to tell how common the queries are. */
function documentFrequency(texts: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const word of new Set(fold(text).match(/\p{L}{6,}/gu) ?? [])) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Every index of a full build, one after the other (as pagefind-provider.ts runs them): the recent one first, then the years, newest first. */
async function buildSplit(documents: IndexedArticle[]) {
  const groups = new Map<string, IndexedArticle[]>();
  for (const doc of documents) groups.set(doc.index, [...(groups.get(doc.index) ?? []), doc]);
  const order = [...groups.keys()].sort((a, b) => Number(b === SEARCH_RECENT_INDEX) - Number(a === SEARCH_RECENT_INDEX) || b.localeCompare(a));
  const builds: BuiltIndex[] = [];
  const indexes: { name: string; pages: number; seconds: number; files: number; kb: number }[] = [];
  for (const name of order) {
    const started = performance.now();
    const built = await buildIndex(groups.get(name)!, { name });
    builds.push(built);
    indexes.push({ name, pages: built.pages, seconds: round((performance.now() - started) / 1000, 2), files: built.files.length, kb: round(built.bytes / 1024) });
  }
  // The entries of every index last, the recent one's at the very end (the runtime's check reads it).
  const entries = builds.map((built) => built.files.at(-1)!);
  const recentEntry = entries.find((file) => file.key === `pagefind/${SEARCH_RECENT_INDEX}/${ENTRY_FILE}`)!;
  const list = indexesFile(indexesOf(indexes.map(({ name, pages }) => ({ name, pages, since: recentSince(NOW) })), recentSince(NOW)));
  const files = [...builds.flatMap((built) => built.files.slice(0, -1)), ...entries.filter((file) => file !== recentEntry), list, recentEntry];
  return { name: 'todos', files, pages: documents.length, bytes: sum(files.map((file) => file.body.length)), indexes, builds };
}

// Peak memory of a build: this process and its children (Pagefind's indexer runs as one), sampled.

function children(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry), ...children(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function peakOf(pid: number): { name: string; hwmKB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { name: /^Name:\s*(.+)$/m.exec(status)?.[1] ?? '?', hwmKB: Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0) };
  } catch {
    return undefined;
  }
}

async function timedBuild<T extends BuiltIndex>(documents: IndexedArticle[], build: (documents: IndexedArticle[]) => Promise<T> = buildIndex as never) {
  const peaks = new Map<string, number>();
  let nodePeak = process.memoryUsage.rss();
  const sample = () => {
    nodePeak = Math.max(nodePeak, process.memoryUsage.rss());
    for (const pid of children(process.pid)) {
      const peak = peakOf(pid);
      if (peak) peaks.set(peak.name, Math.max(peaks.get(peak.name) ?? 0, peak.hwmKB * 1024));
    }
  };
  const timer = setInterval(sample, 100);
  const started = performance.now();
  let built: T;
  try {
    built = await build(documents);
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  sample();
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
  const files = built.files;
  const kinds: Record<string, { files: number; bytes: number }> = {};
  for (const file of files) {
    const kind = (kinds[kindOf(file.key)] ??= { files: 0, bytes: 0 });
    kind.files += 1;
    kind.bytes += file.body.length;
  }
  return {
    built,
    report: {
      seconds: round(ms / 1000, 2),
      pages: built.pages,
      files: files.length,
      bytes: built.bytes,
      mb: mb(built.bytes),
      by_kind: kinds,
      peak_rss_mb: { indexer: Object.fromEntries([...peaks].map(([name, bytes]) => [name, mb(bytes)])), node: mb(nodePeak) },
    },
  };
}

// Serving the index as CloudFront does, and counting what each request sends.

function kindOf(key: string): string {
  const path = key.replace(/^\/?pagefind\//, '');
  if (path === 'indices.json' || path === 'facets.json') return 'lists';
  // The kind within an index's folder (recente/, mes/, arquivo-2019/).
  const file = path.replace(/^(recente|mes|arquivo-\d{4})\//, '');
  if (file === 'pagefind.js') return 'script';
  if (file === 'pagefind-worker.js') return 'worker';
  if (file === 'pagefind-entry.json') return 'entry';
  if (file.startsWith('wasm.')) return 'wasm';
  if (file.endsWith('.pf_meta')) return 'meta';
  if (file.startsWith('index/')) return 'index_chunks';
  if (file.startsWith('filter/')) return 'filters';
  if (file.startsWith('fragment/')) return 'fragments';
  return 'other';
}

/** The bare page: the search as the brief's snippet runs it, and an input that renders 10 titles (the engine's part of typing → results). */
const BARE_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>busca</title></head><body>
<input id="q" type="search" autocomplete="off"><ol id="results"></ol>
<script type="module">
let pf, archives, merged;
// As web/src/features/search/lib/pagefind.ts: the list, then the recent index's script; the archive years merged on demand.
const load = async () => {
  if (!pf) {
    const list = await (await fetch('/pagefind/indices.json')).json();
    archives = list.archives.map((index) => index.name);
    pf = await import('/pagefind/recente/pagefind.js');
    await pf.options({ basePath: '/pagefind/recente/' });
    if (list.month) await pf.mergeIndex('/pagefind/' + list.month.name + '/');
  }
  return pf;
};
const merge = () => (merged ??= Promise.all(archives.map((name) => pf.mergeIndex('/pagefind/' + name + '/'))));
window.firstQuery = async (query, filters, withFacets, archive) => {
  if (withFacets) await (await fetch('/pagefind/facets.json')).json();
  const pagefind = await load();
  if (archive) await merge();
  let r = await pagefind.search(query, filters ? { filters } : {});
  // Nothing in 12 months: the page merges the archive years and searches again.
  if (!r.results.length && !archive) { await merge(); r = await pagefind.search(query, filters ? { filters } : {}); }
  await Promise.all(r.results.slice(0, ${SEARCH_PAGE_SIZE}).map((x) => x.data()));
  return r.results.length;
};
let latest = 0;
const list = document.getElementById('results');
document.getElementById('q').addEventListener('input', async (event) => {
  const query = event.target.value.trim();
  const mine = ++latest;
  if (!query) return list.replaceChildren();
  const pagefind = await load();
  const started = performance.now();
  const r = await pagefind.search(query);
  const searched = performance.now();
  const data = await Promise.all(r.results.slice(0, ${SEARCH_PAGE_SIZE}).map((x) => x.data()));
  if (mine !== latest) return;
  window.benchSplit = { search: searched - started, data: performance.now() - searched };
  list.dataset.q = query;
  list.replaceChildren(...data.map((d) => Object.assign(document.createElement('li'), { textContent: d.meta.title })));
});
</script></body></html>`;

interface Sent {
  path: string;
  bytes: number;
}

async function serveIndex(files: BuiltIndex['files']) {
  const bodies = new Map(files.map((file) => [`/${file.key}`, { raw: Buffer.from(file.body), type: file.contentType }]));
  const gzipped = new Map<string, Buffer>();
  const sent: Sent[] = [];
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    if (pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE);
      return;
    }
    const file = bodies.get(pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    // CloudFront compresses text types; the pf_* and wasm files are gzip inside already (served as they are).
    const compress = pathname.endsWith('.js') && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    let body: Uint8Array = file.raw;
    if (compress) {
      const zipped = gzipped.get(pathname) ?? gzipSync(file.raw);
      gzipped.set(pathname, zipped);
      body = zipped;
    }
    sent.push({ path: pathname, bytes: body.length });
    const encoding = compress ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {};
    response.writeHead(200, { 'content-type': file.type, 'content-length': body.length, ...encoding }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sent };
}

interface Query {
  name: string;
  query: string;
  filters?: Record<string, string>;
  /** Also load the filters' values first (facets.json), as /busca does with its first search. */
  withFacets?: boolean;
  /** The reader asked for the older years too (arquivo=todos): every archive year merged. */
  archive?: boolean;
}

async function firstQueryBytes(browser: Browser, origin: string, sent: Sent[], query: Query) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    sent.length = 0;
    const started = performance.now();
    const results = await page.evaluate(
      ({ query, filters, withFacets, archive }) => (window as unknown as { firstQuery: (...args: unknown[]) => Promise<number> }).firstQuery(query, filters, withFacets, archive),
      query,
    );
    const ms = performance.now() - started;
    // Anything the worker still fetches after the answer counts too.
    await page.waitForTimeout(300);
    const byKind: Record<string, { requests: number; bytes: number }> = {};
    for (const request of sent) {
      const kind = (byKind[kindOf(request.path)] ??= { requests: 0, bytes: 0 });
      kind.requests += 1;
      kind.bytes += request.bytes;
    }
    const bytes = sum(sent.map((request) => request.bytes));
    return { ...query, results, requests: sent.length, bytes, kb: round(bytes / 1024, 1), unthrottled_ms: round(ms), by_kind: byKind };
  } finally {
    await context.close();
  }
}

// Typing → results, timed in the page: from the last input event to the paint of the first DOM change
// after which `ready(query)` holds.

/** Result cards of /busca for this query: the address follows the input, nothing is loading or stale, cards with links. */
function buscaReady(query: string): boolean {
  const section = document.querySelector('section[aria-label="Resultados da busca"]');
  return (
    new URLSearchParams(location.search).get('q') === query &&
    !!section &&
    section.getAttribute('aria-busy') !== 'true' &&
    !section.querySelector('[aria-busy="true"], .search-stale') &&
    section.querySelectorAll('article a[href]').length > 0
  );
}

function bareReady(query: string): boolean {
  const list = document.getElementById('results');
  return !!list && list.dataset.q === query && list.children.length > 0;
}

async function arm(page: Page, ready: (query: string) => boolean, query: string) {
  await page.evaluate(
    ({ source, query }) => {
      const check = new Function('query', `return (${source})(query)`) as (query: string) => boolean;
      const state = { last: 0, done: 0 };
      (window as unknown as { benchTyping: typeof state }).benchTyping = state;
      document.addEventListener('input', () => (state.last = performance.now()), { capture: true });
      const observer = new MutationObserver(() => {
        if (state.last && !state.done && check(query)) {
          observer.disconnect();
          // Visible: the frame that paints the change (the task after its animation frame).
          requestAnimationFrame(() => setTimeout(() => (state.done = performance.now())));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { source: ready.toString(), query },
  );
}

async function typeAndWait(page: Page, input: string, ready: (query: string) => boolean, query: string, paste: boolean): Promise<number> {
  await arm(page, ready, query);
  await page.locator(input).focus();
  if (paste) await page.locator(input).fill(query);
  else await page.keyboard.type(query);
  await page.waitForFunction(() => (window as unknown as { benchTyping: { done: number } }).benchTyping.done > 0, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const state = (window as unknown as { benchTyping: { last: number; done: number } }).benchTyping;
    return state.done - state.last;
  });
}

async function typingRuns(page: Page, input: string, ready: (query: string) => boolean, clear: () => Promise<void>, paste = false) {
  await clear();
  const warmUp = await typeAndWait(page, input, ready, WARM_UP, paste);
  const each: Record<string, number | string> = {};
  const split: Record<string, unknown> = {};
  for (const query of TYPED) {
    await clear();
    // One query that never shows results is reported as such; the others still count.
    each[query] = await typeAndWait(page, input, ready, query, paste).then(
      (ms) => round(ms, 1),
      (error: Error) => `failed: ${error.message.split('\n')[0]}`,
    );
    // The bare page tells how long its search() and its data() took.
    const parts = await page.evaluate(() => (window as unknown as { benchSplit?: { search: number; data: number } }).benchSplit);
    if (parts) split[query] = { search_ms: round(parts.search), data_ms: round(parts.data) };
  }
  const values = Object.values(each).filter((value): value is number => typeof value === 'number');
  const met = (median(values) ?? Infinity) <= GOALS.typingMs;
  const engine = Object.keys(split).length ? { engine_split: split } : {};
  return { warm_up_ms: round(warmUp, 1), ...spread(values), runs: values.length, met, each_ms: each, ...engine };
}

async function bareTyping(browser: Browser, origin: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    const clear = async () => {
      await page.locator('#q').fill('');
      await page.waitForTimeout(200);
    };
    return {
      page: 'bare page (search + data() of 10 results, rendering 10 titles; no debounce, no React), the query entered as one input event',
      // One input event (as a paste): without a debounce each keystroke would start a search of its own.
      ...(await typingRuns(page, '#q', bareReady, clear, true)),
    };
  } finally {
    await context.close();
  }
}

// /busca on a local runtime with the 50k index in its site bucket.

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The commit that landed the search page, when it has. */
function searchPageCommit(): { hash: string; time: number; subject: string } | undefined {
  try {
    const line = git(['log', '-1', '--format=%h%x09%ct%x09%s', '--grep=^Search page', 'HEAD']);
    if (!line) return undefined;
    const [hash, time, subject] = line.split('\t');
    return { hash: hash!, time: Number(time) * 1000, subject: subject! };
  } catch {
    return undefined;
  }
}

/** Builds the web app when the search page's commit is newer than the build (or there is none). */
function ensureWebBuild(commit: ReturnType<typeof searchPageCommit>): string {
  const index = path.join(ROOT, 'web/dist/index.html');
  let builtAt = 0;
  try {
    builtAt = statSync(index).mtimeMs;
  } catch {
    // no build yet
  }
  if (builtAt && (!commit || builtAt >= commit.time)) return `web/dist as built at ${new Date(builtAt).toISOString()}`;
  log('building the web app (npm run build)...');
  // Its output on stderr: stdout is the report's.
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  return `web/dist built now (${new Date().toISOString()})`;
}

async function uploadIndex(s3Port: number, files: BuiltIndex['files']) {
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const s3 = new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', forcePathStyle: true, credentials });
  const put = (file: BuiltIndex['files'][number]) =>
    s3.send(new PutObjectCommand({ Bucket: 'portal-site', Key: file.key, Body: file.body, ContentType: file.contentType, CacheControl: file.cacheControl }));
  const started = performance.now();
  // The entry last, as the worker writes it: it names the files already in place.
  const rest = files.slice(0, -1);
  for (let start = 0; start < rest.length; start += PARALLEL_PUTS) await Promise.all(rest.slice(start, start + PARALLEL_PUTS).map(put));
  await put(files.at(-1)!);
  s3.destroy();
  return { files: files.length, seconds: round((performance.now() - started) / 1000, 1) };
}

/** Whether the runtime serves the search page (its search form), and the served entry is this build's. */
async function buscaServed(baseUrl: string, files: BuiltIndex['files']) {
  const page = await fetch(`${baseUrl}${SEARCH_PAGE_PATH}`);
  const html = await page.text();
  const entry = files.at(-1)!;
  const served = await fetch(`${baseUrl}/${entry.key}`).then((response) => response.text());
  return { status: page.status, searchForm: page.ok && /role="search"/.test(html), entryIsOurs: served === Buffer.from(entry.body).toString('utf8') };
}

async function buscaTyping(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${SEARCH_PAGE_PATH}`, { waitUntil: 'networkidle' });
    const input = 'form[role="search"] input[name="q"]';
    await page.locator(input).waitFor();
    const clear = async () => {
      await page.locator(input).fill('');
      await page.waitForFunction(() => !new URLSearchParams(location.search).get('q'), undefined, { timeout: 10_000 });
      await page.waitForTimeout(300);
    };
    return { page: SEARCH_PAGE_PATH, ...(await typingRuns(page, input, buscaReady, clear)) };
  } finally {
    await context.close();
  }
}

async function lighthousePage(url: string) {
  const runs: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    log(`  lighthouse ${new URL(url).pathname}${new URL(url).search} (${run}/${LIGHTHOUSE_RUNS})`);
    runs.push(await lighthouseRun(url, CHROMIUM));
  }
  const middle = (pick: (run: (typeof runs)[number]) => number, digits = 0) => {
    const value = median(runs.map(pick).filter(Number.isFinite));
    return value === null ? null : round(value, digits);
  };
  return {
    runs: runs.length,
    performance: middle((run) => run.scores.performance ?? NaN),
    met: (middle((run) => run.scores.performance ?? NaN) ?? 0) >= GOALS.lighthouse,
    accessibility: middle((run) => run.scores.accessibility ?? NaN),
    best_practices: middle((run) => run.scores['best-practices'] ?? NaN),
    seo: middle((run) => run.scores.seo ?? NaN),
    lcp_ms: middle((run) => run.lcp),
    tbt_ms: middle((run) => run.tbt),
    cls: middle((run) => run.cls, 3),
    fcp_ms: middle((run) => run.fcp),
    speed_index_ms: middle((run) => run.si),
    performance_per_run: runs.map((run) => run.scores.performance),
    seo_failing_audits: [...new Set(runs.flatMap((run) => run.seoFailing))],
  };
}

async function onRuntime(files: BuiltIndex['files'], query: string, lighthouse = true) {
  const commit = searchPageCommit();
  const build = ensureWebBuild(commit);
  log('starting an empty local runtime (DynamoDB in memory)...');
  const runtime: TestRuntime = await startRuntime({ empty: true, env: { PORTAL_DYNAMODB_IN_MEMORY: '1' } });
  const stopOnSignal = () => void runtime.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const { baseUrl } = runtime;
    log(`runtime ready at ${baseUrl}; uploading the 50k index to its site bucket...`);
    const upload = await uploadIndex(runtime.ports.gateway + 3, files);
    const served = await buscaServed(baseUrl, files);
    const source = {
      search_page_commit: commit ? `${commit.hash} ${commit.subject.slice(0, 80)}` : null,
      web_build: build,
      busca_status: served.status,
      busca_has_search_form: served.searchForm,
      served_entry_is_the_50k_index: served.entryIsOurs,
    };
    if (!served.searchForm) return { source, upload, typing: { error: `${SEARCH_PAGE_PATH} serves no search form (HTTP ${served.status})` }, lighthouse: null };
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    let typing: Awaited<ReturnType<typeof buscaTyping>> | Failure;
    try {
      typing = await measure('typing → results on /busca', () => buscaTyping(browser, baseUrl));
    } finally {
      await browser.close();
    }
    if (!lighthouse) return { source, upload, typing, lighthouse: null };
    const pages = { busca: SEARCH_PAGE_PATH, busca_query: `${SEARCH_PAGE_PATH}?q=${encodeURIComponent(query)}` };
    const measured: Record<string, ({ path: string } & Awaited<ReturnType<typeof lighthousePage>>) | Failure> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      measured[name] = await measure(`lighthouse ${pagePath}`, async () => ({ path: pagePath, ...(await lighthousePage(baseUrl + pagePath)) }));
    }
    const lighthouseReport = { form_factor: 'mobile (default config, simulated throttling)', median_of: LIGHTHOUSE_RUNS, pages: measured };
    return { source, upload, typing, lighthouse: lighthouseReport };
  } finally {
    log('stopping the runtime...');
    await runtime.stop();
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }
}

/** The largest peak of a build, the indexer's and this process's together, in MB. */
const peakMb = (peak: { indexer: Record<string, number>; node: number }) => Math.max(0, ...Object.values(peak.indexer)) + peak.node;

const slugOf = (url: string) => url.replace(/\/$/, '').split('/').at(-1)!;

/**
 * Precision of the first page for the labelled queries on the demo index: of the results shown, the
 * share about the query; for a query that should find nothing, 1 when nothing is shown. As Pagefind
 * answers (its first 10) and as the page shows them (pageOf: near spellings left out).
 */
async function relevanceFigures() {
  const built = await buildIndex(demoDocuments());
  const { origin, server } = await serveFiles(new Map(built.files.map((file) => [file.key, file.body as Uint8Array])));
  try {
    const pagefind = await pagefindAt(origin);
    const precision = (shown: string[], relevant: string[]) =>
      shown.length ? shown.filter((slug) => relevant.includes(slug)).length / shown.length : relevant.length ? 0 : 1;
    type Shown = { shown: number; precision: number; first: number };
    const each: { q: string; note: string; relevant: number; pagefind: Shown; as_shown: Shown & { near: string[] } }[] = [];
    for (const { q, relevant, note } of SEARCH_QUERIES) {
      const { results } = await pagefind.search(q);
      const raw = (await Promise.all(results.slice(0, SEARCH_PAGE_SIZE).map((result) => result.data()))).map((data) => slugOf(data.url));
      const shown = await pageOf(results as never, q, 1);
      const ours = shown.hits.map((hit) => slugOf(hit.url));
      const first = (list: string[]) => precision(list.slice(0, 1), relevant);
      each.push({
        q,
        note,
        relevant: relevant.length,
        pagefind: { shown: raw.length, precision: round(precision(raw, relevant), 2), first: first(raw) },
        as_shown: { shown: ours.length, precision: round(precision(ours, relevant), 2), first: first(ours), near: shown.near },
      });
    }
    const mean = (pick: (entry: (typeof each)[number]) => number) => round(sum(each.map(pick)) / each.length, 3);
    const empties = each.filter((entry) => entry.relevant === 0);
    return {
      summary: {
        queries: each.length,
        pagefind_raw: mean((entry) => entry.pagefind.precision),
        as_shown: mean((entry) => entry.as_shown.precision),
        first_result_pagefind_raw: mean((entry) => entry.pagefind.first),
        first_result_as_shown: mean((entry) => entry.as_shown.first),
        empty_state_right: `${empties.filter((entry) => entry.as_shown.shown === 0).length} of ${empties.length} (Pagefind alone: ${empties.filter((entry) => entry.pagefind.shown === 0).length})`,
      },
      queries: each,
    };
  } finally {
    server.close();
  }
}

async function main() {
  const started = Date.now();
  log('demo index build...');
  const demo = await measure('demo build', async () => {
    const documents = demoDocuments();
    return (await timedBuild(documents)).report;
  });

  log(`making ${ARTICLES} articles from the import sample...`);
  const madeAt = performance.now();
  const sample = sampleDocuments(ARTICLES);
  const docsSeconds = round((performance.now() - madeAt) / 1000, 1);
  const frequency = documentFrequency(sample.texts);
  sample.texts.length = 0;
  const df = (word: string) => frequency.get(fold(word)) ?? 0;
  // The rarest word of the sample that is still in a few articles (the texts are the demo's recombined: nothing is truly rare).
  const rarest = [...frequency].filter(([word]) => word.length >= 7).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  const rare = rarest[0]?.[0] ?? 'tachões';
  log(`${sample.documents.length} documents in ${docsSeconds} s (${sample.premium} premium); 50k index build (every index)...`);
  const big = await timedBuild(sample.documents, buildSplit);
  const split = big.built;
  log(`50k build: ${big.report.seconds} s, ${big.report.files} files, ${big.report.mb} MB, ${split.indexes.length} indexes`);
  const files = [...split.files.slice(0, -1), facetsFile(sample.facets), split.files.at(-1)!];
  const fragments = files.filter((file) => kindOf(file.key) === 'fragments').length;

  // The rebuild after one publication (the month's index with one article more, and the files it
  // puts), and the daily job's rebuild of the recent index.
  const { oneRebuild, daily } = await rebuilds(sample.documents, split.builds);
  sample.documents.length = 0;
  split.builds.length = 0;

  log('relevance on the demo index (labelled queries)...');
  const relevance = await measure('relevance', () => relevanceFigures());

  const common = 'prefeitura';
  const city = cityLabel(CITIES[0]!);
  const queries: Query[] = [
    { name: 'common word', query: common },
    { name: 'two words', query: 'corredor ônibus' },
    { name: 'word with a filter', query: common, filters: { [SEARCH_FILTERS.city]: city } },
    { name: 'common word as /busca loads it (the facets file first)', query: common, withFacets: true },
    { name: 'no match at all (the archive years merged by the page, then the empty state)', query: 'kvjxqwzpt' },
    { name: 'rare word (any year: the archive merged when 12 months lack it)', query: rare },
    { name: 'common word with the older years asked for (arquivo=todos)', query: common, archive: true },
  ];
  /** The first query proper: the recent index alone (the others merge the archive, on demand). */
  const FIRST = new Set(['common word', 'two words', 'word with a filter', 'common word as /busca loads it (the facets file first)']);

  const { origin, server, sent } = await serveIndex(files);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  let bytes: unknown;
  let bare: Awaited<ReturnType<typeof bareTyping>> | Failure;
  try {
    bytes = await measure('first-query bytes', async () => {
      const each = [];
      for (const query of queries) {
        const containing = Object.fromEntries(query.query.split(' ').map((word) => [word, df(word)]));
        each.push({ ...(await firstQueryBytes(browser, origin, sent, query)), articles_containing: containing });
      }
      return each;
    });
    bare = await measure('typing → results on the bare page', () => bareTyping(browser, origin));
  } finally {
    await browser.close();
    server.close();
  }

  const runtime = await measure('runtime (/busca)', () => onRuntime(files, common));

  const firstQueries = Array.isArray(bytes) ? (bytes as { name: string; kb: number }[]) : [];
  const busca = !failed(runtime) && runtime.typing && !failed(runtime.typing as object) && 'median' in runtime.typing ? runtime.typing : undefined;
  const report = {
    summary: {
      'index build, demo content': failed(demo)
        ? demo
        : { seconds: demo.seconds, pages: demo.pages, files: demo.files, bytes: demo.bytes, peak_rss_mb: demo.peak_rss_mb },
      'fragment files in the 50,000-article indexes': fragments,
      'index build, 50,000 articles (every index, one after the other: the first build, an import)': {
        seconds: big.report.seconds,
        pages: big.report.pages,
        indexes: split.indexes.map(({ name, pages, seconds }) => `${name}: ${pages} articles, ${seconds} s`),
        files: big.report.files,
        bytes: big.report.bytes,
        peak_rss_mb: big.report.peak_rss_mb,
        target_peak: `<= ${GOALS.peakGB} GB`,
        met: peakMb(big.report.peak_rss_mb) <= GOALS.peakGB * 1024,
      },
      "rebuild after one publication (the current month's index; the table read and the PUTs aside)": {
        target: `<= ${GOALS.rebuildSeconds} s`,
        ...oneRebuild,
        met: oneRebuild.seconds <= GOALS.rebuildSeconds,
      },
      'the daily rebuild of the recent index (the 12 months before this one; report)': daily,
      'bytes a first query downloads (50k, gzip)': {
        target: `<= ${GOALS.firstQueryKB} KB (the recent index; the archive years merged on demand are reported beside)`,
        kb: Object.fromEntries(firstQueries.map((query) => [query.name, query.kb])),
        met: firstQueries.length ? firstQueries.filter((query) => FIRST.has(query.name)).every((query) => query.kb <= GOALS.firstQueryKB) : null,
      },
      'relevance: precision of the first page, labelled queries on the demo (tests/bench/search-queries.ts)': failed(relevance)
        ? relevance
        : { target: `>= ${GOALS.precision} (report)`, ...relevance.summary, met: relevance.summary.as_shown >= GOALS.precision },
      'typing → results in Chromium, 50k, warm': {
        target: `<= ${GOALS.typingMs} ms`,
        busca: busca ? { median_ms: busca.median, p90_ms: busca.p90, met: busca.met } : null,
        bare_page: failed(bare) ? null : { median_ms: bare.median, p90_ms: bare.p90, met: bare.met },
      },
      'search page Lighthouse mobile performance': {
        target: `>= ${GOALS.lighthouse}`,
        ...(failed(runtime) || !runtime.lighthouse
          ? { busca: null }
          : Object.fromEntries(Object.entries(runtime.lighthouse.pages).map(([name, page]) => [name, failed(page) ? null : page.performance]))),
      },
    },
    meta: {
      node: process.version,
      date: new Date().toISOString(),
      commit: (() => {
        try {
          return git(['rev-parse', '--short', 'HEAD']);
        } catch {
          return null;
        }
      })(),
      cpus: availableParallelism(),
      bench_seconds: round((Date.now() - started) / 1000, 1),
    },
    relevance,
    builds: {
      note:
        'buildIndex alone: the real rebuild (rebuild.ts) first reads every published article and the city labels from the table, ' +
        'then writes the files to the site bucket.',
      demo,
      sample: {
        articles: ARTICLES,
        premium: sample.premium,
        cities: CITIES.length,
        seed: SEED,
        documents_seconds: docsSeconds,
        ...big.report,
      },
    },
    first_query: {
      how:
        'fresh browser context per query; bytes of the response bodies the loopback server sent ' +
        '(.js gzipped on Accept-Encoding, the rest as built), headers excluded',
      queries: bytes,
    },
    typing: {
      how:
        'from the last keystroke (input event) to the painted frame of the first DOM change that shows the results of the typed query ' +
        '(the task after its animation frame), performance.now() in the page; one warm-up search first',
      bare_page: bare,
      busca: failed(runtime) ? runtime : runtime.typing,
    },
    runtime: failed(runtime) ? runtime : { source: runtime.source, upload: runtime.upload },
    lighthouse: failed(runtime) ? runtime : runtime.lighthouse,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** A publication of now, as articleDocument makes it (the current month's index). */
function publication(): IndexedArticle {
  const city = CITIES[0]!;
  const demo = DEMO_ARTICLES.find((article) => article.visibility === 'public')!;
  const article: PublishedArticle = {
    id: 'nova-publicacao',
    slug: 'nova-publicacao-do-dia',
    title: 'Nova publicação do dia muda o trânsito no centro',
    summary: demo.summary,
    visibility: 'public',
    author_id: 'redacao',
    tags: demo.tags,
    location_path: city.path,
    cities: [city.path],
    published_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
    body: sanitizeArticleHtml(demo.content),
  };
  return articleDocument(article, cityLabel(city), publicArticlePath(city.path, article.slug), NOW);
}

/**
 * What a publication rebuilds (the current month's index, with one article more; the files it puts
 * beside those its last build put today) and what the daily job rebuilds (the recent index).
 */
async function rebuilds(documents: readonly IndexedArticle[], built: readonly BuiltIndex[] = []) {
  const today = NOW.toISOString().slice(0, 10);
  const month = documents.filter((doc) => doc.index === SEARCH_MONTH_INDEX);
  const recent = documents.filter((doc) => doc.index === SEARCH_RECENT_INDEX);
  const before = built.find((index) => index.name === SEARCH_MONTH_INDEX) ?? (month.length ? await buildIndex(month, { name: SEARCH_MONTH_INDEX }) : undefined);
  const dates = before ? filesToPut(before.files.slice(0, -1), {}, today).dates : {};
  log(`rebuild after one publication (the month's index, ${month.length + 1} articles)...`);
  const again = await timedBuild([...month, publication()], (docs) => buildIndex(docs, { name: SEARCH_MONTH_INDEX }));
  const put = filesToPut(again.built.files.slice(0, -1), dates, today).put.length + 1;
  const oneRebuild = { seconds: again.report.seconds, pages: again.report.pages, files: again.report.files, files_put: put, peak_rss_mb: again.report.peak_rss_mb };
  log(`the daily rebuild of the recent index (${recent.length} articles)...`);
  const recentBuild = await timedBuild(recent, (docs) => buildIndex(docs, { name: SEARCH_RECENT_INDEX }));
  const daily = { seconds: recentBuild.report.seconds, pages: recentBuild.report.pages, files: recentBuild.report.files, peak_rss_mb: recentBuild.report.peak_rss_mb };
  return { oneRebuild, daily };
}

/** BENCH_SEARCH=rebuild: the month's index of the 50k sample built, then again with one publication more; the recent index as the daily job builds it. */
async function rebuildFigures() {
  const { oneRebuild, daily } = await rebuilds(sampleDocuments(ARTICLES).documents);
  return { target: `<= ${GOALS.rebuildSeconds} s`, after_one_publication: oneRebuild, met: oneRebuild.seconds <= GOALS.rebuildSeconds, daily_recent_rebuild: daily };
}

/**
 * BENCH_SEARCH=typing: typing → results on the bare page and on /busca, with the 50k sample's recent
 * part alone (the month's and the recent index: every typed word is in them, so no archive is merged).
 */
async function typingFigures() {
  const recent = sampleDocuments(ARTICLES).documents.filter((doc) => doc.index === SEARCH_RECENT_INDEX || doc.index === SEARCH_MONTH_INDEX);
  log(`building the recent part (${recent.length} articles)...`);
  const split = await buildSplit(recent);
  const files = split.files;
  const { origin, server } = await serveIndex(files);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  let bare: Awaited<ReturnType<typeof bareTyping>> | Failure;
  try {
    bare = await measure('typing → results on the bare page', () => bareTyping(browser, origin));
  } finally {
    await browser.close();
    server.close();
  }
  const runtime = await measure('runtime (/busca)', () => onRuntime(files, 'prefeitura', false));
  const busca = !failed(runtime) && runtime.typing && !failed(runtime.typing as object) && 'median' in runtime.typing ? runtime.typing : undefined;
  return {
    target: `<= ${GOALS.typingMs} ms`,
    busca: busca ? { median_ms: busca.median, p90_ms: busca.p90, met: busca.met } : null,
    bare_page: failed(bare) ? null : { median_ms: bare.median, p90_ms: bare.p90, met: bare.met },
    details: { bare, busca: failed(runtime) ? runtime : runtime.typing, source: failed(runtime) ? null : runtime.source },
  };
}

// BENCH_SEARCH=relevance, =rebuild or =typing: one part alone.
const part = process.env.BENCH_SEARCH;
if (part === 'relevance') process.stdout.write(`${JSON.stringify(await relevanceFigures(), null, 2)}\n`);
else if (part === 'rebuild') process.stdout.write(`${JSON.stringify(await rebuildFigures(), null, 2)}\n`);
else if (part === 'typing') process.stdout.write(`${JSON.stringify(await typingFigures(), null, 2)}\n`);
else await main();
