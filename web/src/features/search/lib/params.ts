// The search's state as the address holds it (/busca?q=…&cidade=…&tag=…&periodo=…&ordem=recentes&arquivo=todos&page=2),
// so a search can be shared and the back button returns to it. Pure: the unit tests import it.
import { SEARCH_FILTERS, SEARCH_PAGE_PATH, SEARCH_PERIODS, type SearchPeriod } from '../../../../../shared/search';

export type SearchSort = 'relevancia' | 'recentes';

export interface SearchState {
  q: string;
  city: string | null;
  tag: string | null;
  period: SearchPeriod | null;
  sort: SearchSort;
  /** The archive years too, not only the last 12 months (the reader asked: arquivo=todos). */
  archive: boolean;
  page: number;
}

export const EMPTY_SEARCH: SearchState = { q: '', city: null, tag: null, period: null, sort: 'relevancia', archive: false, page: 1 };

/** The parameter of the order (only 'recentes' is written: relevance is the default). */
export const SORT_PARAM = 'ordem';
/** The parameter that asks for the whole archive (`arquivo=todos`). */
export const ARCHIVE_PARAM = 'arquivo';
/** Long enough for any real query; a longer one is cut rather than sent whole to the index. */
export const MAX_QUERY_LENGTH = 200;
/** Beyond any real archive's pages: a bigger number in a pasted address is read as the last page. */
const MAX_PAGE = 1000;

const isPeriod = (value: string | null): value is SearchPeriod => SEARCH_PERIODS.some((period) => period.value === value);

function textParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, MAX_QUERY_LENGTH) : null;
}

/** Reads an address's query; anything unknown or malformed falls back to the default. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const period = params.get(SEARCH_FILTERS.period);
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    city: textParam(params, SEARCH_FILTERS.city),
    tag: textParam(params, SEARCH_FILTERS.tag),
    period: isPeriod(period) ? period : null,
    sort: params.get(SORT_PARAM) === 'recentes' ? 'recentes' : 'relevancia',
    archive: params.get(ARCHIVE_PARAM) === 'todos',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The query of a state, defaults left out, in a stable order (q, cidade, tag, periodo, ordem, arquivo, page). */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.city) params.set(SEARCH_FILTERS.city, state.city);
  if (state.tag) params.set(SEARCH_FILTERS.tag, state.tag);
  if (state.period) params.set(SEARCH_FILTERS.period, state.period);
  if (state.sort === 'recentes') params.set(SORT_PARAM, 'recentes');
  if (state.archive) params.set(ARCHIVE_PARAM, 'todos');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** True when the state asks for a search (a query or a filter); otherwise the page only suggests. */
export const isActiveSearch = (state: SearchState) => Boolean(state.q || state.city || state.tag || state.period);

/** Pagefind's `filters` option for a state: the filters that are set. */
export function pagefindFilters(state: SearchState): Record<string, string> {
  const filters: Record<string, string> = {};
  if (state.city) filters[SEARCH_FILTERS.city] = state.city;
  if (state.tag) filters[SEARCH_FILTERS.tag] = state.tag;
  if (state.period) filters[SEARCH_FILTERS.period] = state.period;
  return filters;
}

/** The number of pages of a result count (at least one). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The address of a search (a plain link: it works before the app or the island is there). */
export function searchHref(state: SearchState): string {
  const query = searchParamsOf(state).toString();
  return query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH;
}
