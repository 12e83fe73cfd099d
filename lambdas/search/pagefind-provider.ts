// The search engine as static Pagefind indexes in the site bucket: the current month's index, the recent
// index (the 12 months before it) and one archive index per year before them, each in its own folder
// under pagefind/ (shared/search.ts: the layout). A change rebuilds only the index it touches: a
// publication, the current month's (a month of articles: under a second); an edit or removal, the
// index holding the article. The daily job rebuilds the recent one (a year of articles: seconds).
// Every rebuild reads the table's current state, so running one again is always safe. Hashed files a
// previous build wrote recently are not put again (the bucket expires what nobody wrote for 14 days).
import { cityLabel, publicArticlePath } from '../../shared/article-rules';
import {
  SEARCH_FACET_TAGS,
  SEARCH_FACETS_FILE,
  SEARCH_INDEX_PREFIX,
  SEARCH_INDEXES_FILE,
  SEARCH_MONTH_INDEX,
  SEARCH_RECENT_INDEX,
  archiveIndexName,
  isRecentPart,
  monthSince,
  recentSince,
  searchIndexOf,
  type SearchFacets,
  type SearchIndexes,
} from '../../shared/search';
import { cityCounters, publishedArticles, type PublishedArticle } from '../articles/public';
import { logger } from '../platform/observability';
import { putSiteObjects, type SiteObject } from '../platform/site-bucket';
import { buildIndex, INDEX_CACHE } from './build';
import { articleDocument, type IndexedArticle } from './documents';
import type { ChangedArticle, SearchProvider, SearchUpdate } from './provider';
import { claimServedIndex, servedIndexes, type IndexContents, type IndexState, type StoredIndex } from './store';

/** S3 takes thousands of PUTs a second on a prefix; a Lambda's sockets are the limit. */
const PARALLEL_PUTS = 32;
/** A hashed file written this many days ago or more is written again (the bucket expires it at 14). */
export const REWRITE_AFTER_DAYS = 7;
/** Tag counts kept per index for the selects (the page shows the 200 most used overall). */
const TAGS_KEPT = 500;
const DAY_MS = 24 * 3600 * 1000;

const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');

/** The cities and the most used tags of what is indexed, for the search page's selects. */
export function facetsOf(documents: readonly { city: string; tags: readonly string[] }[]): SearchFacets {
  const tagUses = new Map<string, number>();
  for (const doc of documents) for (const tag of doc.tags) tagUses.set(tag, (tagUses.get(tag) ?? 0) + 1);
  return facetsFrom([...new Set(documents.map((doc) => doc.city).filter(Boolean))], tagUses);
}

function facetsFrom(cities: Iterable<string>, tagUses: Map<string, number>): SearchFacets {
  return {
    cities: [...new Set(cities)].sort(byName),
    tags: [...tagUses].sort((a, b) => b[1] - a[1] || byName(a[0], b[0])).slice(0, SEARCH_FACET_TAGS).map(([tag]) => tag).sort(byName),
  };
}

/** The facets as the file the search page reads, beside the indexes. */
export function facetsFile(facets: SearchFacets): SiteObject {
  return { key: `${SEARCH_INDEX_PREFIX}${SEARCH_FACETS_FILE}`, body: JSON.stringify(facets), contentType: 'application/json', cacheControl: INDEX_CACHE.entry };
}

/** The list of indexes the browser reads first, from what each index's build recorded. */
export function indexesOf(states: readonly Pick<IndexState, 'name' | 'pages' | 'since'>[], since: string): SearchIndexes {
  const recent = states.find((state) => state.name === SEARCH_RECENT_INDEX);
  const month = states.find((state) => state.name === SEARCH_MONTH_INDEX && state.pages > 0);
  const archives = states
    .filter((state) => !isRecentPart(state.name) && state.pages > 0)
    .map(({ name, pages }) => ({ name, pages }))
    .sort((a, b) => b.name.localeCompare(a.name));
  return {
    since: recent?.since ?? since,
    recent: { name: SEARCH_RECENT_INDEX, pages: recent?.pages ?? 0 },
    ...(month ? { month: { name: SEARCH_MONTH_INDEX, pages: month.pages } } : {}),
    archives,
  };
}

export function indexesFile(indexes: SearchIndexes): SiteObject {
  return { key: `${SEARCH_INDEX_PREFIX}${SEARCH_INDEXES_FILE}`, body: JSON.stringify(indexes), contentType: 'application/json', cacheControl: INDEX_CACHE.entry };
}

/** The order of a rebuild: the recent index, the current month's, then the years (by name, newest first). */
const rank = (name: string) => (name === SEARCH_RECENT_INDEX ? 2 : name === SEARCH_MONTH_INDEX ? 1 : 0);

