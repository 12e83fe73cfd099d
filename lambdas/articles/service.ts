// The article rules: who may write, edit, publish and read what; the workflow; the home feed,
// the public view and related articles. Plain functions over the store, called by the HTTP
// handler and by the demo seed.
import { randomUUID } from 'node:crypto';
import type {
  ArticleCard,
  ArticleDraft,
  ArticleLocation,
  ArticleVersionSummary,
  ArticleView,
  HomeFeed,
  MyArticle,
  MyArticles,
  ReviewQueue,
} from '../../shared/api-types';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  allowedStatuses,
  articleCreateSchema,
  articleUpdateSchema,
  canTransition,
  firstArticleIssue,
  rankCities,
  readingSchema,
  restoreSchema,
  type ArticleStatus,
} from '../../shared/articles';
import { cityByCode, primaryLocationOf } from '../../shared/cities';
import { can } from '../../shared/roles';
import { visibleLength } from '../../shared/text';
import { verifyBearer } from '../platform/auth';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { loadUser } from '../users/store';
import { subscriptionState } from '../users/service';
import { ANONYMOUS, leadOf, mayEdit, mayReadFull, type Reader } from './gating';
import { sanitizeArticleHtml, textOf } from './sanitize';
import * as store from './store';
import { countView, type Viewer } from './views';
import type { ArticleRecord } from './store';

const nowIso = () => new Date().toISOString();

// Path and query values are checked before they become keys: DynamoDB refuses oversized keys with
// an error that would otherwise surface as a 500.
const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PATH_SEGMENT = /^[a-z0-9-]{1,200}$/;

function articleId(id: string): string {
  if (!ARTICLE_ID.test(id)) throw notFound(ARTICLE_MESSAGES.notFound);
  return id;
}

/** Roles and subscription of a signed-in caller; anonymous without a user id. */
export async function readerFor(userId: string | undefined): Promise<Reader> {
  if (!userId) return ANONYMOUS;
  const user = await loadUser(userId);
  return { userId, roles: user.roles, subscribed: subscriptionState(user.subscription).subscribed };
}

/** For routes with optional sign-in: a valid bearer token makes a reader, anything else is anonymous. */
export async function readerFromHeader(authorization: string | undefined): Promise<Reader> {
  const claims = await verifyBearer(authorization);
  return readerFor(typeof claims?.sub === 'string' ? claims.sub : undefined);
}

function parse<T>(result: { success: true; data: T } | { success: false; error: import('zod').ZodError }): T {
  if (result.success) return result.data;
  const issue = firstArticleIssue(result.error);
  throw badRequest(issue.message, issue.field);
}

/** Sanitizes the body; the length rule is checked again on what will be stored. */
function cleanContent(content: string): string {
  const clean = sanitizeArticleHtml(content);
  if (visibleLength(textOf(clean)) < ARTICLE_LIMITS.contentMin) {
    throw badRequest('Conteúdo deve ter pelo menos 50 caracteres', 'content');
  }
  return clean;
}

const primaryOf = (locations: readonly ArticleLocation[]) => locations.find((location) => location.is_primary);

function primaryLocation(cityCode: string | null): ArticleLocation[] {
  if (!cityCode) return [];
  const city = cityByCode(cityCode);
  if (!city) throw badRequest(ARTICLE_MESSAGES.invalidCity, 'city_code');
  return [primaryLocationOf(city)];
}

function writeErrors(error: unknown): unknown {
  if (error instanceof store.WriteConflict) {
    if (error.reason === 'slug') return conflict(ARTICLE_MESSAGES.slugTaken);
    if (error.reason === 'version') return conflict(ARTICLE_MESSAGES.staleVersion);
  }
  return error;
}

