// The browser's side of the static Pagefind indexes (written by lambdas/search, served at /pagefind/):
// the list of indexes (indices.json) and the recent index's script are loaded only when a search runs,
// never with the page. A search reads the recent part first: the recent index and the current month's,
// merged (a publication rebuilds only the month's); the archive years are merged in (Pagefind's mergeIndex: each adds its entry, metadata and the chunks a query needs) only
// when the reader asks for them, or when the recent index holds no match of the reader's own words.
// Only the results of the page shown are read (each result's data is a fragment to download), and
// Pagefind's near spellings never pass for matches (shared/search-relevance.ts).
import {
  SEARCH_FACETS_FILE,
  SEARCH_INDEX_FILTER,
  SEARCH_INDEX_PATH,
  SEARCH_INDEXES_FILE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORT_KEY,
  type SearchFacets,
  type SearchIndexes,
  type SearchMeta,
} from '../../../../../shared/search';
import { hasOwnMatch, hasWholeMatch, nearSpellings, queryTerms } from '../../../../../shared/search-relevance';
import { matchedWords } from './highlight';
import { isActiveSearch, pagefindFilters, type SearchState } from './params';

export interface PagefindResultData {
  url: string;
  content: string;
  meta: Partial<SearchMeta>;
  locations?: number[];
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

interface PagefindResponse {
  results: PagefindResult[];
}

type Filters = Record<string, string | { any: string[] }>;
type SearchOptions = { filters?: Filters; sort?: Record<string, 'asc' | 'desc'> };

export interface Pagefind {
  options(options: { basePath: string }): Promise<void>;
  mergeIndex(path: string, options?: object): Promise<void>;
  search(term: string | null, options: SearchOptions): Promise<PagefindResponse>;
  /** Loads the index chunks a term needs, ahead of its search. */
  preload(term: string, options?: SearchOptions): Promise<void>;
}

export interface SearchHit {
  url: string;
  title: string;
  lead: string;
  date: string;
  city: string;
  premium: boolean;
  /** Folded words of the content that matched, to mark in the title. */
  matched: string[];
}

export interface SearchOutcome {
  total: number;
  hits: SearchHit[];
  /** Only the last 12 months were searched, and older years could add results (the page offers them). */
  recentOnly: boolean;
  /** Where the recent index begins (ISO), for the offer's words. */
  since: string;
  /** With no match of the reader's own words: near spellings to suggest instead (maybe none). */
  near: string[];
}

/** The indexes and the search that reads them; archives merged once, the first time they are wanted. */
interface Loaded {
  pagefind: Pagefind;
  /** The recent part, searched first (the current month's and the recent index, those with articles), newest first. */
  parts: string[];
  /** The archive years, newest first. */
  others: string[];
  since: string;
  merged?: Promise<void>;
}

const NOTHING: SearchOutcome = { total: 0, hits: [], recentOnly: false, since: '', near: [] };
const EMPTY: Loaded = {
  pagefind: { options: async () => {}, mergeIndex: async () => {}, search: async () => ({ results: [] }), preload: async () => {} },
  parts: [],
  others: [],
  since: '',
};

const folder = (name: string) => `${SEARCH_INDEX_PATH}${name}/`;
let loading: Promise<Loaded> | undefined;

/**
 * The list of indexes, then the first one's script, loaded once; a failed load is tried again by the
 * next search. Pagefind's own filter files are never asked for all at once: it then counts every filter
 * on every search, seconds for a large archive. The selects' values come from the facets file instead.
 */
async function load(): Promise<Loaded> {
  const response = await fetch(`${SEARCH_INDEX_PATH}${SEARCH_INDEXES_FILE}`);
  if (!response.ok) throw new Error(`${SEARCH_INDEXES_FILE}: HTTP ${response.status}`);
  const indexes = (await response.json()) as SearchIndexes;
  // A portal with no published article has an index with no language in it, which Pagefind fails to
  // open (its error unhandled): nothing to find, and nothing to load.
  const withPages = (list: (SearchIndexes['recent'] | undefined)[]) => list.filter((index) => index && index.pages > 0).map((index) => index!.name);
  const parts = withPages([indexes.month, indexes.recent]);
  const names = [...parts, ...withPages(indexes.archives)];
  if (!names.length) return EMPTY;
  const pagefind = (await import(/* @vite-ignore */ `${folder(names[0]!)}pagefind.js`)) as Pagefind;
  await pagefind.options({ basePath: folder(names[0]!) });
  // The other part of the recent one: its entry and metadata, a few KB (the script and WebAssembly are shared).
  await Promise.all(parts.slice(1).map((name) => pagefind.mergeIndex(folder(name))));
  return { pagefind, parts: parts.length ? parts : names.slice(0, 1), others: names.slice(Math.max(parts.length, 1)), since: indexes.since };
}

function loadPagefind(): Promise<Loaded> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function mergeArchives(loaded: Loaded): Promise<void> {
  loaded.merged ??= Promise.all(loaded.others.map((name) => loaded.pagefind.mergeIndex(folder(name)))).then(
    () => undefined,
    (error: unknown) => {
      loaded.merged = undefined;
      throw error;
    },
  );
  return loaded.merged;
}

/** Words this short match too many index chunks to fetch them while the reader is still typing. */
const PRELOAD_MIN_LENGTH = 3;

/**
 * Starts loading the index's script ahead of the first search (the reader reached for the input);
 * with the words typed so far, the index chunks they need too, while the typing pause runs.
 */
export function preloadPagefind(term = ''): void {
  const words = term.trim();
  loadPagefind()
    .then((loaded) => (words.split(/\s+/).at(-1)!.length >= PRELOAD_MIN_LENGTH ? loaded.pagefind.preload(words) : undefined))
    .catch(() => undefined);
}

/** A search given up for a newer one (its results would not be shown). */
export class SearchSuperseded extends Error {
  constructor() {
    super('search superseded');
  }
}

function hitOf(data: PagefindResultData): SearchHit {
  const meta = data.meta;
  return {
    url: data.url,
    title: meta.title || data.content.slice(0, 120),
    lead: meta.lead ?? '',
    date: meta.date ?? '',
    city: meta.city ?? '',
    premium: meta.premium === 'sim',
    matched: data.locations ? [...matchedWords(data.content, data.locations)] : [],
  };
}

/** The results of the recent part alone, or of every index (newest first: each index's order, the indexes in time order). */
async function results(loaded: Loaded, all: boolean, term: string | null, filters: Record<string, string>, byDate: boolean): Promise<PagefindResult[]> {
  const sort = byDate ? { [SEARCH_SORT_KEY]: 'desc' as const } : undefined;
  const { pagefind } = loaded;
  if (all) await mergeArchives(loaded);
  const names = all ? [...loaded.parts, ...loaded.others] : loaded.parts;
  // Pagefind orders the merged indexes' results by score alone: by date, each index is searched on
  // its own (its filter) and the lists follow each other, newest index first.
  if (byDate && names.length > 1) {
    const each = await Promise.all(names.map((name) => pagefind.search(term, { filters: { ...filters, [SEARCH_INDEX_FILTER]: name }, sort })));
    return each.flatMap((response) => response.results);
  }
  // Once archives are merged every search reads them all: the indexes' own filter keeps to the recent part.
  const part = loaded.parts.length === 1 ? loaded.parts[0]! : { any: loaded.parts };
  const own: Filters = !all && loaded.merged ? { ...filters, [SEARCH_INDEX_FILTER]: part } : filters;
  return (await pagefind.search(term, { filters: own, sort })).results;
}

export interface PageOfResults {
  total: number;
  hits: SearchHit[];
  /** No result holds the reader's own words (only near spellings): `near` are the ones to suggest. */
  noOwnMatch: boolean;
  near: string[];
}

/**
 * One page of results, as the page shows it: for a query, results holding only near spellings of a
 * term are left out (never ranked among real matches); when none holds the reader's own words, nothing
 * is shown but the near spellings worth suggesting. Exported for the bench's precision figures (tests/bench/search.ts).
 */
export async function pageOf(list: readonly PagefindResult[], q: string, page: number): Promise<PageOfResults> {
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  const data = await Promise.all(list.slice(start, start + SEARCH_PAGE_SIZE).map((result) => result.data()));
  const terms = queryTerms(q);
  if (!terms.length) return { total: list.length, hits: data.map(hitOf), noOwnMatch: false, near: [] };
  const matched = data.map((item) => (item.locations ? matchedWords(item.content, item.locations) : new Set<string>()));
  const owned = data.filter((_, index) => hasOwnMatch(terms, matched[index]!));
  // When some hold the terms as whole words, those holding only longer words that begin with them go
  // (a finished "metro" is not "metropolitano"; while a word is being typed, none holds it whole).
  const whole = data.filter((_, index) => hasWholeMatch(terms, matched[index]!));
  const own = whole.length ? whole : owned;
  if (data.length && !own.length) {
    const written = data.flatMap((item) => {
      const all = item.content.split(/\s+/).filter(Boolean);
      return (item.locations ?? []).map((location) => all[location] ?? '');
    });
    // Suggestions for the terms with no match of their own only.
    const missing = terms.filter((term) => !matched.some((words) => hasOwnMatch([term], words)));
    return { total: 0, hits: [], noOwnMatch: true, near: nearSpellings(missing, written) };
  }
  return { total: list.length - (data.length - own.length), hits: own.map(hitOf), noOwnMatch: list.length === 0, near: [] };
}

/**
 * One page of a search. Without a query the newest come first (there is no relevance to rank by).
 * With `signal`, a search aborted meanwhile stops before fetching its results' fragments (SearchSuperseded).
 */
export async function runSearch(state: SearchState, signal?: AbortSignal): Promise<SearchOutcome> {
  if (!isActiveSearch(state)) return NOTHING;
  const loaded = await loadPagefind();
  const term = state.q || null;
  const filters = pagefindFilters(state);
  const byDate = state.sort === 'recentes' || !term;
  // Every period is within the recent index: with one set, older years have nothing to add.
  const archivesMayAdd = loaded.others.length > 0 && !state.period;
  let all = archivesMayAdd && state.archive;
  const page = async (list: PagefindResult[]) => {
    if (signal?.aborted) throw new SearchSuperseded();
    return pageOf(list, state.q, state.page);
  };
  let found = await page(await results(loaded, all, term, filters, byDate));
  if (!all && archivesMayAdd && found.noOwnMatch) {
    // Nothing of the reader's own words in 12 months: the archive may hold them.
    all = true;
    found = await page(await results(loaded, all, term, filters, byDate));
  }
  return { total: found.total, hits: found.hits, recentOnly: archivesMayAdd && !all, since: loaded.since, near: found.near };
}

/** The filters' values (a few KB written with each build), for the selects. */
export async function facetValues(): Promise<SearchFacets> {
  const response = await fetch(`${SEARCH_INDEX_PATH}${SEARCH_FACETS_FILE}`);
  if (response.status === 404) return { cities: [], tags: [] };
  if (!response.ok) throw new Error(`${SEARCH_FACETS_FILE}: HTTP ${response.status}`);
  return (await response.json()) as SearchFacets;
}
