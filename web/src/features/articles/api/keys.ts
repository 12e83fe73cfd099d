// TanStack Query keys of the articles feature, all under 'articles'. A family called without arguments
// is the prefix of all its keys (to invalidate them all). The home loads this module: keep it small.
type Some<T extends unknown[]> = [] | T;

export const articleKeys = {
  home: (...city: Some<[city: string | null]>) => ['articles', 'home', ...city] as const,
  // The view depends on who reads it (premium body, can_edit): the reader is part of the key.
  bySlug: (...view: Some<[slug: string, location: string | null, viewer: string]>) => ['articles', 'by-slug', ...view] as const,
  related: (...id: Some<[id: string]>) => ['articles', 'related', ...id] as const,
  author: (...view: Some<[authorId: string, page: number]>) => ['articles', 'author', ...view] as const,
  mine: () => ['articles', 'mine'] as const,
  inReview: () => ['articles', 'in-review'] as const,
  detail: (id: string) => ['articles', 'detail', id] as const,
  versions: (id: string) => ['articles', 'versions', id] as const,
};
