// TanStack Query keys of the articles screens. Invalidating ARTICLES_KEY refreshes all of them.
export const ARTICLES_KEY = ['articles'] as const;

export const articleKeys = {
  mine: () => [...ARTICLES_KEY, 'mine'] as const,
  inReview: () => [...ARTICLES_KEY, 'in-review'] as const,
  detail: (id: string) => [...ARTICLES_KEY, 'detail', id] as const,
  versions: (id: string) => [...ARTICLES_KEY, 'detail', id, 'versions'] as const,
};
