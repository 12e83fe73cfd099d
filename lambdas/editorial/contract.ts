// The editorial context: an article's reviews (editors and the master) and its internal comments
// (whoever may edit the article), kept beside the article. It emits ReviewSubmitted,
// InternalCommentAdded and InternalCommentDeleted (EVENTS.md), for notifications and live updates.
import { commentCreateSchema, reviewCreateSchema } from '../../shared/editorial';
import { defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { EDITORIAL_EVENTS, editorialEvents } from './events';
import { EDITORIAL_MESSAGES } from '../../shared/editorial';

export const contract = defineContext({
  name: 'editorial',
  routes: {
    'GET /api/articles/{id}/reviews': { auth: 'required' },
    'POST /api/articles/{id}/reviews': { auth: 'required', requires: onlyFor('article.review', EDITORIAL_MESSAGES.reviewForbidden), body: reviewCreateSchema },
    'GET /api/articles/{id}/comments': { auth: 'required' },
    'POST /api/articles/{id}/comments': { auth: 'required', body: commentCreateSchema },
    'DELETE /api/articles/{id}/comments/{commentId}': { auth: 'required' },
  },
  emits: { catalogue: EDITORIAL_EVENTS, changes: editorialEvents },
  workers: [erasureWorker('editorial')],
  permissions: [],
  environment: ['TABLE_NAME'],
});
