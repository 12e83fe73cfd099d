// TanStack Query keys of the admin area.
export const adminKeys = {
  all: () => ['admin'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  articles: (filters: { status: string; author: string; q: string }) => ['admin', 'articles', filters] as const,
  applications: () => ['admin', 'applications'] as const,
  application: (id: string) => ['admin', 'applications', id] as const,
  menu: () => ['admin', 'menu'] as const,
  audit: () => ['admin', 'audit'] as const,
  subscriptions: () => ['admin', 'subscriptions'] as const,
  queues: () => ['admin', 'queues'] as const,
  deadLetters: (name: string) => ['admin', 'queues', name, 'messages'] as const,
};
