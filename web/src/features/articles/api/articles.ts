// The writers' and editors' calls of the articles API (lambdas/articles); the public page's are in reading.ts.
import type { ArticleDraft, ArticleVersionSummary, MyArticles, ReviewQueue } from '../../../../../shared/api-types';
import type { ArticleCreateInput, ArticleUpdateInput } from '../../../../../shared/articles';
import { api } from '../../../lib/api';
import { articleApiPath } from '../lib/paths';

export const fetchMyArticles = (signal?: AbortSignal) => api.get<MyArticles>('/articles/mine', { signal });

export const fetchReviewQueue = (signal?: AbortSignal) => api.get<ReviewQueue>('/articles/in-review', { signal });

export const fetchArticle = (id: string, signal?: AbortSignal) => api.get<ArticleDraft>(articleApiPath(id), { signal });

export const createArticle = (input: ArticleCreateInput) => api.post<ArticleDraft>('/articles', input);

export const updateArticle = (id: string, input: ArticleUpdateInput) => api.put<ArticleDraft>(articleApiPath(id), input);

export const deleteArticle = (id: string) => api.delete<void>(articleApiPath(id));

export const fetchVersions = (id: string, signal?: AbortSignal) =>
  api.get<ArticleVersionSummary[]>(`${articleApiPath(id)}/versions`, { signal });

/** `baseVersion`, the version the editor holds, guards against restoring over someone else's newer save. */
export const restoreVersion = (id: string, version: number, baseVersion: number) =>
  api.post<ArticleDraft>(`${articleApiPath(id)}/versions/${version}/restore`, { base_version: baseVersion });
