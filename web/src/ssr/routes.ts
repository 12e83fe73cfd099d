// What each server-rendered page needs before it renders: the queries its components read (filled in
// the query cache, under the keys the components use), its status and its <head>. The data comes
// from `PageSources`, which the render function (lambdas/pages) implements with the same service
// functions the API's routes call, so a page holds exactly what the API would have answered.
import type { QueryClient } from '@tanstack/react-query';
import type { ArticleCard, ArticleView, AuthorPage, HomeFeed } from '../../../shared/api-types';
import { pageParam, publicArticlePath } from '../../../shared/article-rules';
import { cityPathOf } from '../../../shared/cities';
import { eventPath, isCityPath, type EventCards, type EventList, type EventView } from '../../../shared/event-rules';
import { SEARCH_PAGE_PATH, type SuggestedArticles } from '../../../shared/search';
import { articleKeys } from '../features/articles/api/keys';
import { cityLabel } from '../features/articles/lib/city-filter-utils';
import { articleMeta, authorMeta, homeMeta } from '../features/articles/lib/meta';
import { authorPath } from '../features/articles/lib/paths';
import { eventKeys } from '../features/events/api/keys';
import { PRIVACY_DESCRIPTION, PRIVACY_TITLE } from '../features/privacy/meta';
import { PRIVACY_PATH } from '../features/privacy/paths';
import { PRICING_DESCRIPTION, PRICING_PATH, PRICING_TITLE } from '../features/payments/meta';
import { agendaCityName, eventMeta, eventsMeta } from '../features/events/lib/meta';
import { searchKeys } from '../features/search/api/keys';
import type { HeadInfo } from './head';

export interface PageSources {
  home(city: string | null): Promise<HomeFeed>;
  /** The anonymous reader's view and the related articles; null when no published article has this address. */
  article(slug: string, location: string | null): Promise<{ article: ArticleView; related: ArticleCard[] } | null>;
  /** null for an unknown author. */
  author(authorId: string, page: number): Promise<AuthorPage | null>;
  /** The home's "Próximos eventos" strip. */
  upcomingEvents(): Promise<EventCards>;
  /** The agenda's first page, for a city or all. */
  events(city: string | null): Promise<EventList>;
  /** The anonymous reader's view; null when no published event has this id. */
  event(id: string): Promise<EventView | null>;
  /** The search page's "Mais lidas". */
  searchSuggestions(): Promise<SuggestedArticles>;
}

export interface LoadedPage {
  status: 200 | 404;
  head: HeadInfo;
  /** When the page goes stale by itself: the start of the first event it lists (it then leaves the list). */
  freshUntil?: string;
  /**
   * A 404 that the staff may open (a draft or cancelled event, for its organizer, editors and the
   * master): never cached, and the browser asks the API again as the signed-in reader.
   */
  staffMayView?: boolean;
  /** Where this address lives (a permanent redirect): the agenda of a city typed by name. */
  redirect?: string;
  /** A reader with a session gets the React application on this page (their own view is the app's). */
  app?: boolean;
}

const NOT_FOUND: LoadedPage = { status: 404, head: { title: 'Página não encontrada — Portal Plural', canonical: '/404', type: 'website', noindex: true } };

async function homePage(client: QueryClient, sources: PageSources, search: URLSearchParams): Promise<LoadedPage> {
  const city = search.get('city') || null;
  const [feed, upcoming] = await Promise.all([sources.home(city), sources.upcomingEvents()]);
  client.setQueryData(articleKeys.home(city), feed);
  client.setQueryData(eventKeys.upcoming(), upcoming);
  const known = city ? feed.cities.find((item) => item.location_path === city) : undefined;
  const meta = homeMeta(city, known ? cityLabel(known) : null);
  const lead = feed.articles[0];
  return {
    status: 200,
    head: {
      ...meta,
      canonical: city ? `/?city=${encodeURIComponent(city)}` : '/',
      type: 'website',
      noindex: Boolean(city) && !known,
      image: lead?.cover_image || undefined,
      imageAlt: lead?.title,
      feed: known ? { title: `Portal Plural — ${cityLabel(known)}`, href: `/rss/${known.location_path}.xml` } : undefined,
    },
    freshUntil: upcoming.events[0]?.event_date,
  };
}

async function eventsPage(client: QueryClient, sources: PageSources, search: URLSearchParams): Promise<LoadedPage> {
  const city = search.get('city') || null;
  // A city typed by name ('Porto Alegre', 'porto alegre rs'): its agenda lives under its location_path.
  const named = city ? cityPathOf(city) : undefined;
  if (named && named !== city) return { status: 200, head: NOT_FOUND.head, redirect: `/events?city=${named}` };
  // Not a location_path at all: not worth a read (the API would answer 400).
  if (city && !isCityPath(city)) return NOT_FOUND;
  const list = await sources.events(city);
  client.setQueryData(eventKeys.list(city), { pages: [list], pageParams: [null] });
  const cityName = agendaCityName(city, list);
  const lead = list.events[0];
  return {
    status: 200,
    head: {
      ...eventsMeta(city, cityName),
      canonical: city ? `/events?city=${encodeURIComponent(city)}` : '/events',
      type: 'website',
      noindex: Boolean(city) && !cityName,
      image: lead?.cover_image || undefined,
      imageAlt: lead?.title,
    },
    freshUntil: lead?.event_date,
  };
}

