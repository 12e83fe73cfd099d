// The queries of the search page: one page of results from the index, the filters' values before any
// search, and the suggested articles.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSuggestions } from '../api/suggestions';
import { searchKeys } from '../api/keys';
import { isActiveSearch, type SearchState } from '../lib/params';
import { facetValues, runSearch } from '../lib/pagefind';

export function useSearchResults(state: SearchState) {
  return useQuery({
    queryKey: searchKeys.results(state),
    queryFn: () => runSearch(state),
    enabled: isActiveSearch(state),
    // Refining a query keeps the last results on screen (dimmed) instead of flashing the skeleton.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/** `wanted`: the reader reached for the filters, or a search runs (a small file; Pagefind is not loaded for it). */
export function useFilterValues(wanted: boolean) {
  return useQuery({ queryKey: searchKeys.filters(), queryFn: facetValues, enabled: wanted, staleTime: 10 * 60_000, retry: 1 });
}

export function useSuggestions(enabled: boolean) {
  return useQuery({ queryKey: searchKeys.suggestions(), queryFn: ({ signal }) => fetchSuggestions(signal), enabled, staleTime: 10 * 60_000 });
}
