// The pages context: the public pages rendered on the server (the web app's own components, through
// web/src/entry-server.tsx) and kept fresh at the edge. CloudFront calls the render function through
// its Function URL for every address without a file extension; the purge worker invalidates exactly
// the pages an event makes stale (purge-paths.ts), so the cache can keep pages for a day.
import { ARTICLE_EVENTS } from '../articles/public';
import { EVENT_EVENTS } from '../events/public';
import { IMPORT_EVENTS } from '../imports/public';
import { MENU_EVENTS } from '../menu/public';
import { consumes, defineContext } from '../platform/contract';
import { USER_EVENTS } from '../users/public';

/** The events that change what a public page shows. */
export const PURGE_CATALOGUE = {
  ArticlePublished: ARTICLE_EVENTS.ArticlePublished,
  ArticleUpdated: ARTICLE_EVENTS.ArticleUpdated,
  ArticleStatusChanged: ARTICLE_EVENTS.ArticleStatusChanged,
  ArticleDeleted: ARTICLE_EVENTS.ArticleDeleted,
  UserProfileUpdated: USER_EVENTS.UserProfileUpdated,
  MenuItemsChanged: MENU_EVENTS.MenuItemsChanged,
  EventPublished: EVENT_EVENTS.EventPublished,
  EventUpdated: EVENT_EVENTS.EventUpdated,
  EventUnpublished: EVENT_EVENTS.EventUnpublished,
  EventDeleted: EVENT_EVENTS.EventDeleted,
  ImportCompleted: IMPORT_EVENTS.ImportCompleted,
} as const;
export const PURGE_EVENTS = Object.keys(PURGE_CATALOGUE) as (keyof typeof PURGE_CATALOGUE)[];

/**
 * How long caches keep a page. Rendered pages live a day at the edge (events purge them) and are
 * revalidated by browsers; after a purge the edge may serve the old page for a few seconds while it
 * fetches the new one, or for a day if the render function fails. The SPA shell of the other
 * addresses changes only with a deploy, which invalidates everything.
 */
export const PAGE_CACHE = {
  rendered: 'public, max-age=0, s-maxage=86400, stale-while-revalidate=30, stale-if-error=86400',
  notFound: 'public, max-age=0, s-maxage=300',
  // A 404 the staff may open in the browser (a draft event): never kept by the edge nor the browser.
  staffOnly: 'private, no-store',
  shell: 'public, max-age=0, s-maxage=3600',
} as const;

/**
 * The Cache-Control of a rendered page that goes stale at a known time (the agenda and the home's
 * strip lose an event when it starts, with no event to purge them): the edge keeps it until then, a
 * minute at least and a day at most.
 */
export function renderedCacheControl(freshUntil: string | undefined, now = Date.now()): string {
  const until = freshUntil ? Date.parse(freshUntil) : Number.NaN;
  if (Number.isNaN(until)) return PAGE_CACHE.rendered;
  const seconds = Math.min(86_400, Math.max(60, Math.ceil((until - now) / 1000)));
  return PAGE_CACHE.rendered.replace('s-maxage=86400', `s-maxage=${seconds}`);
}

/** The query-string parameters that change a page; CloudFront's cache key keeps these and no other. */
export const PAGE_QUERY_KEYS = ['city', 'page'] as const;

export const contract = defineContext({
  name: 'pages',
  routes: {},
  renderer: { file: 'render', description: 'Renders the public pages for CloudFront' },
  workers: [
    {
      name: 'page-purge',
      file: 'purge-worker',
      pattern: consumes(PURGE_CATALOGUE, PURGE_EVENTS),
      // One invalidation per batch: up to 100 events gathered for up to 1 s.
      batchSize: 100,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
  ],
  permissions: [{ service: 'cloudfront', invalidate: 'site-distribution' }],
  environment: ['TABLE_NAME', 'SITE_URL', 'DISTRIBUTION_ID'],
});
