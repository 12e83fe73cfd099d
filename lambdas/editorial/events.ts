// Domain events of the editorial context, derived from committed changes of its items: a review
// inserted, an internal comment inserted or removed. Each carries the article's author, so that a
// consumer (notifications, live updates) knows whom it concerns without reading the table.
// The catalogue of what it emits is EDITORIAL_EVENTS (see EVENTS.md beside this file).
import { z } from 'zod';
import { REVIEW_STATUSES } from '../../shared/editorial';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { commentEntity, reviewEntity } from './items';

export const EDITORIAL_EVENTS = {
  ReviewSubmitted: {
    source: 'portal.editorial',
    description: "An editor or the master reviewed an article (the article's status does not change).",
    detail: z.object({
      article_id: z.string(),
      review_id: z.string(),
      reviewer_id: z.string(),
      /** The article's author, when the review was written. */
      author_id: z.string(),
      status: z.enum(REVIEW_STATUSES),
      /** Absent when the review has no comment. */
      comment: z.string().optional(),
      reviewed_at: z.string(),
    }),
  },
  InternalCommentAdded: {
    source: 'portal.editorial',
    description: 'Someone who may edit an article added an internal comment to it.',
    detail: z.object({
      article_id: z.string(),
      comment_id: z.string(),
      /** Who wrote the comment. */
      user_id: z.string(),
      /** The article's author, when the comment was written. */
      author_id: z.string(),
      comment: z.string(),
      created_at: z.string(),
    }),
  },
  InternalCommentDeleted: {
    source: 'portal.editorial',
    description: 'An internal comment was removed (by its writer, an editor or the master, or with its article).',
    detail: z.object({
      article_id: z.string(),
      comment_id: z.string(),
      /** Who had written the comment. */
      user_id: z.string(),
      author_id: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

export const editorialEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (change.eventName === 'INSERT' && next?.entity === reviewEntity.name) {
    const review = reviewEntity.fromItem(next);
    return [
      domainEvent(EDITORIAL_EVENTS, 'ReviewSubmitted', {
        article_id: review.article_id,
        review_id: review.id,
        reviewer_id: review.reviewer_id,
        author_id: review.article_author_id,
        status: review.status,
        ...(review.comment ? { comment: review.comment } : {}),
        reviewed_at: review.reviewed_at,
      }),
    ];
  }
  if (change.eventName === 'INSERT' && next?.entity === commentEntity.name) {
    const comment = commentEntity.fromItem(next);
    return [
      domainEvent(EDITORIAL_EVENTS, 'InternalCommentAdded', {
        article_id: comment.article_id,
        comment_id: comment.id,
        user_id: comment.user_id,
        author_id: comment.article_author_id,
        comment: comment.comment,
        created_at: comment.created_at,
      }),
    ];
  }
  const gone = change.oldImage;
  if (change.eventName === 'REMOVE' && gone?.entity === commentEntity.name) {
    const comment = commentEntity.fromItem(gone);
    return [
      domainEvent(EDITORIAL_EVENTS, 'InternalCommentDeleted', {
        article_id: comment.article_id,
        comment_id: comment.id,
        user_id: comment.user_id,
        author_id: comment.article_author_id,
      }),
    ];
  }
  return [];
};
