// The event of /events/:id as this reader may see it; a failed load (a 404 included) says
// 'Erro ao carregar evento' and returns to /events (spec 8).
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { EVENT_MESSAGES } from '../../../../../shared/event-rules';
import { useAuth } from '../../../auth/context';
import { notifyError } from '../../../lib/notify';
import { isClientError } from '../../articles/lib/errors';
import { fetchEvent } from '../api/events';
import { eventKeys } from '../api/keys';

export function useEvent(id: string) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: eventKeys.detail(id, user?.userId ?? 'anonymous'),
    queryFn: ({ signal }) => fetchEvent(id, signal),
    enabled: status !== 'loading' && id !== '',
    retry: (failures, error) => !isClientError(error) && failures < 1,
    // Signing in or out refetches the same event: keep showing it meanwhile.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    staleTime: 30_000,
  });

  const handled = useRef<unknown>(null);
  useEffect(() => {
    const error = query.error;
    if (!error || handled.current === error) return;
    handled.current = error;
    console.error('event failed to load', error);
    notifyError(EVENT_MESSAGES.loadError);
    navigate('/events', { replace: true });
  }, [query.error, navigate]);

  return query;
}
