// Every file the feeds context writes, built from one read of the published articles, the city
// counters and the authors' names. No I/O here: the tests build the files from plain values.
import type { CityCount } from '../../shared/api-types';
import type { PublishedArticle } from '../articles/public';
import { rssXml, type RssChannel, type RssItem } from './rss';
import {
  chunks,
  newsSitemapXml,
  NEWS_MAX_URLS,
  NEWS_WINDOW_MS,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  urlsetXml,
  type SitemapEntry,
} from './sitemaps';
import { siteUrls, type SiteUrls } from './urls';

/** Items per RSS feed. */
export const RSS_SIZE = 50;
/** Public pages that no table item stands for (the privacy notice and /busca are not news: left out). */
export const STATIC_PAGES = ['/', '/events', '/pricing'] as const;
const SITE_NAME = 'Portal Plural';
// The same alphabet as the `*` of SITE_FILE_KEYS (contract.ts): no key outside the declared ones.
const KEY_PART = /^[a-z0-9-]{1,200}$/;

export const CONTENT_TYPES = {
  xml: 'application/xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const;

export interface SiteFile {
  key: string;
  body: string;
  contentType: (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];
}

export interface SiteData {
  siteUrl: string;
  /** Published articles, newest first; the RSS ones with their readable body. */
  articles: PublishedArticle[];
  /** Every city counter, those at 0 included (their feeds become empty). */
  cities: CityCount[];
  /** Full names of the authors who have a profile. */
  authors: ReadonlyMap<string, string>;
  /** Published events, past ones included (their pages stay). */
  events?: readonly { id: string; updated_at: string }[];
  now: Date;
}

/**
 * For `publishedArticles`: keeps the body of the articles the feeds show, the first RSS_SIZE overall
 * and in each city, as they come newest first.
 */
export function feedBodies(size = RSS_SIZE): (article: Pick<PublishedArticle, 'cities'>) => boolean {
  const seen = new Map<string, number>();
  const count = (feed: string) => {
    const before = seen.get(feed) ?? 0;
    seen.set(feed, before + 1);
    return before < size;
  };
  return (article) => [count(''), ...article.cities.map((city) => count(`city:${city}`))].some(Boolean);
}

const newest = (dates: (string | undefined)[]): string | undefined =>
  dates.filter((date): date is string => !!date).sort().at(-1);

/** The newest change of the articles in each group. */
function lastChanges(articles: PublishedArticle[], groupsOf: (article: PublishedArticle) => string[]): Map<string, string> {
  const changes = new Map<string, string>();
  for (const article of articles) {
    for (const group of groupsOf(article)) changes.set(group, newest([changes.get(group), article.updated_at])!);
  }
  return changes;
}

/** The URLs of each sitemap kind, in the order they are written. */
export type SitemapLists = Record<(typeof SITEMAP_KINDS)[number], SitemapEntry[]>;
export const SITEMAP_KINDS = ['articles', 'cities', 'authors', 'events', 'pages'] as const;

/** Every sitemap's URLs from a full read of what they list. */
export function sitemapLists(data: SiteData, urls: SiteUrls): SitemapLists {
  const { articles } = data;
  const byCity = lastChanges(articles, (article) => article.cities);
  const byAuthor = lastChanges(articles, (article) => [article.author_id]);
  const events = data.events ?? [];
  const lastEvent = newest(events.map((event) => event.updated_at));
  return {
    articles: articles.map((article) => ({ loc: urls.article(article), lastmod: article.updated_at })),
    cities: data.cities.filter((city) => city.count > 0).map((city) => ({ loc: urls.city(city.location_path), lastmod: byCity.get(city.location_path) })),
    authors: [...byAuthor].filter(([id]) => data.authors.has(id)).map(([id, lastmod]) => ({ loc: urls.author(id), lastmod })),
    events: events.map((event) => ({ loc: urls.event(event.id), lastmod: event.updated_at })),
    pages: STATIC_PAGES.map((path) => ({ loc: urls.page(path), lastmod: path === '/' ? articles[0]?.updated_at : path === '/events' ? lastEvent : undefined })),
  };
}

/**
 * The lists after an import, from the ones the site holds and the imported articles: each imported
 * article's URL added or given its new lastmod (new ones first, newest first), its author's and
 * cities' lastmod moved, the cities from their counters; events stay as they are.
 */
export function sitemapListsAfterImport(
  current: SitemapLists,
  imported: readonly PublishedArticle[],
  data: Pick<SiteData, 'cities' | 'authors'>,
  urls: SiteUrls,
): SitemapLists {
  const upsert = (entries: SitemapEntry[], changes: Map<string, string>, front = false) => {
    const known = new Map(entries.map((entry) => [entry.loc, entry.lastmod]));
    const added = [...changes].filter(([loc]) => !known.has(loc)).map(([loc, lastmod]) => ({ loc, lastmod }));
    const kept = entries.map((entry) => (changes.has(entry.loc) ? { loc: entry.loc, lastmod: newest([entry.lastmod, changes.get(entry.loc)]) } : entry));
    return front ? [...added, ...kept] : [...kept, ...added];
  };
  const articles = new Map(imported.map((article) => [urls.article(article), article.updated_at]));
  const authors = new Map([...lastChanges([...imported], (article) => [article.author_id])].filter(([id]) => data.authors.has(id)).map(([id, at]) => [urls.author(id), at]));
  const cityChanges = lastChanges([...imported], (article) => article.cities);
  const cityLastmod = new Map(current.cities.map((entry) => [entry.loc, entry.lastmod]));
  const lastImported = newest(imported.map((article) => article.updated_at));
  return {
    articles: upsert(current.articles, articles, true),
    cities: data.cities
      .filter((city) => city.count > 0)
      .map((city) => {
        const loc = urls.city(city.location_path);
        return { loc, lastmod: newest([cityLastmod.get(loc), cityChanges.get(city.location_path)]) };
      }),
    authors: upsert(current.authors, authors),
    events: current.events,
    pages: current.pages.map((entry) => (entry.loc === urls.page('/') ? { loc: entry.loc, lastmod: newest([entry.lastmod, lastImported]) } : entry)),
  };
}

/** The sitemaps of each kind, split at `maxUrls`, and their index. */
async function sitemapFiles(lists: SitemapLists, urls: SiteUrls, maxUrls: number): Promise<SiteFile[]> {
  const files: SiteFile[] = [];
  const index: SitemapEntry[] = [];
  for (const kind of SITEMAP_KINDS) {
    for (const [position, part] of chunks(lists[kind], maxUrls).entries()) {
      const key = `sitemap-${kind}-${position + 1}.xml`;
      files.push({ key, body: await urlsetXml(part), contentType: CONTENT_TYPES.xml });
      index.push({ loc: urls.file(key), lastmod: newest(part.map((entry) => entry.lastmod)) });
    }
  }
  return [...files, { key: 'sitemap.xml', body: await sitemapIndexXml(index), contentType: CONTENT_TYPES.xml }];
}

/** The Google News sitemap from articles newest first (any beyond its window are left out). */
async function newsFile(articles: readonly PublishedArticle[], urls: SiteUrls, now: Date): Promise<SiteFile> {
  const since = now.getTime() - NEWS_WINDOW_MS;
  const news = articles.filter((article) => Date.parse(article.published_at) >= since).slice(0, NEWS_MAX_URLS);
  const newsXml = await newsSitemapXml(
    news.map((article) => ({ loc: urls.article(article), title: article.title, published_at: article.published_at })),
    urls.page('/'),
  );
  return { key: 'sitemap-news.xml', body: newsXml, contentType: CONTENT_TYPES.xml };
}

function rssItem(article: PublishedArticle, urls: SiteUrls, authors: SiteData['authors']): RssItem {
  return {
    title: article.title,
    link: urls.article(article),
    guid: article.id,
    published_at: article.published_at,
    updated_at: article.updated_at,
    author: authors.get(article.author_id) || undefined,
    categories: article.tags,
    description: article.summary,
    content: article.body || undefined,
  };
}

function feeds(data: SiteData, urls: SiteUrls): SiteFile[] {
  const feed = (key: string, channel: Omit<RssChannel, 'self'>, articles: PublishedArticle[]): SiteFile => ({
    key,
    body: rssXml({ ...channel, self: urls.file(key) }, articles.slice(0, RSS_SIZE).map((article) => rssItem(article, urls, data.authors))),
    contentType: CONTENT_TYPES.rss,
  });
  const main = feed('rss.xml', { title: SITE_NAME, link: urls.page('/'), description: `Últimas notícias do ${SITE_NAME}` }, data.articles);
  const cities = data.cities
    .filter((city) => KEY_PART.test(city.location_path))
    .map((city) => {
      const name = `${city.location_name} (${city.state_code})`;
      const articles = data.articles.filter((article) => article.cities.includes(city.location_path));
      const channel = { title: `${SITE_NAME} — ${name}`, link: urls.city(city.location_path), description: `Últimas notícias de ${name} no ${SITE_NAME}` };
      return feed(`rss/${city.location_path}.xml`, channel, articles);
    });
  return [main, ...cities];
}

/** robots.txt names the sitemaps by absolute URL, as the protocol requires: so it is generated too. */
function robots(urls: SiteUrls): SiteFile {
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${urls.file('sitemap.xml')}`, `Sitemap: ${urls.file('sitemap-news.xml')}`];
  return { key: 'robots.txt', body: `${lines.join('\n')}\n`, contentType: CONTENT_TYPES.text };
}

export async function buildSiteFiles(data: SiteData, maxUrls = SITEMAP_MAX_URLS): Promise<SiteFile[]> {
  const urls = siteUrls(data.siteUrl);
  const [sitemaps, news] = await Promise.all([sitemapFiles(sitemapLists(data, urls), urls, maxUrls), newsFile(data.articles, urls, data.now)]);
  return [...sitemaps.slice(0, -1), news, sitemaps.at(-1)!, ...feeds(data, urls), robots(urls)];
}

export interface ImportUpdate {
  siteUrl: string;
  /** The sitemaps' lists as the site holds them. */
  current: SitemapLists;
  /** The imported articles that are published, newest first (no bodies). */
  imported: PublishedArticle[];
  /** The news window's articles, newest first. */
  recent: PublishedArticle[];
  /**
   * The latest RSS_SIZE articles overall and in each city an imported article is in, with their
   * readable bodies, newest first: every article those feeds show.
   */
  latest: PublishedArticle[];
  /** Every city counter. */
  cities: CityCount[];
  /** Full names of the imported articles' authors who have a profile. */
  authors: ReadonlyMap<string, string>;
  now: Date;
}

/**
 * The files an import changes, built from what it imported and what the site holds: the sitemaps
 * and their index, the news sitemap, the main RSS and the feeds of the cities it touched.
 */
export async function buildImportFiles(update: ImportUpdate, maxUrls = SITEMAP_MAX_URLS): Promise<SiteFile[]> {
  const urls = siteUrls(update.siteUrl);
  const lists = sitemapListsAfterImport(update.current, update.imported, update, urls);
  const touched = new Set(update.imported.flatMap((article) => article.cities));
  const rss = feeds({ siteUrl: update.siteUrl, articles: update.latest, cities: update.cities.filter((city) => touched.has(city.location_path)), authors: update.authors, now: update.now }, urls);
  const [sitemaps, news] = await Promise.all([sitemapFiles(lists, urls, maxUrls), newsFile(update.recent, urls, update.now)]);
  return [...sitemaps.slice(0, -1), news, sitemaps.at(-1)!, ...rss];
}

/** The URLs (and lastmod) of a `<urlset>` or the sitemaps of a `<sitemapindex>` this module wrote. */
export function readSitemapEntries(xml: string): SitemapEntry[] {
  const unescape = (text: string) =>
    text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[name] ?? '');
  return [...xml.matchAll(/<(?:url|sitemap)>\s*<loc>([^<]*)<\/loc>(?:\s*<lastmod>([^<]*)<\/lastmod>)?/g)].map(([, loc, lastmod]) => ({
    loc: unescape(loc!),
    ...(lastmod ? { lastmod: new Date(lastmod).toISOString() } : {}),
  }));
}
