// HTTP routes of the storyboard context, as its contract declares them.
import { httpHandler, json } from '../platform/http';
import { contract } from './contract';
import * as storyboard from './service';

export const handler = httpHandler(contract, {
  'GET /api/storyboard/ideas': async (request) => json(200, await storyboard.list(request.userId, request.query.status, request.query.cursor)),
  'POST /api/storyboard/ideas': async (request) => json(201, await storyboard.create(request.userId, request.body)),
  'PATCH /api/storyboard/ideas/{id}': async (request) => json(200, await storyboard.update(request.userId, request.params.id ?? '', request.body)),
  'PUT /api/storyboard/ideas/{id}/article': async (request) =>
    json(200, await storyboard.linkArticle(request.userId, request.params.id ?? '', request.body.article_id)),
  'GET /api/storyboard/staff': async (request) => json(200, await storyboard.staff(request.userId)),
});
