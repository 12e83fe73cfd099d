// TanStack Query keys of the search feature, all under 'search'.
import type { SearchState } from '../lib/params';

export const searchKeys = {
  all: () => ['search'] as const,
  /** GET /api/articles/most-read: the suggestions (filled by the server for the rendered page). */
  suggestions: () => ['search', 'suggestions'] as const,
  /** The filters' values in the index (facets.json). */
  filters: () => ['search', 'filters'] as const,
  results: (state: SearchState) => ['search', 'results', state] as const,
};
