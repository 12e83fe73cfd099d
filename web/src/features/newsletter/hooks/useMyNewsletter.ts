// The signed-in reader's own subscription: asked only with a session (never for an anonymous
// reader of a public page), shared by the sign-up boxes and /settings.
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../auth/context';
import { newsletterKeys } from '../api/keys';
import { fetchMyNewsletter } from '../api/reader';

export function useMyNewsletter() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: newsletterKeys.mine(user?.userId),
    queryFn: ({ signal }) => fetchMyNewsletter(signal),
    enabled: status === 'signedIn',
    staleTime: 5 * 60_000,
  });
}
