// GET /api/articles/most-read: what the search page suggests when there is no query or no match.
import type { SuggestedArticles } from '../../../../../shared/search';
import { api } from '../../../lib/api';

export function fetchSuggestions(signal?: AbortSignal): Promise<SuggestedArticles> {
  return api.get<SuggestedArticles>('/articles/most-read', { auth: false, signal });
}
