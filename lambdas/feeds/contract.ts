// The feeds context: the files search engines and feed readers fetch (sitemaps, the Google News
// sitemap, RSS, robots.txt), regenerated into the site bucket, which CloudFront serves, when published
// articles or events change. No HTTP routes, no events of its own.
import { ARTICLE_EVENTS } from '../articles/public';
import { EVENT_EVENTS } from '../events/public';
import { IMPORT_EVENTS } from '../imports/public';
import { consumes, defineContext } from '../platform/contract';

/** The events after which the files may differ. */
export const FEED_CATALOGUE = {
  ArticlePublished: ARTICLE_EVENTS.ArticlePublished,
  ArticleUpdated: ARTICLE_EVENTS.ArticleUpdated,
  ArticleStatusChanged: ARTICLE_EVENTS.ArticleStatusChanged,
  ArticleDeleted: ARTICLE_EVENTS.ArticleDeleted,
  // Published events are in the sitemap.
  EventPublished: EVENT_EVENTS.EventPublished,
  EventUpdated: EVENT_EVENTS.EventUpdated,
  EventUnpublished: EVENT_EVENTS.EventUnpublished,
  EventDeleted: EVENT_EVENTS.EventDeleted,
  // An import publishes many articles at once, with this one event.
  ImportCompleted: IMPORT_EVENTS.ImportCompleted,
} as const;
export const FEED_EVENTS = Object.keys(FEED_CATALOGUE) as (keyof typeof FEED_CATALOGUE)[];

/** The site bucket keys it writes, and only these (`*`: a generated name of [a-z0-9-]). */
export const SITE_FILE_KEYS = ['robots.txt', 'sitemap.xml', 'sitemap-*.xml', 'rss.xml', 'rss/*.xml'] as const;

export const contract = defineContext({
  name: 'feeds',
  routes: {},
  workers: [
    {
      name: 'site-feeds',
      file: 'worker',
      pattern: consumes(FEED_CATALOGUE, FEED_EVENTS),
      // Up to 100 events, gathered for up to 1 s (the window pipelines.ts gives batches above 10), make one regeneration.
      batchSize: 100,
      visibilityTimeoutSeconds: 300,
      maxReceiveCount: 5,
    },
  ],
  // Read: the sitemaps it wrote, which an import's update extends instead of reading every article.
  permissions: [{ service: 'site-bucket', write: SITE_FILE_KEYS, read: ['sitemap.xml', 'sitemap-*.xml'] }],
  environment: ['TABLE_NAME', 'SITE_URL', 'SITE_BUCKET'],
});
