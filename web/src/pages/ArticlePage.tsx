// Article page (spec 2 "Article page", spec 9): /article/:slug and /:location/:slug. Shows the
// public view (the premium body only to those who may read it, else the lead and a paywall), the
// NewsArticle structured data, related articles, and counts the view and the reading history.
import { useEffect, useRef } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconEye, IconLock, IconMapPin, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ArticleCard as ArticleCardData, ArticleView } from '../../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, READING } from '../../../shared/article-rules';
import { ArticleCard, ArticleCover, AuthorAvatar, PremiumBadge } from '../articles/ArticleCard';
import { cityLabel } from '../articles/city-filter-utils';
import { newVisitId, readingPayload, scrollPercent, shouldRecord, VisitClock } from '../articles/reading-tracker';
import { buildArticleJsonLd, serializeJsonLd, SITE_NAME } from '../articles/structured-data';
import { useAuth } from '../auth/context';
import { AdSlot } from '../components/AdSlot';
import { api, ApiRequestError, postKeepalive, prepareRequest, type PreparedRequest } from '../lib/api';
import { formatDate, formatNumber } from '../lib/format';
import { notifyError } from '../lib/notify';

export const ARTICLE_KEY = 'article';

function bySlugPath(slug: string, location: string | undefined): string {
  const path = `/articles/by-slug/${encodeURIComponent(slug)}`;
  return location ? `${path}?location=${encodeURIComponent(location)}` : path;
}

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** POST /api/articles/{id}/view once per visit of an article (a ref keeps StrictMode's second run out). */
function useViewCounter(articleId: string | undefined) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!articleId || counted.current === articleId) return;
    counted.current = articleId;
    api
      .post<void>(`/articles/${encodeURIComponent(articleId)}/view`, undefined, { auth: false })
      .catch((error: unknown) => console.error('view count failed', error));
  }, [articleId]);
}

/**
 * Reading history of signed-in readers (spec 9, see reading-tracker.ts): one record per visit, sent
 * at a 30 s check or when leaving. The token is fetched ahead of time so the exit record can start
 * synchronously during pagehide or unmount.
 */
function useReadingTracker(articleId: string | undefined, signedIn: boolean) {
  const signedInRef = useRef(signedIn);
  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    if (!articleId) return;
    const path = `/articles/${encodeURIComponent(articleId)}/reading`;
    const visitId = newVisitId();
    const clock = new VisitClock(performance.now(), document.visibilityState === 'visible');
    let maxScroll = 0;
    let recorded = false;
    let disposed = false;
    let prepared: PreparedRequest | null = null;
    let frame = 0;

    const measure = () => {
      const percent = scrollPercent({
        scrollTop: window.scrollY,
        viewportHeight: window.innerHeight,
        documentHeight: document.documentElement.scrollHeight,
      });
      maxScroll = Math.max(maxScroll, percent);
    };
    const snapshot = (atExit: boolean) => ({ seconds: clock.seconds(performance.now()), scroll: maxScroll, recorded, atExit });

    const prepare = async () => {
      if (!signedInRef.current) {
        prepared = null;
        return;
      }
      try {
        prepared = await prepareRequest();
      } catch (error) {
        console.error('reading: session unavailable', error);
      }
    };

    const check = async () => {
      measure();
      await prepare();
      if (disposed || !prepared?.token) return;
      const state = snapshot(false);
      if (!shouldRecord(state)) return;
      recorded = true;
      api
        .post<void>(path, readingPayload(visitId, state.seconds, state.scroll), { keepalive: true })
        .catch((error: unknown) => console.error('reading record failed', error));
    };

    // At unmount the page may already show something else: the scroll measured so far is used.
    const exit = () => {
      if (disposed || !signedInRef.current || !prepared?.token) return;
      const state = snapshot(true);
      if (!shouldRecord(state)) return;
      recorded = true;
      postKeepalive(prepared, path, readingPayload(visitId, state.seconds, state.scroll));
    };

    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    const onVisibility = () => clock.visibility(document.visibilityState === 'visible', performance.now());
    const onPageHide = () => {
      measure();
      exit();
    };

    void prepare();
    const firstMeasure = window.setTimeout(measure, 1000);
    const timer = window.setInterval(() => void check(), READING.checkEverySeconds * 1000);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      exit();
      disposed = true;
      window.clearTimeout(firstMeasure);
      window.clearInterval(timer);
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [articleId]);
}

function ArticleSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando artigo">
      <Skeleton radius="md" className="skeleton-cover" />
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={36} width="70%" />
      <Skeleton height={18} width="90%" />
      <Group gap="sm">
        <Skeleton height={36} circle />
        <Skeleton height={14} width={180} />
      </Group>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} height={14} width={key === 4 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}

