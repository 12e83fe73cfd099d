// Writing articles: who may create, edit, publish and delete, the status workflow, and the editor's
// copy (the draft) with its author, views and latest SEO result.
import { randomUUID } from 'node:crypto';
import type { ArticleDraft, AuthorRef, SeoValidation } from '../../shared/api-types';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  allowedStatuses,
  canTransition,
  type ArticleCreate,
  type ArticleStatus,
  type ArticleUpdate,
} from '../../shared/articles';
import { can } from '../../shared/roles';
import { visibleLength } from '../../shared/text';
import { batchRead } from '../platform/dynamo-batch';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { checkArticleId, primaryOf, type ArticleRecord } from './article';
import { coverVariantsOnSave } from './cover-variants';
import { locationsOnSave, type LocationChanges } from './locations';
import * as store from './article-store';
import { mayEdit, type Reader } from './gating';
import { authorsOf, readerFor } from './people';
import { sanitizeArticleHtml, textOf } from './sanitize';
import { latestSeo } from './seo-store';
import { viewCounts } from './views';

const nowIso = () => new Date().toISOString();

/** Sanitizes the body; the length rule is checked again on what will be stored. */
function cleanContent(content: string): string {
  const clean = sanitizeArticleHtml(content);
  if (visibleLength(textOf(clean)) < ARTICLE_LIMITS.contentMin) {
    throw badRequest('Conteúdo deve ter pelo menos 50 caracteres', 'content');
  }
  return clean;
}

async function write(save: Promise<void>): Promise<void> {
  try {
    await save;
  } catch (error) {
    if (error instanceof store.WriteConflict) {
      throw conflict(error.reason === 'slug' ? ARTICLE_MESSAGES.slugTaken : ARTICLE_MESSAGES.staleVersion);
    }
    throw error;
  }
}

/** What the editor shows beside the article. */
interface DraftExtras {
  author: (userId: string) => AuthorRef;
  views: (articleId: string) => number;
  seo: (articleId: string) => SeoValidation | null;
}

/** The draft with its author, views and latest SEO result, read in one BatchGet. */
async function draftOf(article: ArticleRecord, reader: Reader): Promise<ArticleDraft> {
  const ids = [article.id];
  const extras = await batchRead({ author: authorsOf([article.author_id]), views: viewCounts(ids), seo: latestSeo(ids) });
  return toDraft(article, reader, extras);
}

/** POST /api/articles, with the body the edge parsed (articleCreateSchema). */
export async function createArticle(userId: string, data: ArticleCreate): Promise<ArticleDraft> {
  const reader = await readerFor(userId);
  if (!can(reader.roles, 'article.create')) throw forbidden(ARTICLE_MESSAGES.createForbidden);
  const now = nowIso();
  const locations = locationsOnSave(undefined, data);
  const article: ArticleRecord = {
    id: randomUUID(),
    slug: data.slug,
    title: data.title,
    summary: data.summary,
    content: cleanContent(data.content),
    cover_image: data.cover_image,
    cover_variants: await coverVariantsOnSave(data.cover_image),
    visibility: data.visibility,
    // Creation always yields a draft.
    status: 'draft',
    author_id: userId,
    tags: data.tags,
    locations,
    location_path: primaryOf(locations)?.location_path ?? null,
    // Saving after an AI analysis sets it (spec section 4).
    ai_last_updated: data.analyzed ? now : null,
    published_at: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await write(store.saveArticle(undefined, article, userId));
  // A new article has no views and no SEO result yet: only its author is read.
  const { author } = await batchRead({ author: authorsOf([userId]) });
  return toDraft(article, reader, { author, views: () => 0, seo: () => null });
}

export interface Editable {
  article: ArticleRecord;
  reader: Reader;
}

/** The stored article, for someone who may edit it. */
export async function editable(userId: string, id: string): Promise<Editable> {
  const [article, reader] = await Promise.all([store.getArticle(checkArticleId(id), true), readerFor(userId)]);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  if (!mayEdit(reader, article)) throw forbidden(ARTICLE_MESSAGES.editForbidden);
  return { article, reader };
}

export async function getDraft(userId: string, id: string): Promise<ArticleDraft> {
  const { article, reader } = await editable(userId, id);
  return draftOf(article, reader);
}

export interface ApplyOptions {
  /** What the save changes; the rest stays as stored. */
  changes: Partial<Pick<ArticleRecord, 'title' | 'slug' | 'summary' | 'content' | 'cover_image' | 'visibility' | 'tags'>> &
    LocationChanges & { status?: ArticleStatus; analyzed?: boolean };
  baseVersion: number;
}

/** The workflow and the write, shared by edits and restores, on an article `editable` loaded. */
export async function apply(userId: string, { article, reader }: Editable, { changes, baseVersion }: ApplyOptions): Promise<ArticleDraft> {
  if (baseVersion !== article.version) throw conflict(ARTICLE_MESSAGES.staleVersion);
  const { city_code, location_codes, analyzed, status: requested, ...sent } = changes;
  // Only what the request carried changes; everything else stays as stored.
  const fields = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as typeof sent;
  const status = requested ?? article.status;
  if (!canTransition(reader.roles, article.status, status)) throw forbidden(ARTICLE_MESSAGES.statusForbidden);
  const now = nowIso();
  const locations = locationsOnSave(article.locations, { city_code, location_codes });
  const next: ArticleRecord = {
    ...article,
    ...fields,
    content: fields.content === undefined ? article.content : cleanContent(fields.content),
    cover_variants: await coverVariantsOnSave(fields.cover_image ?? article.cover_image, article),
    status,
    locations,
    location_path: primaryOf(locations)?.location_path ?? null,
    ai_last_updated: analyzed ? now : article.ai_last_updated,
    // The first publication sets published_at; later ones keep it.
    published_at: status === 'published' ? (article.published_at ?? now) : article.published_at,
    updated_at: now,
    version: article.version + 1,
  };
  await write(store.saveArticle(article, next, userId));
  return draftOf(next, reader);
}

/** PUT /api/articles/{id}, with the body the edge parsed (articleUpdateSchema: only what was sent). */
export async function updateArticle(userId: string, id: string, { base_version, ...changes }: ArticleUpdate): Promise<ArticleDraft> {
  return apply(userId, await editable(userId, id), { changes, baseVersion: base_version });
}

export async function deleteArticle(userId: string, id: string): Promise<void> {
  const [article, reader] = await Promise.all([store.getArticle(checkArticleId(id), true), readerFor(userId)]);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  // Authors delete their own articles; the master deletes any (spec section 6).
  if (article.author_id !== userId && !can(reader.roles, 'admin.access')) throw forbidden(ARTICLE_MESSAGES.deleteForbidden);
  await write(store.deleteArticle(article, userId));
}

function toDraft(article: ArticleRecord, reader: Reader, extras: DraftExtras): ArticleDraft {
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
    author: extras.author(article.author_id),
    tags: article.tags,
    locations: article.locations,
    city_code: primaryOf(article.locations)?.code ?? null,
    location_path: article.location_path,
    ai_last_updated: article.ai_last_updated,
    published_at: article.published_at,
    created_at: article.created_at,
    updated_at: article.updated_at,
    views_count: extras.views(article.id),
    version: article.version,
    allowed_statuses: allowedStatuses(reader.roles, article.status),
    seo: extras.seo(article.id),
  };
}
