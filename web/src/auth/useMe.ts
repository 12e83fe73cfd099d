// GET /api/me (profile, roles, subscription), keyed on the user id and polled every 60 s (spec 4).
import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../../shared/roles';
import { userKeys } from '../features/users/api/keys';
import { fetchMe } from '../features/users/api/me';
import { useAuth } from './context';

export const SUBSCRIPTION_POLL_MS = 60_000;

/** `poll: false` for readers of the header's query (mounted on every page, it polls): a timer per ad slot would multiply the calls. */
export function useMe({ poll = true }: { poll?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: userKeys.me(user?.userId),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: Boolean(user),
    refetchInterval: poll ? SUBSCRIPTION_POLL_MS : false,
    staleTime: 30_000,
  });
}

const NO_ROLES: readonly Role[] = [];

/** Roles of the signed-in user; empty while loading or signed out. */
export function useRoles(): readonly Role[] {
  const me = useMe();
  return me.data?.roles ?? NO_ROLES;
}
