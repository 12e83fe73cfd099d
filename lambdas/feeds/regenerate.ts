// One regeneration of every file: read what they show (Queries and BatchGets, never a Scan), build
// them, write them. Rewriting from the table's current state makes it safe to run again at any time.
import { cityCounters, latestPublishedArticles, publishedArticles, publishedArticlesByIds, publishedArticlesSince, type PublishedArticle } from '../articles/public';
import { importedArticleIds } from '../imports/public';
import { getSiteObject } from '../platform/site-bucket';
import { publishedEvents } from '../events/public';
import { batchRead } from '../platform/dynamo-batch';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import { authorProfiles } from '../users/public';
import { buildImportFiles, buildSiteFiles, feedBodies, readSitemapEntries, RSS_SIZE, SITEMAP_KINDS, type SiteFile, type SitemapLists } from './files';
import { NEWS_MAX_URLS, NEWS_WINDOW_MS } from './sitemaps';
import { writeSiteFiles } from './site-bucket';

/** Full names of the authors of these articles who have a profile (one BatchGet per 100). */
async function authorNames(articles: PublishedArticle[]): Promise<Map<string, string>> {
  const { profiles } = await batchRead({ profiles: authorProfiles([...new Set(articles.map((article) => article.author_id))]) });
  return new Map([...profiles].map(([id, profile]) => [id, profile.full_name]));
}

export async function regenerateSiteFiles(now = new Date()): Promise<SiteFile[]> {
  const articles = await publishedArticles(feedBodies());
  const [cities, authors, events] = await Promise.all([cityCounters(), authorNames(articles), publishedEvents()]);
  const files = await buildSiteFiles({ siteUrl: env('SITE_URL'), articles, cities, authors, events, now });
  await writeSiteFiles(files);
  logger.info('site files regenerated', { files: files.length, articles: articles.length });
  return files;
}

/** The sitemaps' lists as the site holds them (the index, then each file it names), or undefined without an index. */
async function currentSitemapLists(siteUrl: string): Promise<SitemapLists | undefined> {
  const index = await getSiteObject('sitemap.xml');
  if (index === undefined) return undefined;
  const base = `${siteUrl.replace(/\/+$/, '')}/`;
  const lists = Object.fromEntries(SITEMAP_KINDS.map((kind) => [kind, []])) as unknown as SitemapLists;
  const parts = readSitemapEntries(index).flatMap((entry) => {
    const key = entry.loc.startsWith(base) ? entry.loc.slice(base.length) : '';
    const kind = /^sitemap-([a-z]+)-\d+\.xml$/.exec(key)?.[1] as keyof SitemapLists | undefined;
    return kind && kind in lists ? [{ key, kind }] : [];
  });
  const bodies = await Promise.all(parts.map((part) => getSiteObject(part.key)));
  // A part the index names but the bucket lacks: the files are not what this expects, so start over.
  if (bodies.some((body) => body === undefined)) return undefined;
  parts.forEach((part, position) => lists[part.kind].push(...readSitemapEntries(bodies[position]!)));
  return lists;
}

const newestFirst = (a: PublishedArticle, b: PublishedArticle) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : a.id < b.id ? 1 : -1);

/**
 * After imports: the files updated from the imported articles' ids (their sessions' chunks), the
 * latest articles (the feeds), the news window and the sitemaps the site holds — not from a read of
 * every article. Without sitemaps yet, a full regeneration.
 */
export async function updateAfterImports(sessionIds: readonly string[], now = new Date()): Promise<SiteFile[]> {
  const siteUrl = env('SITE_URL');
  const current = await currentSitemapLists(siteUrl);
  if (!current) return regenerateSiteFiles(now);
  const ids = (await Promise.all(sessionIds.map((id) => importedArticleIds(id)))).flat();
  const imported = await publishedArticlesByIds(ids);
  const touched = [...new Set(imported.flatMap((article) => article.cities))];
  const [recent, overall, perCity, cities, authors] = await Promise.all([
    publishedArticlesSince(new Date(now.getTime() - NEWS_WINDOW_MS), NEWS_MAX_URLS),
    latestPublishedArticles(RSS_SIZE),
    Promise.all(touched.map((city) => latestPublishedArticles(RSS_SIZE, city))),
    cityCounters(),
    authorNames(imported),
  ]);
  const latest = [...new Map([...overall, ...perCity.flat()].map((article) => [article.id, article])).values()].sort(newestFirst);
  const files = await buildImportFiles({ siteUrl, current, imported, recent, latest, cities, authors, now });
  await writeSiteFiles(files);
  logger.info('site files updated after an import', { files: files.length, imported: imported.length });
  return files;
}
