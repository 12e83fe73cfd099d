// Home feed (spec 2 "Home feed"): ads, the secondary menu, the author banner, the city filter and the
// article grid (one featured story, four compact beside it, then rows of four separated by ads).
import { Fragment, useEffect } from 'react';
import { Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ARTICLE_MESSAGES } from '../../../../../shared/article-rules';
import type { ArticleCard as ArticleCardData, MenuItem } from '../../../../../shared/api-types';
import { AdSlot, type AdSlotName } from '../../../components/AdSlot';
import { fetchHomeFeed } from '../api/feed';
import { articleKeys } from '../api/keys';
import { ArticleCard } from '../components/ArticleCard';
import { CityFilter } from '../components/CityFilter';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

function MenuBar({ items }: { items: MenuItem[] }) {
  if (items.length === 0) return null;
  const sorted = [...items].sort((a, b) => a.display_order - b.display_order);
  return (
    <nav aria-label="Menu secundário" className="secondary-menu">
      {sorted.map((item) =>
        isExternal(item.url) ? (
          <Anchor key={item.id} href={item.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600} c="dark">
            {item.label}
          </Anchor>
        ) : (
          <Anchor key={item.id} component={Link} to={item.url} size="sm" fw={600} c="dark">
            {item.label}
          </Anchor>
        ),
      )}
    </nav>
  );
}

function AuthorBanner() {
  return (
    <Paper className="author-banner" radius="md" p="xl">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Title order={2} c="white">
            Seja um autor Plural
          </Title>
          <Text c="indigo.0">Escreva para uma comunidade plural de leitores e autores de todo o Brasil.</Text>
        </Stack>
        <Button component={Link} to="/apply-author" variant="white" color="indigo" size="md">
          Candidate-se agora
        </Button>
      </Group>
    </Paper>
  );
}

function CardRow({ articles }: { articles: ArticleCardData[] }) {
  return (
    <div className="feed-row">
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
    </div>
  );
}

const ROWS: { slot: AdSlotName; from: number }[] = [
  { slot: 'home_feed_2', from: 4 },
  { slot: 'home_feed_3', from: 8 },
];

/** The grid of spec 2. Each in-feed ad follows the section before it, and only when that section has articles. */
function FeedGrid({ articles }: { articles: ArticleCardData[] }) {
  const [featured, ...rest] = articles;
  if (!featured) return null;
  const compact = rest.slice(0, 4);
  return (
    <Stack gap="lg">
      <div className="feed-top">
        <ArticleCard article={featured} variant="featured" />
        {compact.length > 0 && (
          <div className="feed-compact">
            {compact.map((article) => (
              <ArticleCard key={article.id} article={article} variant="compact" />
            ))}
          </div>
        )}
      </div>
      <AdSlot slot="home_feed_1" />
      {ROWS.map(({ slot, from }) => {
        const row = rest.slice(from, from + 4);
        if (row.length === 0) return null;
        return (
          <Fragment key={slot}>
            <CardRow articles={row} />
            <AdSlot slot={slot} />
          </Fragment>
        );
      })}
    </Stack>
  );
}

function FeedSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando artigos">
      <div className="feed-top">
        <Skeleton className="skeleton-featured" radius="md" />
        <div className="feed-compact">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={96} radius="md" />
          ))}
        </div>
      </div>
      <div className="feed-row">
        {[0, 1, 2, 3].map((key) => (
          <Stack key={key} gap="xs">
            <Skeleton radius="md" className="skeleton-cover" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={18} />
            <Skeleton height={14} width="80%" />
          </Stack>
        ))}
      </div>
    </Stack>
  );
}

export default function HomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const city = searchParams.get('city') || null;

  const feed = useQuery({
    queryKey: articleKeys.home(city),
    queryFn: ({ signal }) => fetchHomeFeed(city, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  // Spec: a failed list fetch is logged and the page stays as it was.
  useEffect(() => {
    if (feed.error) console.error('home feed failed to load', feed.error);
  }, [feed.error]);

  function selectCity(next: string | null) {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next) updated.set('city', next);
        else updated.delete('city');
        return updated;
      },
      { preventScrollReset: true },
    );
  }

  const articles = feed.data?.articles ?? [];
  const loading = feed.isPending || feed.isPlaceholderData;

  return (
    <Container size="lg" py="lg">
      <h1 className="visually-hidden">Portal Plural — notícias</h1>
      <Stack gap="lg">
        <AdSlot slot="home_top" />
        <MenuBar items={feed.data?.menu ?? []} />
        <AuthorBanner />
        <CityFilter cities={feed.data?.cities ?? []} selected={city} onChange={selectCity} />
        <section aria-label="Artigos">
          {loading ? (
            <FeedSkeleton />
          ) : articles.length > 0 ? (
            <FeedGrid articles={articles} />
          ) : (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Text size="lg" c="dimmed">
                {ARTICLE_MESSAGES.emptyFeed}
              </Text>
            </Paper>
          )}
        </section>
        <AdSlot slot="home_bottom" />
      </Stack>
    </Container>
  );
}
