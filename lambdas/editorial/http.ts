// HTTP routes of the editorial context, as its contract declares them.
import { httpHandler, json, noContent } from '../platform/http';
import { contract } from './contract';
import * as editorial from './service';

export const handler = httpHandler(contract, {
  'GET /api/articles/{id}/reviews': async (request) => json(200, await editorial.listReviews(request.userId, request.params.id ?? '')),
  'POST /api/articles/{id}/reviews': async (request) =>
    json(201, await editorial.submitReview(request.userId, request.params.id ?? '', request.body)),
  'GET /api/articles/{id}/comments': async (request) => json(200, await editorial.listComments(request.userId, request.params.id ?? '')),
  'POST /api/articles/{id}/comments': async (request) =>
    json(201, await editorial.addComment(request.userId, request.params.id ?? '', request.body.comment)),
  'DELETE /api/articles/{id}/comments/{commentId}': async (request) => {
    await editorial.removeComment(request.userId, request.params.id ?? '', request.params.commentId ?? '');
    return noContent;
  },
});
