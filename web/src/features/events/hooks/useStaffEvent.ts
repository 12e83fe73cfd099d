// A draft or cancelled event opened directly (a reload, a link): the server's page is the anonymous 404,
// never cached (lambdas/pages). Signed in, the browser asks the API again as this reader; for its
// organizer, editors and the master it answers the event, and the page shows it (not indexed). Anyone
// else keeps the 404.
import { useQuery } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { useAuth } from '../../../auth/context';
import { isClientError } from '../../articles/lib/errors';
import { fetchEvent } from '../api/events';
import { eventKeys } from '../api/keys';

/** True once the API gave this signed-in reader the event the server's 404 stood for. */
export function useStaffEvent(maybe: boolean, pathname: string): boolean {
  const { status, user } = useAuth();
  const id = matchPath('/events/:id', pathname)?.params.id ?? '';
  const query = useQuery({
    // The key useEvent reads: the event page finds it there.
    queryKey: eventKeys.detail(id, user?.userId ?? 'anonymous'),
    queryFn: ({ signal }) => fetchEvent(id, signal),
    enabled: maybe && id !== '' && status !== 'loading' && Boolean(user),
    retry: (failures, error) => !isClientError(error) && failures < 1,
  });
  return query.isSuccess;
}
