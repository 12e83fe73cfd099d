// The browser's side of the static Pagefind index (written by lambdas/search, served at /pagefind/):
// its script is imported only when a search runs, never with the page, and only the results of the
// page shown are read (each result's data is a fragment to download).
import { SEARCH_FACETS_FILE, SEARCH_INDEX_PATH, SEARCH_PAGE_SIZE, SEARCH_SORT_KEY, type SearchFacets, type SearchMeta } from '../../../../../shared/search';
import { matchedWords } from './highlight';
import { isActiveSearch, pagefindFilters, type SearchState } from './params';

interface PagefindResultData {
  url: string;
  content: string;
  meta: Partial<SearchMeta>;
  locations?: number[];
}

interface PagefindResponse {
  results: { id: string; data(): Promise<PagefindResultData> }[];
}

interface Pagefind {
  options(options: { basePath: string }): Promise<void>;
  search(term: string | null, options: { filters?: Record<string, string>; sort?: Record<string, 'asc' | 'desc'> }): Promise<PagefindResponse>;
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
}

const EMPTY: Pagefind = {
  options: async () => {},
  search: async () => ({ results: [] }),
};

let loading: Promise<Pagefind> | undefined;

/**
 * The index's script, loaded once; a failed load is tried again by the next search. Pagefind's own
 * filter files are never asked for all at once: it then counts every filter on every search, seconds
 * for a large archive. The selects' values come from the facets file instead (facetValues).
 */
async function load(): Promise<Pagefind> {
  // A portal with no published article has an index with no language in it, which Pagefind fails to
  // open (its error unhandled): nothing to find, and nothing to load.
  const entry = await fetch(`${SEARCH_INDEX_PATH}pagefind-entry.json`);
  if (!entry.ok) throw new Error(`pagefind-entry.json: HTTP ${entry.status}`);
  if (!Object.keys(((await entry.json()) as { languages?: object }).languages ?? {}).length) return EMPTY;
  const pagefind = (await import(/* @vite-ignore */ `${SEARCH_INDEX_PATH}pagefind.js`)) as Pagefind;
  await pagefind.options({ basePath: SEARCH_INDEX_PATH });
  return pagefind;
}

function loadPagefind(): Promise<Pagefind> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts loading the index's script ahead of the first search (the reader reached for the input). */
export function preloadPagefind(): void {
  loadPagefind().catch(() => undefined);
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

/** One page of a search. Without a query the newest come first (there is no relevance to rank by). */
export async function runSearch(state: SearchState): Promise<SearchOutcome> {
  if (!isActiveSearch(state)) return { total: 0, hits: [] };
  const pagefind = await loadPagefind();
  const term = state.q || null;
  const sort = state.sort === 'recentes' || !term ? { [SEARCH_SORT_KEY]: 'desc' as const } : undefined;
  const response = await pagefind.search(term, { filters: pagefindFilters(state), sort });
  const start = (state.page - 1) * SEARCH_PAGE_SIZE;
  const hits = await Promise.all(response.results.slice(start, start + SEARCH_PAGE_SIZE).map(async (result) => hitOf(await result.data())));
  return { total: response.results.length, hits };
}

/** The filters' values (a few KB written with each build), for the selects. */
export async function facetValues(): Promise<SearchFacets> {
  const response = await fetch(`${SEARCH_INDEX_PATH}${SEARCH_FACETS_FILE}`);
  if (response.status === 404) return { cities: [], tags: [] };
  if (!response.ok) throw new Error(`${SEARCH_FACETS_FILE}: HTTP ${response.status}`);
  return (await response.json()) as SearchFacets;
}