function Paywall({ signedIn }: { signedIn: boolean }) {
  return (
    <Paper className="paywall" withBorder radius="md" p="xl" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" color="yellow" variant="light">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          Este conteúdo é exclusivo para assinantes Premium
        </Title>
        <Text c="dimmed" maw={480}>
          Assine o Premium para continuar lendo este artigo e ter acesso a todo o conteúdo exclusivo do portal.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/pricing" color="yellow" c="dark.8" size="md">
            Assine o Premium
          </Button>
          {!signedIn && (
            <Button component={Link} to="/auth" variant="default" size="md">
              Entrar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Related({ article }: { article: ArticleView }) {
  const related = useQuery({
    queryKey: [ARTICLE_KEY, 'related', article.id],
    queryFn: ({ signal }) =>
      api.get<{ articles: ArticleCardData[] }>(`/articles/${encodeURIComponent(article.id)}/related`, { auth: false, signal }),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (related.error) console.error('related articles failed to load', related.error);
  }, [related.error]);

  const articles = (related.data?.articles ?? [])
    .filter((item) => item.id !== article.id)
    .slice(0, ARTICLE_LIMITS.relatedMax);
  if (articles.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby="related-title" className="related-articles">
      <Title order={2} size="h3" id="related-title">
        Leia também
      </Title>
      <div className="related-grid">
        {articles.map((item) => (
          <ArticleCard key={item.id} article={item} />
        ))}
      </div>
      <AdSlot slot="article_related" />
    </Stack>
  );
}

function ArticleBody({ article, signedIn, url }: { article: ArticleView; signedIn: boolean; url: string }) {
  const premium = article.visibility === 'premium';
  const authorName = article.author.full_name || ARTICLE_MESSAGES.anonymousAuthor;
  const date = formatDate(article.published_at);
  const views = formatNumber(article.views_count);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const jsonLd = serializeJsonLd(buildArticleJsonLd(article, { origin, url }));
  const tags = article.tags.slice(0, ARTICLE_LIMITS.viewTags);
  const locations = article.locations.slice(0, ARTICLE_LIMITS.viewLocations);

  const content = (
    <div
      className={article.gated ? 'article-content is-gated' : 'article-content'}
      dangerouslySetInnerHTML={{ __html: article.content }}
    />
  );

  return (
    <article className="article-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Stack gap="md">
        <ArticleCover src={article.cover_image} priority className="article-page-cover" />
        {(premium || tags.length > 0) && (
          <Group gap={6}>
            {premium && <PremiumBadge />}
            {tags.map((tag) => (
              <Badge key={tag} variant="light" color="indigo" radius="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Title order={1} className="article-title">
          {article.title}
        </Title>
        {article.summary && (
          <Text size="lg" c="dimmed" className="article-summary">
            {article.summary}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <AuthorAvatar src={article.author.avatar_url} size={40} />
            <Stack gap={0}>
              {article.author.id ? (
                <Anchor component={Link} to={`/author/${encodeURIComponent(article.author.id)}`} fw={600} c="dark">
                  {authorName}
                </Anchor>
              ) : (
                <Text fw={600}>{authorName}</Text>
              )}
              <Group gap="xs" c="dimmed">
                {date && (
                  <Text size="sm" c="dimmed" component="time" dateTime={article.published_at ?? undefined}>
                    {date}
                  </Text>
                )}
                <Group gap={4} wrap="nowrap">
                  <IconEye size={16} aria-hidden />
                  <Text size="sm" c="dimmed">
                    {views}
                    <span className="visually-hidden"> visualizações</span>
                  </Text>
                </Group>
              </Group>
            </Stack>
          </Group>
          {article.can_edit && (
            <Button
              component={Link}
              to={`/article/${encodeURIComponent(article.id)}/edit`}
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Editar
            </Button>
          )}
        </Group>
        {locations.length > 0 && (
          <Group gap={6}>
            {locations.map((location) => (
              <Badge
                key={location.code}
                variant="outline"
                color="gray"
                tt="none"
                leftSection={<IconMapPin size={12} aria-hidden />}
              >
                {cityLabel(location)}
              </Badge>
            ))}
          </Group>
        )}
        <Divider />
        {premium ? <div className="paywalled-content">{content}</div> : content}
        {article.gated && <Paywall signedIn={signedIn} />}
      </Stack>
    </article>
  );
}

export default function ArticlePage() {
  const { slug = '', location } = useParams();
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const here = useLocation();
  const signedIn = status === 'signedIn';

  const query = useQuery({
    // The view depends on who reads it (premium body, can_edit): the user is part of the key.
    queryKey: [ARTICLE_KEY, 'by-slug', slug, location ?? null, user?.userId ?? 'anonymous'],
    queryFn: ({ signal }) => api.get<ArticleView>(bySlugPath(slug, location), { signal }),
    enabled: status !== 'loading' && slug !== '',
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    // Signing in or out refetches the same article: keep showing it meanwhile.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === slug ? previous : undefined),
    staleTime: 30_000,
  });
  const article = query.data;

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

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  const title = article?.title;
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} | ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useViewCounter(article?.id);
  useReadingTracker(article?.id, signedIn);

  return (
    <Container size={800} py="lg">
      <Stack gap="xl">
        <AdSlot slot="article_top" />
        {article ? (
          <>
            <ArticleBody article={article} signedIn={signedIn} url={here.pathname} />
            <AdSlot slot="article_bottom" />
            <Related article={article} />
          </>
        ) : (
          <ArticleSkeleton />
        )}
      </Stack>
    </Container>
  );
}