const yearOf = (name: string) => Number(/^arquivo-(\d{4})$/.exec(name)?.[1] ?? NaN);

/** The oldest publication the rebuild of these indexes must read: the current month's alone reads only its month. */
export function readFrom(names: ReadonlySet<string>, since: string, month: string): string {
  const years = [...names].map(yearOf).filter(Number.isFinite);
  if (years.length) return new Date(Date.UTC(Math.min(...years), 0, 1)).toISOString();
  return names.has(SEARCH_RECENT_INDEX) ? since : month;
}

/** The index an edited or removed article is in now (the one listing it), if any. */
export function holderOf(id: string, served: readonly StoredIndex[]): string | undefined {
  return served.find((index) => index.contents.ids.includes(id))?.name;
}

/** The archive years that months leaving the recent index (from `before` to `since`) go to. */
export function yearsLeaving(before: string | undefined, since: string): string[] {
  if (!before || before >= since) return [];
  const years = new Set<string>();
  for (let year = new Date(before).getUTCFullYear(); year <= new Date(Date.parse(since) - 1).getUTCFullYear(); year++) years.add(archiveIndexName(year));
  return [...years];
}

/** The hashed files to put: new ones, and those last put REWRITE_AFTER_DAYS ago or more. */
export function filesToPut(files: readonly SiteObject[], previous: Record<string, string>, today: string): { put: SiteObject[]; dates: Record<string, string> } {
  const put: SiteObject[] = [];
  const dates: Record<string, string> = {};
  for (const file of files) {
    if (file.cacheControl !== INDEX_CACHE.hashed) {
      put.push(file);
      continue;
    }
    const last = previous[file.key];
    const fresh = last !== undefined && (Date.parse(today) - Date.parse(last)) / DAY_MS < REWRITE_AFTER_DAYS;
    dates[file.key] = fresh ? last : today;
    if (!fresh) put.push(file);
  }
  return { put, dates };
}

/** Days since the oldest write of an index's files still served (its build's end when their dates were not kept). */
export function writtenDaysAgo(index: Pick<StoredIndex, 'finished_at' | 'contents'>, now: Date): number {
  const dates = Object.values(index.contents.files);
  const oldest = dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : index.finished_at.slice(0, 10);
  return (Date.parse(now.toISOString().slice(0, 10)) - Date.parse(oldest)) / DAY_MS;
}

interface Member {
  article: PublishedArticle;
  city: string;
  doc: IndexedArticle;
}

