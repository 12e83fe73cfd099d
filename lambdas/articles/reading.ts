// Reading: the home feed (optionally for one city), an article by slug behind the premium gate, and
// related articles. Cards carry their author and view count, read in one BatchGet.
import type { ArticleCard, ArticleView, AuthorRef, HomeFeed } from '../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, rankCities } from '../../shared/articles';
import { batchRead } from '../platform/dynamo-batch';
import { notFound } from '../platform/errors';
import { PATH_SEGMENT, checkArticleId, isPublished, primaryOf, type ArticleCardRecord, type ArticleRecord } from './article';
import * as store from './article-store';
import { cityCounts } from './city-counts';
import { ANONYMOUS, leadOf, mayEdit, mayReadFull, type Reader } from './gating';
import { activeMenu } from '../menu/public';
import { authorsOf } from './people';
import { alsoReadIds } from './reading-history';
import { viewCounts } from './views';

export interface CardExtras {
  author: (userId: string) => AuthorRef;
  views: (articleId: string) => number;
}

export function toCard(record: ArticleCardRecord, extras: CardExtras): ArticleCard {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    cover_image: record.cover_image,
    cover_variants: record.cover_variants ?? [],
    visibility: record.visibility,
    published_at: record.published_at,
    views_count: extras.views(record.id),
    tags: record.tags.slice(0, ARTICLE_LIMITS.cardTags),
    location_path: record.location_path,
    author: extras.author(record.author_id),
  };
}

/** Cards of articles, with authors and view counters read in one BatchGet. */
async function toCards(records: ArticleCardRecord[]): Promise<ArticleCard[]> {
  const extras = await batchRead({
    author: authorsOf(records.map((record) => record.author_id)),
    views: viewCounts(records.map((record) => record.id)),
  });
  return records.map((record) => toCard(record, extras));
}

/** Cards of published articles known by id, in the order given: fields and counters first, then authors. */
async function publishedCards(ids: string[]): Promise<ArticleCard[]> {
  if (!ids.length) return [];
  const { cards, views } = await batchRead({ cards: store.articleCards(ids), views: viewCounts(ids) });
  const ordered = ids.map(cards).filter((record): record is ArticleCardRecord => isPublished(record));
  const { author } = await batchRead({ author: authorsOf(ordered.map((record) => record.author_id)) });
  return ordered.map((record) => toCard(record, { author, views }));
}

/** The 12 latest published articles, or those of one city. */
async function feedArticles(city: string | undefined): Promise<ArticleCard[]> {
  if (!city) return toCards(await store.latestPublished(ARTICLE_LIMITS.feedSize));
  // A city that cannot be a location path has no articles.
  if (!PATH_SEGMENT.test(city)) return [];
  return publishedCards(await store.publishedIdsIn(`CITY#${city}`, ARTICLE_LIMITS.feedSize));
}

export async function home(city: string | undefined): Promise<HomeFeed> {
  const [articles, cities, menu] = await Promise.all([feedArticles(city), cityCounts(), activeMenu()]);
  return { articles, cities: rankCities(cities), menu };
}

/** The article a reader asks for by slug (and city, under /{location}/{slug}); 404 for what they may not see. */
async function findBySlug(reader: Reader, slug: string, location: string | undefined): Promise<ArticleRecord> {
  if (!PATH_SEGMENT.test(slug)) throw notFound(ARTICLE_MESSAGES.notFound);
  const id = await store.articleIdBySlug(slug);
  const article = id ? await store.getArticle(id) : undefined;
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  if (!isPublished(article) && !mayEdit(reader, article)) throw notFound(ARTICLE_MESSAGES.notFound);
  // /{location}/{slug} must name the article's own location.
  if (location !== undefined && location !== article.location_path) throw notFound(ARTICLE_MESSAGES.notFound);
  return article;
}

async function viewOf(reader: Reader, article: ArticleRecord): Promise<ArticleView> {
  const extras = await batchRead({ author: authorsOf([article.author_id]), views: viewCounts([article.id]) });
  const full = mayReadFull(reader, article);
  return {
    ...toCard(article, extras),
    tags: article.tags.slice(0, ARTICLE_LIMITS.viewTags),
    content: full ? article.content : leadOf(article.content),
    gated: !full,
    locations: [...article.locations].sort((a, b) => Number(b.is_primary) - Number(a.is_primary)).slice(0, ARTICLE_LIMITS.viewLocations),
    updated_at: article.updated_at,
    can_edit: mayEdit(reader, article),
  };
}

export async function articleBySlug(reader: Reader, slug: string, location: string | undefined): Promise<ArticleView> {
  return viewOf(reader, await findBySlug(reader, slug, location));
}

/** An article's page as an anonymous reader gets it: its view and related articles, read side by side. */
export async function anonymousArticlePage(slug: string, location: string | undefined): Promise<{ article: ArticleView; related: ArticleCard[] }> {
  const article = await findBySlug(ANONYMOUS, slug, location);
  const [view, related] = await Promise.all([viewOf(ANONYMOUS, article), relatedTo(article)]);
  return { article: view, related: related.articles };
}

/**
 * Up to 5 related articles, from these sources in order (spec section 7): same tag and same city,
 * same tag, same city, what readers of this article also read, then the latest published.
 */
export async function related(id: string): Promise<{ articles: ArticleCard[] }> {
  const article = await store.getArticle(checkArticleId(id));
  if (!article || !isPublished(article)) throw notFound(ARTICLE_MESSAGES.notFound);
  return relatedTo(article);
}

async function relatedTo(article: ArticleRecord): Promise<{ articles: ArticleCard[] }> {
  const { id } = article;
  const city = primaryOf(article.locations)?.location_path;
  const [byTag, byCity] = await Promise.all([
    Promise.all(article.tags.slice(0, 3).map((tag) => store.publishedIdsIn(`TAG#${tag}`, 10))).then((lists) => lists.flat()),
    city ? store.publishedIdsIn(`CITY#${city}`, 10) : Promise.resolve([]),
  ]);
  const cityIds = new Set(byCity);
  const chosen: string[] = [];
  const full = () => chosen.length >= ARTICLE_LIMITS.relatedMax;
  const take = (ids: string[], limit: number = ARTICLE_LIMITS.relatedMax) => {
    let taken = 0;
    for (const candidate of ids) {
      if (full() || taken >= limit) return;
      if (candidate === id || chosen.includes(candidate)) continue;
      chosen.push(candidate);
      taken += 1;
    }
  };
  take(byTag.filter((candidate) => cityIds.has(candidate)), 3);
  take(byTag);
  take(byCity);
  // The later sources cost more requests: ask them only when the first ones fall short.
  if (!full()) take(await alsoReadIds(id));
  if (!full()) take((await store.latestPublished(ARTICLE_LIMITS.relatedMax + 1)).map((record) => record.id));
  return { articles: await publishedCards(chosen) };
}
