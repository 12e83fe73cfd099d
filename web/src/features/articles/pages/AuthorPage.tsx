// /author/:authorId (spec 2: linked from article metadata, no screen given): the author's picture,
// name, role badge, bio and count, then their published articles, newest first, 12 a page behind
// ?page= links that crawlers follow. Everything shown comes from the query cache, so a page the
// server prefilled renders whole on the first render; effects only scroll, redirect and log.
import { useEffect } from 'react';
import { Anchor, Avatar, Badge, Container, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AuthorPage as AuthorPageData } from '../../../../../shared/api-types';
import { ARTICLE_MESSAGES, pageParam } from '../../../../../shared/article-rules';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { RetryAlert } from '../../../components/RetryAlert';
import { ApiRequestError } from '../../../lib/api';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { fetchAuthorPage } from '../api/authors';
import { articleKeys } from '../api/keys';
import { ArticleCard } from '../components/ArticleCard';
import { CardRowSkeleton } from '../components/CardRowSkeleton';
import { authorPageHref as pageHref, publishedCountLabel } from '../lib/author-page';
import { authorMeta } from '../lib/meta';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function AuthorHeader({ data }: { data: AuthorPageData }) {
  const { author } = data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {/* Decorative: the name sits beside it. Mantine shows the icon when there is no picture or it fails. */}
        <Avatar src={author.avatar_url || null} alt="" size={88} radius={88} color="indigo">
          <IconUser size={44} aria-hidden />
        </Avatar>
        <Stack gap={6} miw={0}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {author.full_name}
            </Title>
            {author.role && (
              <Badge variant="light" color="indigo">
                {ROLE_LABELS[author.role]}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {publishedCountLabel(data.published_count)}
          </Text>
          {author.bio && <Text style={{ overflowWrap: 'anywhere' }}>{author.bio}</Text>}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Real links (crawlers follow them); the current page and unavailable arrows are not. */
function PageLinks({ authorId, page, total }: { authorId: string; page: number; total: number }) {
  return (
    <Group component="nav" aria-label="Páginas" justify="center">
      <Pagination
        total={total}
        value={page}
        getItemProps={(item) => ({ component: Link, to: pageHref(authorId, item), 'aria-label': `Página ${item}` })}
        getControlProps={(control) => {
          const previous = control === 'previous';
          const target = previous ? page - 1 : page + 1;
          const label = previous ? 'Página anterior' : 'Próxima página';
          if (target < 1 || target > total) return { 'aria-label': label };
          return { component: Link, to: pageHref(authorId, target), 'aria-label': label, rel: previous ? 'prev' : 'next' };
        }}
      />
    </Group>
  );
}

function Articles({ data }: { data: AuthorPageData }) {
  if (data.published_count === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Text size="lg" c="dimmed">
          {ARTICLE_MESSAGES.authorEmpty}
        </Text>
      </Paper>
    );
  }
  if (data.articles.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" ta="center">
        <Stack gap="sm" align="center">
          <Text c="dimmed">Não há artigos nesta página.</Text>
          <Anchor component={Link} to={pageHref(data.author.id, 1)} fw={600}>
            Ver os artigos mais recentes
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="lg">
      <div className="feed-row">
        {data.articles.map((article, index) => (
          <ArticleCard key={article.id} article={article} priority={index === 0} />
        ))}
      </div>
      {data.total_pages > 1 && data.page <= data.total_pages && <PageLinks authorId={data.author.id} page={data.page} total={data.total_pages} />}
    </Stack>
  );
}

function HeaderSkeleton() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Group gap="lg" wrap="nowrap">
        <Skeleton circle height={88} />
        <Stack gap="xs" flex={1}>
          <Skeleton height={28} width="50%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={14} width="80%" />
        </Stack>
      </Group>
    </Paper>
  );
}

export default function AuthorPage() {
  const { authorId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = pageParam(searchParams.get('page'));
  const navigate = useNavigate();
  const here = useLocation();

  const query = useQuery({
    queryKey: articleKeys.author(authorId, page ?? 1),
    queryFn: ({ signal }) => fetchAuthorPage(authorId, page ?? 1, signal),
    enabled: page !== null && authorId !== '',
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    // Another page of the same author keeps the header on screen while its cards load.
    placeholderData: (previous) => (previous?.author.id === authorId ? previous : undefined),
    staleTime: 60_000,
  });

  // An unknown author, or a page that is no number, is a 404 like a missing article.
  const gone = page === null || isNotFound(query.error);
  useEffect(() => {
    if (gone) navigate('/404', { replace: true, state: { from: here.pathname } });
  }, [gone, navigate, here.pathname]);
  useEffect(() => {
    if (query.error && !isNotFound(query.error)) console.error('author page failed to load', query.error);
  }, [query.error]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [authorId, page]);

  const data = query.data;
  const meta = data ? authorMeta(data) : null;
  usePageMeta(meta?.title ?? null, meta?.description);
  usePageView();

  const failed = query.isError && !data && !gone;
  return (
    <Container size="lg" py="lg" data-island="audience">
      <Stack gap="xl">
        {data ? <AuthorHeader data={data} /> : !failed && <HeaderSkeleton />}
        <Stack component="section" gap="md" aria-labelledby="author-articles-title">
          <Title order={2} size="h3" id="author-articles-title">
            Artigos
          </Title>
          {failed ? (
            <RetryAlert message={ARTICLE_MESSAGES.authorLoadError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : !data || query.isPlaceholderData ? (
            <CardRowSkeleton label="Carregando artigos" />
          ) : (
            <Articles data={data} />
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
