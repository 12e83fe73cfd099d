// The search index's contract between the worker that builds it (lambdas/search) and the page that
// searches it in the browser (web/src/features/search): where it lives, the names of its filters,
// sort key and metadata, and the pt-BR words of the search page. No AWS SDK, no React.

/** The index's folder in the site bucket, served by CloudFront under the same path. */
export const SEARCH_INDEX_PREFIX = 'pagefind/';
export const SEARCH_INDEX_PATH = `/${SEARCH_INDEX_PREFIX}`;
/** The page's address: /busca?q=… */
export const SEARCH_PAGE_PATH = '/busca';

/** Pagefind filter names, as the URL's parameters name them too (?cidade=…&tag=…&periodo=…). */
export const SEARCH_FILTERS = { city: 'cidade', tag: 'tag', period: 'periodo' } as const;

/**
 * The period filter's values. Each article carries every period it falls in at the build (a week-old
 * article is in `mes` and `ano`), and the index is rebuilt at least daily, so a period is right to the day.
 */
export const SEARCH_PERIODS = [
  { value: 'semana', label: 'Últimos 7 dias', days: 7 },
  { value: 'mes', label: 'Últimos 30 dias', days: 30 },
  { value: 'ano', label: 'Últimos 12 meses', days: 365 },
] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number]['value'];

/** Pagefind sort key: the publication time (ISO 8601), for 'Mais recentes'. */
export const SEARCH_SORT_KEY = 'data';

/** What each result carries besides its URL (Pagefind `meta`): strings only. */
export interface SearchMeta {
  title: string;
  /** The article's summary: the lead every reader may read. */
  lead: string;
  /** published_at, ISO 8601. */
  date: string;
  /** 'Campinas (SP)', or '' for an article with no city. */
  city: string;
  /** 'sim' for a premium article. */
  premium: 'sim' | 'nao';
}

/**
 * The filters' values, written beside the index by each build: the selects' options without Pagefind's
 * filter files, which are large for a large archive and make Pagefind count them on every search.
 */
export const SEARCH_FACETS_FILE = 'facets.json';
export interface SearchFacets {
  /** The cities of published articles, as labelled in the index ('Campinas (SP)'). */
  cities: string[];
  /** The most used tags (SEARCH_FACET_TAGS at most). */
  tags: string[];
}
export const SEARCH_FACET_TAGS = 200;

/** Results a page of the search shows. */
export const SEARCH_PAGE_SIZE = 10;

/** The most read articles the page suggests when a search finds nothing (GET /api/articles/most-read). */
export interface SuggestedArticle {
  id: string;
  title: string;
  summary: string;
  /** The article's public path: /{city}/{slug} or /article/{slug}. */
  path: string;
  /** 'Campinas (SP)' or null. */
  city: string | null;
  is_premium: boolean;
  published_at: string;
}
export interface SuggestedArticles {
  articles: SuggestedArticle[];
}
/** How many the page suggests, from the articles published in how many days. */
export const SEARCH_SUGGESTIONS = { count: 5, days: 30 } as const;

/** Which periods a publication falls in, at `now`. */
export function periodsOf(publishedAt: string, now: Date): SearchPeriod[] {
  const age = now.getTime() - new Date(publishedAt).getTime();
  return SEARCH_PERIODS.filter((period) => age <= period.days * 24 * 3600 * 1000).map((period) => period.value);
}

// The index's layout: the current month's index (small: a publication rebuilds only it), the recent
// index (the 12 months before it), both searched first, and one archive index per year before them,
// merged into a search only on demand (Pagefind's mergeIndex). Each is its own Pagefind index in its
// own folder under SEARCH_INDEX_PREFIX.

/** The recent index's folder (its script, worker and WebAssembly are the ones the browser loads). */
export const SEARCH_RECENT_INDEX = 'recente';
/** The current month's folder: always searched with the recent one, rebuilt alone after a publication. */
export const SEARCH_MONTH_INDEX = 'mes';
/** An archive year's folder. */
export const archiveIndexName = (year: number) => `arquivo-${year}`;
/** How many whole months before the current one the recent index holds. */
export const SEARCH_RECENT_MONTHS = 12;
/** A filter every article carries with its index's name: a search of one index among the merged ones. */
export const SEARCH_INDEX_FILTER = 'indice';

/**
 * Where the recent index begins at `now`: the first instant (UTC) of the month 12 months before the
 * current one. It moves once a month, so an archive year changes only when a month leaves the recent
 * index (or one of its articles is edited or removed); every period filter (at most 365 days) is in it.
 */
export function recentSince(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - SEARCH_RECENT_MONTHS, 1)).toISOString();
}

/** Where the current month's index begins at `now` (the recent index ends there): the first instant of the month (UTC). */
export function monthSince(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** The index an article published at `publishedAt` belongs in, at `now`. */
export function searchIndexOf(publishedAt: string, now: Date): string {
  if (publishedAt >= monthSince(now)) return SEARCH_MONTH_INDEX;
  return publishedAt >= recentSince(now) ? SEARCH_RECENT_INDEX : archiveIndexName(new Date(publishedAt).getUTCFullYear());
}

/** The recent index and the current month's: the part of the archive every search reads. */
export const isRecentPart = (name: string) => name === SEARCH_RECENT_INDEX || name === SEARCH_MONTH_INDEX;

/** The indexes the browser may search (written after every build, read before the first search). */
export const SEARCH_INDEXES_FILE = 'indices.json';
export interface SearchIndexEntry {
  /** The folder under the prefix ('recente', 'arquivo-2019'). */
  name: string;
  pages: number;
}
export interface SearchIndexes {
  /** recentSince of the last build (ISO). */
  since: string;
  recent: SearchIndexEntry;
  /** The current month's index, searched with the recent one (absent in a list written before it, or while the month has no article). */
  month?: SearchIndexEntry;
  /** The archive years that hold articles, newest first. */
  archives: SearchIndexEntry[];
}
