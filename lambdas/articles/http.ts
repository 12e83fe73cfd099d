// HTTP routes of the articles context, as its contract declares them.
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { notFound } from '../platform/errors';
import { httpHandler, json, noContent, viewerOf } from '../platform/http';
import { contract } from './contract';
import * as admin from './admin';
import { mostReadArticles } from './edition';
import * as articles from './service';
import * as tags from './tags';

const SHARED_BRIEFLY = 'public, max-age=0, s-maxage=30';

export const handler = httpHandler(contract, {
  'GET /api/home': async ({ query }) => ({
    ...json(200, await articles.home(query.city || undefined)),
    // The same for everyone: a shared cache may keep it briefly; browsers revalidate, so a new
    // publication shows at once to whoever just made it.
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'GET /api/authors/{authorId}': async ({ params, query }) => {
    const page = await articles.authorPage(params.authorId ?? '', query.page);
    if (!page) throw notFound(ARTICLE_MESSAGES.authorNotFound);
    return { ...json(200, page), headers: { 'cache-control': SHARED_BRIEFLY } };
  },
  'GET /api/articles/by-slug/{slug}': async ({ userId, params, query }) => {
    // The edge verified the optional token: userId is its user, or undefined for anyone else.
    const reader = await articles.readerFor(userId);
    return json(200, await articles.articleBySlug(reader, params.slug ?? '', query.location));
  },
  'GET /api/articles/{id}/related': async ({ params }) => ({
    ...json(200, await articles.related(params.id ?? '')),
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'GET /api/articles/most-read': async () => ({
    ...json(200, await mostReadArticles()),
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'POST /api/articles/{id}/view': async ({ event, params }) => {
    await articles.recordView(params.id ?? '', viewerOf(event));
    return noContent;
  },
  'POST /api/articles/{id}/reading': async (request) => {
    await articles.recordReading(request.userId, request.params.id ?? '', request.body);
    return noContent;
  },
  'GET /api/articles/mine': async (request) => json(200, await articles.myArticles(request.userId)),
  'GET /api/articles/in-review': async (request) => json(200, await articles.reviewQueue(request.userId)),
  'POST /api/articles': async (request) => json(201, await articles.createArticle(request.userId, request.body)),
  'GET /api/articles/{id}': async (request) => json(200, await articles.getDraft(request.userId, request.params.id ?? '')),
  'PUT /api/articles/{id}': async (request) =>
    json(200, await articles.updateArticle(request.userId, request.params.id ?? '', request.body)),
  'DELETE /api/articles/{id}': async (request) => {
    await articles.deleteArticle(request.userId, request.params.id ?? '');
    return noContent;
  },
  'GET /api/articles/{id}/versions': async (request) =>
    json(200, await articles.listVersions(request.userId, request.params.id ?? '')),
  'POST /api/articles/{id}/versions/{version}/restore': async (request) =>
    json(
      200,
      await articles.restoreVersion(request.userId, request.params.id ?? '', request.params.version ?? '', request.body),
    ),
  'GET /api/articles/stats': async (request) => json(200, await admin.stats(request.userId)),
  'GET /api/admin/articles': async (request) => json(200, await admin.listArticles(request.userId, request.query)),
  'PATCH /api/admin/articles/{id}/status': async (request) =>
    json(200, await admin.setStatus(request.userId, request.params.id ?? '', request.body.status)),
  'GET /api/tags': async (request) => json(200, await tags.listTags(request.userId)),
  'POST /api/tags/{tag}/rename': async (request) =>
    json(200, await tags.renameTag(request.userId, request.params.tag ?? '', request.body.to)),
  'DELETE /api/tags/{tag}': async (request) => json(200, await tags.removeTag(request.userId, request.params.tag ?? '')),
});
