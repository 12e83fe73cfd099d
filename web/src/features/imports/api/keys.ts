// TanStack Query keys of the bulk CSV import: the recent sessions and each session followed live.
export const importKeys = {
  all: () => ['imports'] as const,
  sessions: () => ['imports', 'sessions'] as const,
  session: (id: string) => ['imports', 'session', id] as const,
};
