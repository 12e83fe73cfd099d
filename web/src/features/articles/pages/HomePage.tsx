// Home feed (spec 2 "Home feed"): ads, the masthead with the secondary menu as its section bar, the
// author banner, the city filter and the article grid (one featured story, four compact beside it,
// then rows of four separated by ads). The city filter follows the lead stories, and on phones the banner too;
// the next events close the page.
import { Fragment, useEffect, type ReactNode } from 'react';
import { Anchor, Box, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCityParam } from '../hooks/useCityParam';
import { ARTICLE_MESSAGES } from '../../../../../shared/article-rules';
import type { ArticleCard as ArticleCardData, CityCount, MenuItem } from '../../../../../shared/api-types';
import { judgeUrl } from '../../../../../shared/url-rules';
import { AdSlot, type AdSlotName } from '../../../components/AdSlot';
import { formatToday } from '../../../lib/format';
import { useNow } from '../../../lib/render-context';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { homeMeta } from '../lib/meta';
import { fetchHomeFeed } from '../api/feed';
import { articleKeys } from '../api/keys';
import { ArticleCard } from '../components/ArticleCard';
import { CardRowSkeleton } from '../components/CardRowSkeleton';
import { CityFilter } from '../components/CityFilter';
import { UpcomingEvents } from '../../events/components/UpcomingEvents';
import { NewsletterSignup } from '../../newsletter/components/NewsletterSignup';
import { AccountDeletedNotice } from '../../privacy/components/AccountDeletedNotice';
import { cityLabel, popularCities } from '../lib/city-filter-utils';


const cityHref = (path: string) => `/?city=${encodeURIComponent(path)}`;

/** The section bar: the admin's secondary menu, then the most popular cities as sections. */
function SectionBar({ items, cities, selected }: { items: MenuItem[]; cities: readonly CityCount[]; selected: string | null }) {
  const sorted = [...items].sort((a, b) => a.display_order - b.display_order);
  const popular = popularCities(cities);
  return (
    <nav aria-label="Seções" className="section-bar">
      <Link to="/" className="section-link" aria-current={selected ? undefined : 'page'}>
        Últimas
      </Link>
      {sorted.map((item) => {
        // Read by the API's own rule: an item saved before it that the rule now refuses is not shown.
        const link = judgeUrl(item.url);
        if (!link) return null;
        return link.internal ? (
          <Link key={item.id} to={item.url} className="section-link">
            {item.label}
          </Link>
        ) : (
          <a key={item.id} href={link.url.href} target="_blank" rel="noopener noreferrer" className="section-link">
            {item.label}
          </a>
        );
      })}
      {popular.map((city) => (
        <Link
          key={city.location_path}
          to={cityHref(city.location_path)}
          className="section-link"
          aria-current={city.location_path === selected ? 'page' : undefined}
        >
          {cityLabel(city)}
        </Link>
      ))}
    </nav>
  );
}

function Masthead({ feed, selected, cityName }: { feed: { menu: MenuItem[]; cities: CityCount[] } | undefined; selected: string | null; cityName: string | null }) {
  const now = useNow();
  return (
    <div className="masthead">
      <Text size="sm" c="dimmed" className="masthead-date">
        {formatToday(now)}
      </Text>
      {cityName ? (
        <div className="masthead-top">
          <Title order={1} className="masthead-title">
            {cityName}
          </Title>
          <Anchor component={Link} to="/" size="sm" fw={600}>
            Ver todas as notícias
          </Anchor>
        </div>
      ) : (
        <h1 className="visually-hidden">Portal Plural — notícias</h1>
      )}
      <SectionBar items={feed?.menu ?? []} cities={feed?.cities ?? []} selected={selected} />
    </div>
  );
}

function AuthorBanner() {
  return (
    <Paper className="author-banner" radius="md">
      <div className="author-banner-text">
        <Title order={2} c="white" className="author-banner-title">
          Seja um autor Plural
        </Title>
        <Text c="indigo.0" size="sm">
          Escreva para uma comunidade plural de leitores e autores de todo o Brasil.
        </Text>
      </div>
      <Button component={Link} to="/apply-author" variant="white" color="indigo" size="sm">
        Candidate-se agora
      </Button>
    </Paper>
  );
}

function UnknownCity({ slug }: { slug: string }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" className="unknown-city">
      <Stack gap="sm" align="center">
        <Text size="lg" fw={600}>
          Não encontramos notícias de “{slug}”.
        </Text>
        <Text c="dimmed">Confira o endereço ou escolha uma das cidades acima.</Text>
        <Anchor component={Link} to="/" fw={700}>
          Ver todas as notícias
        </Anchor>
      </Stack>
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

/**
 * The grid of spec 2. Each in-feed ad follows the section before it, and only when that section has
 * articles. `afterFirstRow` (the newsletter box) comes after the first row of four, well below a
 * phone's first screen, or after the lead stories when there is no row.
 */
function FeedGrid({ articles, afterLead, afterFirstRow }: { articles: ArticleCardData[]; afterLead?: ReactNode; afterFirstRow?: ReactNode }) {
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
      {afterLead}
      {rest.length <= 4 && afterFirstRow}
      {ROWS.map(({ slot, from }, index) => {
        const row = rest.slice(from, from + 4);
        if (row.length === 0) return null;
        return (
          <Fragment key={slot}>
            <CardRow articles={row} />
            {index === 0 && afterFirstRow}
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
      <CardRowSkeleton />
    </Stack>
  );
}

export default function HomePage() {
  const [city, selectCity] = useCityParam();

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


  const articles = feed.data?.articles ?? [];
  const loading = feed.isPending || feed.isPlaceholderData;
  const current = city ? feed.data?.cities.find((item) => item.location_path === city) : undefined;
  const cityName = current ? cityLabel(current) : null;
  // A path the API does not list is no city of ours: its own message, not the empty-feed one.
  const unknownCity = Boolean(city) && !loading && feed.isSuccess && !current;

  const meta = !city || cityName || unknownCity ? homeMeta(city, cityName) : null;
  usePageMeta(meta?.title ?? null, meta?.description);
  usePageView();

  // The section bar already lists the popular cities up top, so the full filter waits below the lead stories.
  const extras = (
    <>
      <Box hiddenFrom="md">
        <AuthorBanner />
      </Box>
      <CityFilter cities={feed.data?.cities ?? []} selected={current ? city : null} onChange={selectCity} />
    </>
  );
  const grid = !loading && !unknownCity && articles.length > 0;

  return (
    <Container size="lg" py="md" data-island="audience">
      <Stack gap="md">
        <AccountDeletedNotice />
        <AdSlot slot="home_top" />
        <Masthead feed={feed.data} selected={city} cityName={cityName} />
        <Box visibleFrom="md">
          <AuthorBanner />
        </Box>
        <section aria-label="Artigos">
          {loading ? (
            <FeedSkeleton />
          ) : unknownCity && city ? (
            <UnknownCity slug={city} />
          ) : grid ? (
            <FeedGrid articles={articles} afterLead={extras} afterFirstRow={<NewsletterSignup source="home" />} />
          ) : (
            <Paper withBorder radius="md" p="xl" ta="center">
              <Text size="lg" c="dimmed">
                {ARTICLE_MESSAGES.emptyFeed}
              </Text>
            </Paper>
          )}
        </section>
        {!grid && extras}
        <UpcomingEvents />
        <AdSlot slot="home_bottom" />
      </Stack>
    </Container>
  );
}
