// TanStack Query keys of the analytics screens.
import type { RangeQuery } from './analytics';

export const analyticsKeys = {
  all: () => ['analytics'] as const,
  data: (query: RangeQuery) => ['analytics', 'data', query] as const,
  ads: (query: RangeQuery) => ['analytics', 'ads', query] as const,
  settings: () => ['analytics', 'settings'] as const,
};