async function eventPage(client: QueryClient, sources: PageSources, id: string): Promise<LoadedPage> {
  const event = await sources.event(id);
  // Unknown or not published: the same 404 for both (nothing tells a draft's existence), not cached.
  if (!event) return { ...NOT_FOUND, staffMayView: true };
  client.setQueryData(eventKeys.detail(id, 'anonymous'), event);
  return {
    status: 200,
    head: {
      ...eventMeta(event),
      canonical: eventPath(event.id),
      type: 'website',
      image: event.cover_image || undefined,
      imageAlt: event.title,
    },
  };
}

async function articlePage(client: QueryClient, sources: PageSources, slug: string, location: string | null): Promise<LoadedPage> {
  const found = await sources.article(slug, location);
  if (!found) return NOT_FOUND;
  const { article } = found;
  client.setQueryData(articleKeys.bySlug(slug, location, 'anonymous'), article);
  client.setQueryData(articleKeys.related(article.id), { articles: found.related });
  return {
    status: 200,
    head: {
      ...articleMeta(article),
      canonical: publicArticlePath(article.location_path, article.slug),
      type: 'article',
      image: article.cover_image || undefined,
      imageAlt: article.title,
      publishedTime: article.published_at,
      modifiedTime: article.updated_at,
    },
  };
}

async function authorPage(client: QueryClient, sources: PageSources, authorId: string, search: URLSearchParams): Promise<LoadedPage> {
  // The API's own reading of ?page= (a bad one is its 400; the page shows the 404).
  const page = pageParam(search.get('page'));
  if (page === null) return NOT_FOUND;
  const data = await sources.author(authorId, page);
  if (!data) return NOT_FOUND;
  client.setQueryData(articleKeys.author(authorId, page), data);
  return {
    status: 200,
    head: {
      ...authorMeta(data),
      canonical: page > 1 ? `${authorPath(authorId)}?page=${page}` : authorPath(authorId),
      type: 'profile',
      image: data.author.avatar_url || undefined,
      imageAlt: data.author.full_name,
    },
  };
}

/**
 * The search as the empty search, whatever the address's query: the edge keys /busca on its path (and
 * `page`) only, so this HTML is served for every q; the browser reads the query after hydrating.
 */
async function searchPage(client: QueryClient, sources: PageSources): Promise<LoadedPage> {
  client.setQueryData(searchKeys.suggestions(), await sources.searchSuggestions());
  return {
    status: 200,
    head: {
      title: 'Busca — Portal Plural',
      description: 'Busque notícias, reportagens e artigos de todo o arquivo do Portal Plural, por cidade, tag e período.',
      canonical: SEARCH_PAGE_PATH,
      type: 'website',
      noindex: true,
    },
  };
}

/** The privacy notice: no data, the same text for everyone (it changes with a deploy, which empties the cache). */
function privacyPage(): Promise<LoadedPage> {
  return Promise.resolve({
    status: 200,
    head: { title: PRIVACY_TITLE, description: PRIVACY_DESCRIPTION, canonical: PRIVACY_PATH, type: 'website' },
  });
}

/**
 * The plans as a signed-out reader sees them (no data: the price is in the code). A reader with a
 * session gets the app, which shows their subscription and starts their checkout.
 */
function pricingPage(): Promise<LoadedPage> {
  return Promise.resolve({
    status: 200,
    head: { title: PRICING_TITLE, description: PRICING_DESCRIPTION, canonical: PRICING_PATH, type: 'website' },
    app: true,
  });
}

/** Loads the page a route shows (`''` the home, `'*'` any unknown address); undefined for routes the server does not render (the SPA shell serves them). */
export function loadPage(
  route: string,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  client: QueryClient,
  sources: PageSources,
): Promise<LoadedPage> | undefined {
  switch (route) {
    case '':
      return homePage(client, sources, search);
    case '/article/:slug':
      return articlePage(client, sources, params.slug ?? '', null);
    case '/:location/:slug':
      return articlePage(client, sources, params.slug ?? '', params.location ?? null);
    case '/author/:authorId':
      return authorPage(client, sources, params.authorId ?? '', search);
    case '/events':
      return eventsPage(client, sources, search);
    case '/events/:id':
      return eventPage(client, sources, params.id ?? '');
    case SEARCH_PAGE_PATH:
      return searchPage(client, sources);
    case PRIVACY_PATH:
      return privacyPage();
    case PRICING_PATH:
      return pricingPage();
    // Any other address (and /404 itself) is the 404 page with its real status: a 200 would be a
    // soft 404 that search engines index. The routes of the signed-in app stay with the shell.
    case '/404':
    case '*':
      return Promise.resolve(NOT_FOUND);
    default:
      return undefined;
  }
}