export async function createArticle(userId: string, input: unknown): Promise<ArticleDraft> {
  const reader = await readerFor(userId);
  if (!can(reader.roles, 'article.create')) throw forbidden(ARTICLE_MESSAGES.createForbidden);
  const data = parse(articleCreateSchema.safeParse(input ?? {}));
  const now = nowIso();
  const locations = primaryLocation(data.city_code);
  const article: ArticleRecord = {
    id: randomUUID(),
    slug: data.slug,
    title: data.title,
    summary: data.summary,
    content: cleanContent(data.content),
    cover_image: data.cover_image,
    visibility: data.visibility,
    // Creation always yields a draft.
    status: 'draft',
    author_id: userId,
    tags: data.tags,
    locations,
    location_path: primaryOf(locations)?.location_path ?? null,
    ai_last_updated: null,
    published_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  try {
    await store.saveArticle(undefined, article, userId);
  } catch (error) {
    throw writeErrors(error);
  }
  return toDraft(article, reader, 0, await store.batchGet([store.profileKey(userId)]));
}

async function editable(userId: string, id: string): Promise<{ article: ArticleRecord; reader: Reader }> {
  const [article, reader] = await Promise.all([store.getArticle(articleId(id), true), readerFor(userId)]);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  if (!mayEdit(reader, article)) throw forbidden(ARTICLE_MESSAGES.editForbidden);
  return { article, reader };
}

export async function getDraft(userId: string, id: string): Promise<ArticleDraft> {
  const { article, reader } = await editable(userId, id);
  const extras = await store.batchGet(draftExtras(article));
  return toDraft(article, reader, store.viewsFrom(extras, id), extras);
}

/** What the editor shows beside the article, in one BatchGet: the author, the views, the latest SEO result. */
const draftExtras = (article: ArticleRecord) => [
  store.profileKey(article.author_id),
  store.viewsKey(article.id),
  store.seoLatestKey(article.id),
];

export interface ApplyOptions {
  /** What the save changes; the rest stays as stored. */
  changes: Partial<Pick<ArticleRecord, 'title' | 'slug' | 'summary' | 'content' | 'cover_image' | 'visibility' | 'tags'>> & {
    status?: ArticleStatus;
    city_code?: string | null;
  };
  baseVersion: number;
}

/** The workflow and the write, shared by edits and restores, on an article `editable` loaded. */
async function apply(
  userId: string,
  { article, reader }: { article: ArticleRecord; reader: Reader },
  { changes, baseVersion }: ApplyOptions,
): Promise<ArticleDraft> {
  if (baseVersion !== article.version) throw conflict(ARTICLE_MESSAGES.staleVersion);
  const { city_code, status: requested, ...sent } = changes;
  // Only what the request carried changes; everything else stays as stored.
  const fields = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as typeof sent;
  const status = requested ?? article.status;
  if (!canTransition(reader.roles, article.status, status)) throw forbidden(ARTICLE_MESSAGES.statusForbidden);
  const now = nowIso();
  const locations = city_code === undefined ? article.locations : primaryLocation(city_code);
  const next: ArticleRecord = {
    ...article,
    ...fields,
    content: fields.content === undefined ? article.content : cleanContent(fields.content),
    status,
    locations,
    location_path: primaryOf(locations)?.location_path ?? null,
    // The first publication sets published_at; later ones keep it.
    published_at: status === 'published' ? (article.published_at ?? now) : article.published_at,
    updated_at: now,
    version: article.version + 1,
  };
  try {
    await store.saveArticle(article, next, userId);
  } catch (error) {
    throw writeErrors(error);
  }
  const extras = await store.batchGet(draftExtras(next));
  return toDraft(next, reader, store.viewsFrom(extras, next.id), extras);
}

export async function updateArticle(userId: string, id: string, input: unknown): Promise<ArticleDraft> {
  const data = parse(articleUpdateSchema.safeParse(input ?? {}));
  const { base_version, ...changes } = data;
  return apply(userId, await editable(userId, id), { changes, baseVersion: base_version });
}

export async function deleteArticle(userId: string, id: string): Promise<void> {
  const [article, reader] = await Promise.all([store.getArticle(articleId(id), true), readerFor(userId)]);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  // Authors delete their own articles; the master deletes any (spec section 6).
  if (article.author_id !== userId && !can(reader.roles, 'admin.access')) throw forbidden(ARTICLE_MESSAGES.deleteForbidden);
  try {
    await store.deleteArticle(article);
  } catch (error) {
    throw writeErrors(error);
  }
}

export async function listVersions(userId: string, id: string): Promise<ArticleVersionSummary[]> {
  await editable(userId, id);
  const versions = await store.listVersions(id);
  const profiles = await store.batchGet([...new Set(versions.map((version) => version.changed_by))].map(store.profileKey));
  return versions.map((version) => ({
    version_number: version.version_number,
    title: version.title,
    summary: version.summary,
    changed_by: store.authorFrom(profiles, version.changed_by),
    created_at: version.created_at,
  }));
}

/** Restoring copies a version's title, summary and body into a new version; status and slug stay. */
export async function restoreVersion(userId: string, id: string, versionParam: string, input: unknown): Promise<ArticleDraft> {
  const number = Number(versionParam);
  if (!Number.isInteger(number) || number < 1) throw notFound(ARTICLE_MESSAGES.versionNotFound);
  const { base_version } = parse(restoreSchema.safeParse(input ?? {}));
  const loaded = await editable(userId, id);
  const version = await store.getVersion(id, number);
  if (!version) throw notFound(ARTICLE_MESSAGES.versionNotFound);
  return apply(userId, loaded, {
    changes: { title: version.title, summary: version.summary, content: version.content },
    baseVersion: base_version ?? loaded.article.version,
  });
}

function toDraft(article: ArticleRecord, reader: Reader, views: number, extras: Record<string, unknown>[] = []): ArticleDraft {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    content: article.content,
    cover_image: article.cover_image,
    visibility: article.visibility,
    status: article.status,
    author_id: article.author_id,
    author: store.authorFrom(extras, article.author_id),
    tags: article.tags,
    locations: article.locations,
    city_code: primaryOf(article.locations)?.code ?? null,
    location_path: article.location_path,
    ai_last_updated: article.ai_last_updated,
    published_at: article.published_at,
    created_at: article.created_at,
    updated_at: article.updated_at,
    views_count: views,
    version: article.version,
    allowed_statuses: allowedStatuses(reader.roles, article.status),
    seo: store.seoFrom(extras, article.id),
  };
}

