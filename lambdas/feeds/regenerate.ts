// One regeneration of every file: read what they show (Queries and BatchGets, never a Scan), build
// them, write them. Rewriting from the table's current state makes it safe to run again at any time.
import { cityCounters, publishedArticles, type PublishedArticle } from '../articles/public';
import { publishedEvents } from '../events/public';
import { batchRead } from '../platform/dynamo-batch';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import { authorProfiles } from '../users/public';
import { buildSiteFiles, feedBodies, type SiteFile } from './files';
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
