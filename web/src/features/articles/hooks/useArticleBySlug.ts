// The public view of /article/:slug and /:location/:slug; a missing article (or a failed load) goes to /404.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { ARTICLE_MESSAGES } from '../../../../../shared/article-rules';
import { useAuth } from '../../../auth/context';
import { ApiRequestError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { fetchArticleBySlug } from '../api/reading';
import { articleKeys } from '../api/keys';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

export function useArticleBySlug(slug: string, location: string | null) {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const here = useLocation();

  const query = useQuery({
    queryKey: articleKeys.bySlug(slug, location, user?.userId ?? 'anonymous'),
    queryFn: ({ signal }) => fetchArticleBySlug(slug, location, signal),
    enabled: status !== 'loading' && slug !== '',
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    // Signing in or out refetches the same article: keep showing it meanwhile.
    placeholderData: (previous) => (previous?.slug === slug ? previous : undefined),
    staleTime: 30_000,
  });

  const handled = useRef<unknown>(null);
  useEffect(() => {
    const error = query.error;
    if (!error || handled.current === error) return;
    handled.current = error;
    if (!isNotFound(error)) {
      console.error('article failed to load', error);
      notifyError('Erro', ARTICLE_MESSAGES.loadError);
    }
    navigate('/404', { replace: true, state: { from: here.pathname } });
  }, [query.error, navigate, here.pathname]);

  return query;
}