/** The editors' queue: articles in review from every author (spec 6: review is an editor's task). */
export async function reviewQueue(userId: string): Promise<ReviewQueue> {
  const reader = await readerFor(userId);
  if (!can(reader.roles, 'article.set-status')) throw forbidden(ARTICLE_MESSAGES.reviewForbidden);
  const articles = await store.inReview(REVIEW_QUEUE_SIZE);
  const extras = await store.batchGet([...new Set(articles.map((article) => article.author_id))].map(store.profileKey));
  return {
    articles: articles.map((article) => ({
      ...toMyArticle(article, []),
      author: store.authorFrom(extras, article.author_id),
    })),
  };
}
const REVIEW_QUEUE_SIZE = 50;

function toMyArticle(article: ArticleRecord, extras: Record<string, unknown>[]): MyArticle {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    status: article.status,
    visibility: article.visibility,
    views_count: store.viewsFrom(extras, article.id),
    location_path: article.location_path,
    published_at: article.published_at,
    created_at: article.created_at,
    updated_at: article.updated_at,
    seo: store.seoFrom(extras, article.id),
  };
}

export async function myArticles(userId: string): Promise<MyArticles> {
  const articles = await store.articlesByAuthor(userId);
  const views = await store.batchGet(
    articles.flatMap((article) => [store.viewsKey(article.id), ...(article.status === 'published' ? [store.seoLatestKey(article.id)] : [])]),
  );
  const list = articles.map((article) => toMyArticle(article, views));
  const count = (status: ArticleStatus) => list.filter((article) => article.status === status).length;
  return {
    articles: list,
    counts: { all: list.length, draft: count('draft'), review: count('review'), published: count('published') },
  };
}

/** Card fields of articles, with authors and view counters fetched in one BatchGet. */
async function toCards(records: store.ArticleCardRecord[]): Promise<ArticleCard[]> {
  const extras = await store.batchGet([
    ...records.map((record) => store.profileKey(record.author_id)),
    ...records.map((record) => store.viewsKey(record.id)),
  ]);
  return records.map((record) => toCard(record, extras));
}

