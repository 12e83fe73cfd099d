// The browser's side of the static Pagefind index (written by lambdas/search, served at /pagefind/):
// its script is imported only when a search runs, never with the page, and only the results of the
// page shown are read (each result's data is a fragment to download).
import { SEARCH_INDEX_PATH, SEARCH_PAGE_SIZE, SEARCH_SORT_KEY, type SearchMeta } from '../../../../../shared/search';
import { matchedWords } from './highlight';
import { isActiveSearch, pagefindFilters, type SearchState } from './params';

/** Counts of the results per value, per filter name (Pagefind's `filters`). */
export type FilterCounts = Record<string, Record<string, number>>;

interface PagefindResultData {
  url: string;
  content: string;
  meta: Partial<SearchMeta>;
  locations?: number[];
}

interface PagefindResponse {
  results: { id: string; data(): Promise<PagefindResultData> }[];
  /** Counts among the results the filters left. */
  filters: FilterCounts;
  /** Counts among the query's results before filtering. */
  totalFilters: FilterCounts;
}

interface Pagefind {
  options(options: { basePath: string }): Promise<void>;
  search(term: string | null, options: { filters?: Record<string, string>; sort?: Record<string, 'asc' | 'desc'> }): Promise<PagefindResponse>;
  filters(): Promise<FilterCounts>;
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
  /** For each filter, the counts of its values given the query and the other filters. */
  counts: FilterCounts;
}

const EMPTY: Pagefind = {
  options: async () => {},
  search: async () => ({ results: [], filters: {}, totalFilters: {} }),
  filters: async () => ({}),
};

let loading: Promise<{ pagefind: Pagefind; values: FilterCounts }> | undefined;

/**
 * The index's script, loaded once; a failed load is tried again by the next search. Its filters are
 * loaded with it: Pagefind counts a search's results only for the filters whose data it has loaded.
 */
async function load(): Promise<{ pagefind: Pagefind; values: FilterCounts }> {
  // A portal with no published article has an index with no language in it, which Pagefind fails to
  // open (its error unhandled): nothing to find, and nothing to load.
  const entry = await fetch(`${SEARCH_INDEX_PATH}pagefind-entry.json`);
  if (!entry.ok) throw new Error(`pagefind-entry.json: HTTP ${entry.status}`);
  if (!Object.keys(((await entry.json()) as { languages?: object }).languages ?? {}).length) return { pagefind: EMPTY, values: {} };
  const pagefind = (await import(/* @vite-ignore */ `${SEARCH_INDEX_PATH}pagefind.js`)) as Pagefind;
  await pagefind.options({ basePath: SEARCH_INDEX_PATH });
  return { pagefind, values: await pagefind.filters() };
}

function loadPagefind(): Promise<{ pagefind: Pagefind; values: FilterCounts }> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
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

/**
 * One page of a search. Without a query the newest come first (there is no relevance to rank by).
 * A filter that is set counts its values without itself (another search, cheap once the index's
 * chunks are loaded), so its select still offers the other values.
 */
export async function runSearch(state: SearchState): Promise<SearchOutcome> {
  if (!isActiveSearch(state)) return { total: 0, hits: [], counts: {} };
  const { pagefind } = await loadPagefind();
  const term = state.q || null;
  const sort = state.sort === 'recentes' || !term ? { [SEARCH_SORT_KEY]: 'desc' as const } : undefined;
  const response = await pagefind.search(term, { filters: pagefindFilters(state), sort });
  const start = (state.page - 1) * SEARCH_PAGE_SIZE;
  const set = Object.keys(pagefindFilters(state));
  const [hits, others] = await Promise.all([
    Promise.all(response.results.slice(start, start + SEARCH_PAGE_SIZE).map(async (result) => hitOf(await result.data()))),
    Promise.all(set.map(async (name) => [name, (await pagefind.search(term, { filters: pagefindFilters(state, name) })).filters[name] ?? {}] as const)),
  ]);
  return { total: response.results.length, hits, counts: { ...response.filters, ...Object.fromEntries(others) } };
}

/** Every value of every filter, with its count in the whole index (the selects before any search). */
export async function allFilterValues(): Promise<FilterCounts> {
  return (await loadPagefind()).values;
}
