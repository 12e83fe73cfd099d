// TanStack Query keys of the events feature, all under 'events'. The home loads this module: keep it small.
type Some<T extends unknown[]> = [] | T;

export const eventKeys = {
  all: () => ['events'] as const,
  /** The agenda's pages (an infinite query) for a city, or all of them. */
  list: (...city: Some<[city: string | null]>) => ['events', 'list', ...city] as const,
  upcoming: () => ['events', 'upcoming'] as const,
  // A draft is shown to its organizer and the staff, and can_edit depends on who reads: the reader is part of the key.
  detail: (...view: [] | [id: string] | [id: string, viewer: string]) => ['events', 'detail', ...view] as const,
  unpublished: () => ['events', 'unpublished'] as const,
};
