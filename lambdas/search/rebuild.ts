// One rebuild of the search index: read every published article (one Query on the feed index, never
// a Scan) and the city labels, build, write the files, then point the site at them. Rebuilding from
// the table's current state makes it safe to run again at any time: an unpublished or deleted
// article is simply not read.
import { cityLabel, publicArticlePath } from '../../shared/article-rules';
import { cityCounters, publishedArticles } from '../articles/public';
import { logger } from '../platform/observability';
import { putSiteObjects } from '../platform/site-bucket';
import { buildIndex } from './build';
import { articleDocument } from './documents';
import { claimServedIndex, type IndexState } from './store';

/** S3 takes thousands of PUTs a second on a prefix; a Lambda's sockets are the limit. */
const PARALLEL_PUTS = 32;

export interface RebuildResult extends IndexState {
  /** false when a build that started later was already served (this one's entry was not written). */
  served: boolean;
}

export async function rebuildSearchIndex(now = new Date()): Promise<RebuildResult> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  // A premium article's body is never asked for (nor kept in memory).
  const [articles, cities] = await Promise.all([publishedArticles((article) => article.visibility !== 'premium'), cityCounters()]);
  const labels = new Map(cities.map((city) => [city.location_path, cityLabel(city.location_name, city.state_code)]));
  const documents = articles.map((article) =>
    articleDocument(article, (article.location_path && labels.get(article.location_path)) || '', publicArticlePath(article.location_path, article.slug), now),
  );
  const built = await buildIndex(documents);
  const entry = built.files.at(-1)!;
  await putSiteObjects(built.files.slice(0, -1), PARALLEL_PUTS);
  const state: IndexState = {
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    pages: built.pages,
    files: built.files.length,
    bytes: built.bytes,
    build_ms: Date.now() - started,
  };
  const served = await claimServedIndex(state);
  if (served) await putSiteObjects([entry]);
  logger.info('search index rebuilt', { ...state, served });
  return { ...state, served };
}
