// GET /api/me (profile, roles, subscription), keyed on the user id and polled every 60 s (spec 4).
import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../../shared/api-types';
import type { Role } from '../../../shared/roles';
import { api } from '../lib/api';
import { useAuth } from './context';

export const ME_KEY = 'me';
export const SUBSCRIPTION_POLL_MS = 60_000;

export function meQueryKey(userId: string | undefined) {
  return [ME_KEY, userId ?? 'anonymous'] as const;
}

export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: meQueryKey(user?.userId),
    queryFn: ({ signal }) => api.get<Me>('/me', { signal }),
    enabled: Boolean(user),
    refetchInterval: SUBSCRIPTION_POLL_MS,
    staleTime: 30_000,
  });
}

const NO_ROLES: readonly Role[] = [];

/** Roles of the signed-in user; empty while loading or signed out. */
export function useRoles(): readonly Role[] {
  const me = useMe();
  return me.data?.roles ?? NO_ROLES;
}
