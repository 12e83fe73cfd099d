// The editorial entities of an article: reviews and internal comments. Both live in the article's own
// partition (ARTICLE#<id>) under sort keys that order them by time (REVIEW#<id>, COMMENT#<id>, the id a
// UUID version 7), so one Query lists them newest first, a comment is found by its id with one Get, and
// the article's deletion, which clears its whole partition, takes them along. Each entity knows its key
// and its item; keys are charted in lambdas/DATA.md.
import type { ReviewStatus } from '../../shared/editorial';
import type { Item, Key } from '../platform/dynamo';

/** The article's partition (the articles context's key, ARTICLE#<id>): its editorial items live beside it. */
export const articlePk = (articleId: string) => `ARTICLE#${articleId}`;

export { timeOrderedId } from '../platform/ids';

// Path values are checked before they become keys: DynamoDB refuses oversized keys with an error that
// would otherwise surface as a 500.
export { isUuid as isEditorialId } from '../platform/ids';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface ReviewRecord {
  id: string;
  article_id: string;
  reviewer_id: string;
  status: ReviewStatus;
  comment: string | null;
  reviewed_at: string;
  /** The article's author when the review was written: the events name whom it concerns. */
  article_author_id: string;
}

export const REVIEW_PREFIX = 'REVIEW#';

/**
 * What a person wrote, by person (gsi1, free on both entities): the export of Meus dados and the
 * anonymisation of a deleted account find them without a Scan. Items written before carry no such key.
 */
export const reviewsBy = (reviewerId: string) => `REVIEWS_BY#${reviewerId}`;
export const commentsBy = (userId: string) => `COMMENTS_BY#${userId}`;

export const reviewEntity = {
  name: 'article_review',
  key: (articleId: string, id: string): Key => ({ pk: articlePk(articleId), sk: `${REVIEW_PREFIX}${id}` }),
  toItem: ({ comment, ...review }: ReviewRecord): Item => ({
    ...reviewEntity.key(review.article_id, review.id),
    entity: reviewEntity.name,
    gsi1pk: reviewsBy(review.reviewer_id),
    gsi1sk: `${review.reviewed_at}#${review.id}`,
    ...review,
    // Absent rather than null when there is none.
    ...(comment ? { comment } : {}),
  }),
  fromItem: (item: Item): ReviewRecord => ({
    id: text(item.id),
    article_id: text(item.article_id),
    reviewer_id: text(item.reviewer_id),
    status: item.status as ReviewStatus,
    comment: typeof item.comment === 'string' && item.comment ? item.comment : null,
    reviewed_at: text(item.reviewed_at),
    article_author_id: text(item.article_author_id),
  }),
};

export interface CommentRecord {
  id: string;
  article_id: string;
  user_id: string;
  comment: string;
  created_at: string;
  /** The article's author when the comment was written: the events name whom it concerns. */
  article_author_id: string;
}

export const COMMENT_PREFIX = 'COMMENT#';

export const commentEntity = {
  name: 'internal_comment',
  key: (articleId: string, id: string): Key => ({ pk: articlePk(articleId), sk: `${COMMENT_PREFIX}${id}` }),
  toItem: (comment: CommentRecord): Item => ({
    ...commentEntity.key(comment.article_id, comment.id),
    entity: commentEntity.name,
    gsi1pk: commentsBy(comment.user_id),
    gsi1sk: `${comment.created_at}#${comment.id}`,
    ...comment,
  }),
  fromItem: (item: Item): CommentRecord => ({
    id: text(item.id),
    article_id: text(item.article_id),
    user_id: text(item.user_id),
    comment: text(item.comment),
    created_at: text(item.created_at),
    article_author_id: text(item.article_author_id),
  }),
};
