// TanStack Query keys of the editorial feature, all under 'editorial'. A family called without
// arguments is the prefix of all its keys (to invalidate them all).
type Some<T extends unknown[]> = [] | T;

export const editorialKeys = {
  all: () => ['editorial'] as const,
  /** An article's reviews, newest first (ArticleReview[]). */
  reviews: (...id: Some<[articleId: string]>) => ['editorial', 'reviews', ...id] as const,
  /**
   * An article's internal comments, newest first (InternalComment[]). Live updates write into this
   * entry with queryClient.setQueryData and the helpers of api/cache.ts.
   */
  comments: (...id: Some<[articleId: string]>) => ['editorial', 'comments', ...id] as const,
};