async function rebuildOne(name: string, members: Member[], previous: StoredIndex | undefined, startedAt: string, since: string, now: Date) {
  const started = Date.now();
  const tags = new Map<string, number>();
  for (const { article } of members) for (const tag of article.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  const contents: IndexContents = {
    ids: members.map(({ article }) => article.id),
    cities: [...new Set(members.map(({ city }) => city).filter(Boolean))],
    tags: Object.fromEntries([...tags].sort((a, b) => b[1] - a[1]).slice(0, TAGS_KEPT)),
    files: {},
  };
  // An archive year or a month left with nothing is dropped from the list (its files expire); the
  // recent index is always built, even empty: it carries the script the search loads.
  const built = members.length || name === SEARCH_RECENT_INDEX ? await buildIndex(members.map(({ doc }) => doc), { name }) : undefined;
  let written = 0;
  let entry: SiteObject | undefined;
  if (built) {
    entry = built.files.at(-1)!;
    const { put, dates } = filesToPut(built.files.slice(0, -1), previous?.contents.files ?? {}, now.toISOString().slice(0, 10));
    contents.files = dates;
    await putSiteObjects(put, PARALLEL_PUTS);
    written = put.length + 1;
  }
  const state: IndexState = {
    name,
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    since,
    pages: members.length,
    files: built?.files.length ?? 0,
    bytes: built?.bytes ?? 0,
    written,
    build_ms: Date.now() - started,
  };
  const served = await claimServedIndex(state, contents);
  if (served && entry) await putSiteObjects([entry]);
  logger.info('search index rebuilt', { ...state, served });
  return { name, pages: state.pages, files: state.files, written, build_ms: state.build_ms, served };
}

/** Rebuilds these indexes (all: every index there is or was) from the table's current state. */
async function rebuild(which: ReadonlySet<string> | 'all', now: Date): Promise<SearchUpdate> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const since = recentSince(now);
  const previous = await servedIndexes();
  const before = new Map(previous.map((index) => [index.name, index]));
  const wanted = new Set(which === 'all' ? [SEARCH_RECENT_INDEX, SEARCH_MONTH_INDEX, ...before.keys()] : which);
  // The two share a boundary (the first of the month): a new month moves the last one from the
  // current month's index into the recent one, so with a new boundary both are rebuilt, and the
  // current month's (a small one) whenever the recent one is. A recent index served with no month
  // index beside it was built before they were split: it still holds this month, rebuilt too.
  const moved = before.get(SEARCH_RECENT_INDEX)?.since !== since || !before.has(SEARCH_MONTH_INDEX);
  if (wanted.has(SEARCH_MONTH_INDEX) && moved) wanted.add(SEARCH_RECENT_INDEX);
  if (wanted.has(SEARCH_RECENT_INDEX)) wanted.add(SEARCH_MONTH_INDEX);
  // The recent index built with a later start moves its oldest months out: their archive years with it.
  if (wanted.has(SEARCH_RECENT_INDEX)) for (const name of yearsLeaving(before.get(SEARCH_RECENT_INDEX)?.since, since)) wanted.add(name);
  const bound = which === 'all' ? undefined : readFrom(wanted, since, monthSince(now));
  // A premium article's body is never asked for (nor kept in memory).
  const [articles, cities] = await Promise.all([publishedArticles((article) => article.visibility !== 'premium', bound), cityCounters()]);
  const labels = new Map(cities.map((city) => [city.location_path, cityLabel(city.location_name, city.state_code)]));
  const groups = new Map<string, Member[]>();
  for (const article of articles) {
    const city = (article.location_path && labels.get(article.location_path)) || '';
    const doc = articleDocument(article, city, publicArticlePath(article.location_path, article.slug), now);
    const group = groups.get(doc.index) ?? [];
    group.push({ article, city, doc });
    groups.set(doc.index, group);
  }
  articles.length = 0;
  const names = new Set(which === 'all' ? [...wanted, ...groups.keys()] : wanted);
  const indexes: SearchUpdate['indexes'] = [];
  // The recent index first (what readers search), then the current month's, then the archive years,
  // newest first; one at a time, so the indexer holds one year in memory at most.
  const order = [...names].sort((a, b) => rank(b) - rank(a) || b.localeCompare(a));
  for (const name of order) {
    indexes.push(await rebuildOne(name, groups.get(name) ?? [], before.get(name), startedAt, since, now));
    groups.delete(name);
  }
  // The list and the selects' values, from every index as now served (this build's and the others').
  const served = await servedIndexes();
  const tagUses = new Map<string, number>();
  for (const index of served) for (const [tag, count] of Object.entries(index.contents.tags)) tagUses.set(tag, (tagUses.get(tag) ?? 0) + count);
  await putSiteObjects([facetsFile(facetsFrom(served.flatMap((index) => index.contents.cities), tagUses)), indexesFile(indexesOf(served, since))]);
  return { indexes, ms: Date.now() - started };
}

export const pagefindProvider: SearchProvider = {
  build: (now) => rebuild('all', now),

  async update(articles: readonly ChangedArticle[], now) {
    const served = await servedIndexes();
    if (!served.length) return rebuild('all', now);
    const names = new Set<string>();
    for (const article of articles) {
      // A publication: the index of its time (the current month's for a new one).
      if (article.published_at) names.add(searchIndexOf(article.published_at, now));
      // An edit of an article already indexed (or a publication again): where it is now.
      const holder = holderOf(article.id, served);
      if (holder) names.add(holder);
      // An edit of an article no index lists, its time unknown: the recent part, where it most likely is.
      else if (!article.published_at) names.add(SEARCH_RECENT_INDEX);
    }
    return rebuild(names, now);
  },

  async remove(articleIds, now) {
    const served = await servedIndexes();
    if (!served.length) return rebuild('all', now);
    return rebuild(new Set(articleIds.map((id) => holderOf(id, served) ?? SEARCH_RECENT_INDEX)), now);
  },

  async refresh(now) {
    const served = await servedIndexes();
    const recent = served.find((index) => index.name === SEARCH_RECENT_INDEX);
    if (!recent) return rebuild('all', now);
    // The months leaving the recent index are added by rebuild; archive years whose files get old are
    // built again here (about once a week each), before the bucket expires them.
    const stale = served.filter((index) => !isRecentPart(index.name) && index.pages > 0 && writtenDaysAgo(index, now) >= REWRITE_AFTER_DAYS);
    return rebuild(new Set([SEARCH_RECENT_INDEX, ...stale.map((index) => index.name)]), now);
  },
};

/** Everything from the table (the local runtime's first build, the demo seed). */
export const rebuildSearchIndex = (now = new Date()) => pagefindProvider.build(now);
