// The dashboard's figures: article counts (lambdas/articles), the quality score (lambdas/users) and,
// for masters, the applications waiting for a decision (lambdas/applications).
import type { ArticleStats } from '../../../../../shared/admin-articles';
import { api } from '../../../lib/api';

export type { ArticleStats, StatusCounts } from '../../../../../shared/admin-articles';

export interface QualityScore {
  /** Out of 10, one decimal; null before there is anything to judge. */
  score: number | null;
  reviews: number;
  seo_validations: number;
  submitted: number;
  sent_back: number;
}

export const fetchArticleStats = (signal?: AbortSignal) => api.get<ArticleStats>('/articles/stats', { signal });
export const fetchQuality = (signal?: AbortSignal) => api.get<QualityScore>('/me/quality', { signal });
export const fetchPendingApplications = (signal?: AbortSignal) => api.get<{ count: number }>('/admin/applications/pending-count', { signal });

export const dashboardKeys = {
  stats: (userId: string) => ['dashboard', 'stats', userId] as const,
  quality: (userId: string) => ['dashboard', 'quality', userId] as const,
  pendingApplications: () => ['dashboard', 'pending-applications'] as const,
};
