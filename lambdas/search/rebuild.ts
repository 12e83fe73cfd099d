// One rebuild of the search index: read every published article (one Query on the feed index, never
// a Scan) and the city labels, build, write the files, then point the site at them. Rebuilding from
// the table's current state makes it safe to run again at any time: an unpublished or deleted
// article is simply not read.
import { cityLabel, publicArticlePath } from '../../shared/article-rules';
import { SEARCH_FACET_TAGS, SEARCH_FACETS_FILE, SEARCH_INDEX_PREFIX, type SearchFacets } from '../../shared/search';
import { cityCounters, publishedArticles } from '../articles/public';
import { logger } from '../platform/observability';
import { putSiteObjects, type SiteObject } from '../platform/site-bucket';
import { buildIndex, INDEX_CACHE } from './build';
import { articleDocument } from './documents';
import { claimServedIndex, type IndexState } from './store';

/** S3 takes thousands of PUTs a second on a prefix; a Lambda's sockets are the limit. */
const PARALLEL_PUTS = 32;

export interface RebuildResult extends IndexState {
  /** false when a build that started later was already served (this one's entry was not written). */
  served: boolean;
}

/** The cities and the most used tags of what is indexed, for the search page's selects. */
export function facetsOf(documents: readonly { city: string; tags: readonly string[] }[]): SearchFacets {
  const tagUses = new Map<string, number>();
  for (const doc of documents) for (const tag of doc.tags) tagUses.set(tag, (tagUses.get(tag) ?? 0) + 1);
  const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');
  return {
    cities: [...new Set(documents.map((doc) => doc.city).filter(Boolean))].sort(byName),
    tags: [...tagUses].sort((a, b) => b[1] - a[1] || byName(a[0], b[0])).slice(0, SEARCH_FACET_TAGS).map(([tag]) => tag).sort(byName),
  };
}

/** The facets as the file the search page reads, beside the index. */
export function facetsFile(facets: SearchFacets): SiteObject {
  return { key: `${SEARCH_INDEX_PREFIX}${SEARCH_FACETS_FILE}`, body: JSON.stringify(facets), contentType: 'application/json', cacheControl: INDEX_CACHE.entry };
}

export async function rebuildSearchIndex(now = new Date()): Promise<RebuildResult> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  // A premium article's body is never asked for (nor kept in memory).
  const [articles, cities] = await Promise.all([publishedArticles((article) => article.visibility !== 'premium'), cityCounters()]);
  const labels = new Map(cities.map((city) => [city.location_path, cityLabel(city.location_name, city.state_code)]));
  const cityOf = (article: (typeof articles)[number]) => (article.location_path && labels.get(article.location_path)) || '';
  const documents = articles.map((article) => articleDocument(article, cityOf(article), publicArticlePath(article.location_path, article.slug), now));
  const built = await buildIndex(documents);
  const entry = built.files.at(-1)!;
  const facets = facetsOf(articles.map((article) => ({ city: cityOf(article), tags: article.tags })));
  await putSiteObjects([...built.files.slice(0, -1), facetsFile(facets)], PARALLEL_PUTS);
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
