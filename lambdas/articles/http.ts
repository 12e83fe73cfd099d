// HTTP routes of the articles context (see shared/routes.ts).
import { httpHandler, json, requireUser, viewerOf, type HttpResult } from '../platform/http';
import * as articles from './service';

const noContent: HttpResult = { status: 204 };
const SHARED_BRIEFLY = 'public, max-age=0, s-maxage=30';

export const handler = httpHandler({
  'GET /api/home': async ({ query }) => ({
    ...json(200, await articles.home(query.city || undefined)),
    // The same for everyone: a shared cache may keep it briefly; browsers revalidate, so a new
    // publication shows at once to whoever just made it.
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'GET /api/articles/by-slug/{slug}': async ({ event, params, query }) => {
    const reader = await articles.readerFromHeader(event.headers.authorization);
    return json(200, await articles.articleBySlug(reader, params.slug ?? '', query.location));
  },
  'GET /api/articles/{id}/related': async ({ params }) => ({
    ...json(200, await articles.related(params.id ?? '')),
    headers: { 'cache-control': SHARED_BRIEFLY },
  }),
  'POST /api/articles/{id}/view': async ({ event, params }) => {
    await articles.recordView(params.id ?? '', viewerOf(event));
    return noContent;
  },
  'POST /api/articles/{id}/reading': async (request) => {
    await articles.recordReading(requireUser(request), request.params.id ?? '', request.body);
    return noContent;
  },
  'GET /api/articles/mine': async (request) => json(200, await articles.myArticles(requireUser(request))),
  'GET /api/articles/in-review': async (request) => json(200, await articles.reviewQueue(requireUser(request))),
  'POST /api/articles': async (request) => json(201, await articles.createArticle(requireUser(request), request.body)),
  'GET /api/articles/{id}': async (request) => json(200, await articles.getDraft(requireUser(request), request.params.id ?? '')),
  'PUT /api/articles/{id}': async (request) =>
    json(200, await articles.updateArticle(requireUser(request), request.params.id ?? '', request.body)),
  'DELETE /api/articles/{id}': async (request) => {
    await articles.deleteArticle(requireUser(request), request.params.id ?? '');
    return noContent;
  },
  'GET /api/articles/{id}/versions': async (request) =>
    json(200, await articles.listVersions(requireUser(request), request.params.id ?? '')),
  'POST /api/articles/{id}/versions/{version}/restore': async (request) =>
    json(
      200,
      await articles.restoreVersion(requireUser(request), request.params.id ?? '', request.params.version ?? '', request.body),
    ),
});