function toCard(record: store.ArticleCardRecord, extras: Record<string, unknown>[]): ArticleCard {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    cover_image: record.cover_image,
    visibility: record.visibility,
    published_at: record.published_at,
    views_count: store.viewsFrom(extras, record.id),
    tags: record.tags.slice(0, ARTICLE_LIMITS.cardTags),
    location_path: record.location_path,
    author: store.authorFrom(extras, record.author_id),
  };
}

/** Card records of published articles known by id, in the order given. */
async function publishedCards(ids: string[]): Promise<ArticleCard[]> {
  if (!ids.length) return [];
  const extras = await store.batchGet([...ids.map(store.cardKey), ...ids.map(store.viewsKey)], store.CARD_AND_COUNTER_FIELDS);
  const records = store.cardsFrom(extras).filter((record) => record.status === 'published');
  const byId = new Map(records.map((record) => [record.id, record]));
  const ordered = ids.map((id) => byId.get(id)).filter((record): record is store.ArticleCardRecord => !!record);
  const profiles = await store.batchGet([...new Set(ordered.map((record) => record.author_id))].map(store.profileKey));
  return ordered.map((record) => toCard(record, [...extras, ...profiles]));
}

/** The 12 latest published articles, or those of one city. */
async function feedArticles(city: string | undefined): Promise<ArticleCard[]> {
  if (!city) return toCards(await store.latestPublished(ARTICLE_LIMITS.feedSize));
  // A city that cannot be a location path has no articles.
  if (!PATH_SEGMENT.test(city)) return [];
  return publishedCards(await store.publishedIdsIn(`CITY#${city}`, ARTICLE_LIMITS.feedSize));
}

export async function home(city: string | undefined): Promise<HomeFeed> {
  const [articles, cities, menu] = await Promise.all([feedArticles(city), store.cityCounts(), store.activeMenu()]);
  return { articles, cities: rankCities(cities), menu };
}

export async function articleBySlug(reader: Reader, slug: string, location: string | undefined): Promise<ArticleView> {
  if (!PATH_SEGMENT.test(slug)) throw notFound(ARTICLE_MESSAGES.notFound);
  const id = await store.articleIdBySlug(slug);
  const article = id ? await store.getArticle(id) : undefined;
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  if (article.status !== 'published' && !mayEdit(reader, article)) throw notFound(ARTICLE_MESSAGES.notFound);
  // /{location}/{slug} must name the article's own location.
  if (location !== undefined && location !== article.location_path) throw notFound(ARTICLE_MESSAGES.notFound);
  const extras = await store.batchGet([store.profileKey(article.author_id), store.viewsKey(article.id)]);
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

/**
 * Up to 5 related articles, from these sources in order (spec section 7): same tag and same city,
 * same tag, same city, what readers of this article also read, then the latest published.
 */
export async function related(id: string): Promise<{ articles: ArticleCard[] }> {
  const article = await store.getArticle(articleId(id));
  if (!article || article.status !== 'published') throw notFound(ARTICLE_MESSAGES.notFound);
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

/** Articles read by the latest readers of this one (a bounded look: 3 readers, 10 reads each). */
async function alsoReadIds(id: string): Promise<string[]> {
  const readers = await store.recentReaders(id, 10);
  const lists = await Promise.all(readers.slice(0, 3).map((userId) => store.articlesReadBy(userId, 10)));
  return lists.flat().slice(0, 10);
}

export async function recordView(id: string, viewer: Viewer): Promise<void> {
  await countView(articleId(id), viewer);
}

export async function recordReading(userId: string, id: string, input: unknown): Promise<void> {
  const data = readingSchema.safeParse(input ?? {});
  if (!data.success) throw badRequest(ARTICLE_MESSAGES.invalidReading);
  const article = await store.getArticle(articleId(id));
  if (!article || article.status !== 'published') throw notFound(ARTICLE_MESSAGES.notFound);
  await store.putReading({
    user_id: userId,
    article_id: id,
    visit_id: data.data.visit_id,
    time_spent_seconds: data.data.time_spent_seconds,
    scroll_depth_percent: Math.min(100, Math.round(data.data.scroll_depth_percent)),
    created_at: nowIso(),
  });
}

