// The articles context: writing, the workflow, reading with the premium gate, views, reading history,
// related articles, and the SEO worker. It emits ArticlePublished, ArticleUpdated, ArticleStatusChanged,
// ArticleDeleted, ArticleSaved and SeoValidated (EVENTS.md).
import { articleCreateSchema, articleUpdateSchema, authorPageQuerySchema, readingSchema, restoreSchema } from '../../shared/articles';
import { adminArticleQuerySchema, articleStatusSchema } from '../../shared/admin-articles';
import { tagRenameSchema } from '../../shared/tags';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { ARTICLE_EVENTS, articleEvents, articleSavedEvents } from './events';
import { ADMIN_MESSAGES } from '../../shared/admin';
import { ARTICLE_MESSAGES } from '../../shared/article-rules';
import { TAG_MESSAGES } from '../../shared/tags';

export const contract = defineContext({
  name: 'articles',
  routes: {
    // Public reading: the home feed, an article by slug (premium body only for those who may read it),
    // related articles, an author's page and the view counter.
    'GET /api/home': { auth: 'none' },
    'GET /api/authors/{authorId}': { auth: 'none', query: authorPageQuerySchema },
    'GET /api/articles/by-slug/{slug}': { auth: 'optional' },
    'GET /api/articles/{id}/related': { auth: 'none' },
    'GET /api/articles/most-read': { auth: 'none' },
    'POST /api/articles/{id}/view': { auth: 'none' },
    'POST /api/articles/{id}/reading': { auth: 'required', body: readingSchema },
    // Writing and the workflow.
    'GET /api/articles/mine': { auth: 'required' },
    'GET /api/articles/in-review': { auth: 'required', requires: onlyFor('article.set-status', ARTICLE_MESSAGES.reviewForbidden) },
    'POST /api/articles': { auth: 'required', requires: onlyFor('article.create', ARTICLE_MESSAGES.createForbidden), body: articleCreateSchema },
    'GET /api/articles/{id}': { auth: 'required' },
    'PUT /api/articles/{id}': { auth: 'required', body: articleUpdateSchema },
    'DELETE /api/articles/{id}': { auth: 'required' },
    'GET /api/articles/{id}/versions': { auth: 'required' },
    'POST /api/articles/{id}/versions/{version}/restore': { auth: 'required', body: restoreSchema },
    // The dashboard's counts, and the admin area's list and status change (masters).
    'GET /api/articles/stats': { auth: 'required' },
    'GET /api/admin/articles': { auth: 'required', requires: onlyFor('admin.access', ADMIN_MESSAGES.accessDenied), query: adminArticleQuerySchema },
    'PATCH /api/admin/articles/{id}/status': { auth: 'required', requires: onlyFor('admin.access', ADMIN_MESSAGES.accessDenied), body: articleStatusSchema },
    // Tag management (editors and masters).
    'GET /api/tags': { auth: 'required', requires: onlyFor('article.edit-any', TAG_MESSAGES.forbidden) },
    'POST /api/tags/{tag}/rename': { auth: 'required', requires: onlyFor('article.edit-any', TAG_MESSAGES.forbidden), body: tagRenameSchema },
    'DELETE /api/tags/{tag}': { auth: 'required', requires: onlyFor('article.edit-any', TAG_MESSAGES.forbidden) },
  },
  emits: { catalogue: ARTICLE_EVENTS, changes: (change) => [...articleEvents(change), ...articleSavedEvents(change)] },
  workers: [
    {
      name: 'seo-validation',
      file: 'seo-worker',
      pattern: consumes(ARTICLE_EVENTS, ['ArticlePublished', 'ArticleUpdated']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
    // An account's deletion: its readings go, its articles move to the anonymous author (one transaction each).
    erasureWorker('articles', 300),
  ],
  permissions: [],
  // The issuer and client id let the optional-sign-in routes verify a bearer token themselves.
  environment: ['TABLE_NAME', 'JWT_ISSUER', 'USER_POOL_CLIENT_ID'],
});
