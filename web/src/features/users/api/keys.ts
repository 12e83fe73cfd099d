// TanStack Query keys of the users feature.
export const userKeys = {
  /** Every /me query, whoever is signed in: removed on sign-out. */
  allMe: () => ['me'] as const,
  me: (userId: string | undefined) => ['me', userId ?? 'anonymous'] as const,
  masterStatus: () => ['master-status'] as const,
};
