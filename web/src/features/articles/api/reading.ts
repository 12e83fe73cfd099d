// The calls of the public article page. Apart from articles.ts so that readers do not load the writers' calls.
import type { ArticleCard, ArticleView } from '../../../../../shared/api-types';
import { api } from '../../../lib/api';
import { articleApiPath } from '../lib/paths';

export function fetchArticleBySlug(slug: string, location: string | null, signal?: AbortSignal): Promise<ArticleView> {
  const path = `/articles/by-slug/${encodeURIComponent(slug)}`;
  return api.get<ArticleView>(location ? `${path}?location=${encodeURIComponent(location)}` : path, { signal });
}

export function fetchRelated(id: string, signal?: AbortSignal): Promise<{ articles: ArticleCard[] }> {
  return api.get(`${articleApiPath(id)}/related`, { auth: false, signal });
}

export function countView(id: string): Promise<void> {
  return api.post<void>(`${articleApiPath(id)}/view`, undefined, { auth: false });
}
