// Sitemap XML through the sitemap package, which writes the protocol's namespaces and escapes every
// value: URL sets, the index that points to them, and the Google News sitemap.
import { Readable, type Transform } from 'node:stream';
import { ErrorLevel, SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';

/** The protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Google News reads at most 1,000 articles, published in the last 2 days. */
export const NEWS_MAX_URLS = 1_000;
export const NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
export const NEWS_PUBLICATION = { name: 'Portal de Notícias', language: 'pt' } as const;

export interface SitemapEntry {
  loc: string;
  /** W3C datetime (an ISO timestamp). */
  lastmod?: string;
}

export interface NewsEntry {
  loc: string;
  title: string;
  published_at: string;
}

// Only the namespaces a file uses are declared.
const NO_EXTENSIONS = { news: false, xhtml: false, image: false, video: false };

async function render(stream: Transform, items: object[]): Promise<string> {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** A `<urlset>`; the protocol wants at least one URL, and the package refuses none. */
export function urlsetXml(entries: SitemapEntry[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: NO_EXTENSIONS, level: ErrorLevel.THROW });
  return render(stream, entries.map((entry) => ({ url: entry.loc, lastmod: entry.lastmod })));
}

/** A `<sitemapindex>` naming each sitemap with its newest lastmod. */
export function sitemapIndexXml(sitemaps: SitemapEntry[]): Promise<string> {
  return render(new SitemapIndexStream({ level: ErrorLevel.THROW }), sitemaps.map((entry) => ({ url: entry.loc, lastmod: entry.lastmod })));
}

/**
 * The Google News sitemap. With no article in the window it lists `fallback` (the home page) without
 * news metadata: a sitemap needs one URL, and Google's rules let old entries drop their news tags.
 */
export function newsSitemapXml(entries: NewsEntry[], fallback: string): Promise<string> {
  const stream = new SitemapStream({ xmlns: { ...NO_EXTENSIONS, news: true }, level: ErrorLevel.THROW });
  const items = entries.map((entry) => ({
    url: entry.loc,
    news: { publication: { ...NEWS_PUBLICATION }, publication_date: entry.published_at, title: entry.title },
  }));
  return render(stream, items.length ? items : [{ url: fallback }]);
}

export function chunks<T>(list: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));
}
