// The search context: static Pagefind indexes of the published articles (the last 12 months, and one
// per archive year), written to the site bucket under pagefind/ and searched in the reader's browser
// (web/src/features/search). No search servers, no HTTP routes, no events of its own: a worker rebuilds
// the index an article event touches, and a daily job keeps the periods and recency boost right to the day.
import { SEARCH_INDEX_PREFIX } from '../../shared/search';
import { ARTICLE_EVENTS } from '../articles/public';
import { IMPORT_EVENTS } from '../imports/public';
import { consumes, defineContext } from '../platform/contract';

/** The events after which the index may differ. */
export const SEARCH_CATALOGUE = {
  ArticlePublished: ARTICLE_EVENTS.ArticlePublished,
  ArticleUpdated: ARTICLE_EVENTS.ArticleUpdated,
  ArticleStatusChanged: ARTICLE_EVENTS.ArticleStatusChanged,
  ArticleDeleted: ARTICLE_EVENTS.ArticleDeleted,
  // An import publishes many articles at once, with this one event.
  ImportCompleted: IMPORT_EVENTS.ImportCompleted,
} as const;
export const SEARCH_EVENTS = Object.keys(SEARCH_CATALOGUE) as (keyof typeof SEARCH_CATALOGUE)[];

/** Every key of the index (`**`: any path below the prefix). */
export const SEARCH_INDEX_KEYS = [`${SEARCH_INDEX_PREFIX}**`] as const;

/** A full build (an import, the first) reads every published article and builds every index: minutes for a large archive. */
const BUILD_SECONDS = 900;
/**
 * One index at a time (a year of articles) is in the indexer's memory: a full build of 50,000 articles
 * peaked at ~0.6 GB for the indexer and ~1.7 GB for Node (npm run bench:search). Lambda's CPU grows with
 * memory, and a publication's rebuild should take seconds: 4 GB (two vCPUs and more).
 */
const BUILD_MEMORY_MB = 4096;
/** The indexer's binary for Lambda's linux-arm64, installed beside the bundle. */
const INDEXER = ['pagefind'] as const;

export const contract = defineContext({
  name: 'search',
  routes: {},
  workers: [
    {
      name: 'search-index',
      file: 'worker',
      pattern: consumes(SEARCH_CATALOGUE, SEARCH_EVENTS),
      // The debounce: the events of up to 10 s (a burst of publications, a desk's morning) make one
      // batch, and one batch is one rebuild.
      batchSize: 1000,
      batchWindowSeconds: 10,
      // Lambda's timeout is a sixth of this (infra/constructs/pipelines.ts): the full 900 s.
      visibilityTimeoutSeconds: BUILD_SECONDS * 6,
      maxReceiveCount: 3,
      // The least AWS allows; the later build to start is the one served (store.ts).
      maxConcurrency: 2,
      memorySize: BUILD_MEMORY_MB,
      nodeModules: INDEXER,
    },
  ],
  schedules: [
    {
      name: 'search-index-daily',
      file: 'daily',
      description: 'Reconstrói o índice da busca: períodos e o peso das notícias recentes valem para o dia.',
      // Every day at 03:10 in Brasília (06:10 UTC).
      cron: { minute: '10', hour: '6' },
      timeoutSeconds: BUILD_SECONDS,
      memorySize: BUILD_MEMORY_MB,
      nodeModules: INDEXER,
    },
  ],
  permissions: [{ service: 'site-bucket', write: SEARCH_INDEX_KEYS }],
  environment: ['TABLE_NAME', 'SITE_BUCKET'],
});
