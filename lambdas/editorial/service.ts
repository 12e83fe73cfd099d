// The editorial use cases. Whoever may edit an article (its author, editors, the master: the articles
// context's rule) sees its reviews and internal comments and may comment; editors and the master
// review it (a review never changes the article's status); a comment is removed by whoever wrote it,
// or by an editor or the master. Writers' names come from the users context in one BatchGet.
import { ARTICLE_MESSAGES } from '../../shared/articles';
import {
  EDITORIAL_LIMITS,
  EDITORIAL_MESSAGES,
  type ArticleReview,
  type InternalComment,
  type PersonRef,
  type ReviewCreate,
} from '../../shared/editorial';
import { can } from '../../shared/roles';
import { articleHeadline, mayEdit, type ArticleHeadline, type Reader } from '../articles/public';
import { batchRead } from '../platform/dynamo-batch';
import { forbidden, notFound } from '../platform/errors';
import { authorProfiles, readerAccess } from '../users/public';
import { isEditorialId, timeOrderedId, type CommentRecord, type ReviewRecord } from './items';
import * as store from './store';

interface Desk {
  article: ArticleHeadline;
  reader: Reader;
}

/** The article (404 when there is none) and the caller's roles, read side by side. */
async function deskOf(userId: string, articleId: string): Promise<Desk> {
  const [article, access] = await Promise.all([articleHeadline(articleId), readerAccess(userId)]);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  return { article, reader: { userId, ...access } };
}

/** The desk of someone who may edit the article; 403 for anyone else. */
async function editorialDesk(userId: string, articleId: string): Promise<Desk> {
  const desk = await deskOf(userId, articleId);
  if (!mayEdit(desk.reader, desk.article)) throw forbidden(EDITORIAL_MESSAGES.accessForbidden);
  return desk;
}

/** Names and avatars of the writers, in one BatchGet; a profile that is gone shows as the anonymous author. */
async function peopleOf(userIds: string[]): Promise<(userId: string) => PersonRef> {
  const { profiles } = await batchRead({ profiles: authorProfiles([...new Set(userIds)]) });
  return (userId) => ({
    full_name: profiles.get(userId)?.full_name || ARTICLE_MESSAGES.anonymousAuthor,
    avatar_url: profiles.get(userId)?.avatar_url ?? '',
  });
}

function toReview(review: ReviewRecord, person: (userId: string) => PersonRef): ArticleReview {
  return {
    id: review.id,
    article_id: review.article_id,
    reviewer_id: review.reviewer_id,
    reviewer: person(review.reviewer_id),
    status: review.status,
    comment: review.comment,
    reviewed_at: review.reviewed_at,
  };
}

function toComment(comment: CommentRecord, person: (userId: string) => PersonRef): InternalComment {
  return {
    id: comment.id,
    article_id: comment.article_id,
    user_id: comment.user_id,
    user: person(comment.user_id),
    comment: comment.comment,
    created_at: comment.created_at,
  };
}

/** A new id and its creation time, from the same clock reading (the id sorts by it). */
function stamp(): { id: string; at: string } {
  const now = Date.now();
  return { id: timeOrderedId(now), at: new Date(now).toISOString() };
}

/** GET /api/articles/{id}/reviews: newest first. */
export async function listReviews(userId: string, articleId: string): Promise<ArticleReview[]> {
  await editorialDesk(userId, articleId);
  const reviews = await store.listReviews(articleId, EDITORIAL_LIMITS.listMax);
  const person = await peopleOf(reviews.map((review) => review.reviewer_id));
  return reviews.map((review) => toReview(review, person));
}

/** POST /api/articles/{id}/reviews, with the body the edge parsed (reviewCreateSchema). */
export async function submitReview(userId: string, articleId: string, input: ReviewCreate): Promise<ArticleReview> {
  const { article, reader } = await deskOf(userId, articleId);
  if (!can(reader.roles, 'article.review') || !mayEdit(reader, article)) throw forbidden(EDITORIAL_MESSAGES.reviewForbidden);
  const { id, at } = stamp();
  const review: ReviewRecord = {
    id,
    article_id: article.id,
    reviewer_id: userId,
    status: input.status,
    comment: input.comment || null,
    reviewed_at: at,
    article_author_id: article.author_id,
  };
  const [person] = await Promise.all([peopleOf([userId]), store.putReview(review)]);
  return toReview(review, person);
}

/** GET /api/articles/{id}/comments: newest first. */
export async function listComments(userId: string, articleId: string): Promise<InternalComment[]> {
  await editorialDesk(userId, articleId);
  const comments = await store.listComments(articleId, EDITORIAL_LIMITS.listMax);
  const person = await peopleOf(comments.map((comment) => comment.user_id));
  return comments.map((comment) => toComment(comment, person));
}

/** POST /api/articles/{id}/comments, with the comment the edge trimmed and checked (commentCreateSchema). */
export async function addComment(userId: string, articleId: string, text: string): Promise<InternalComment> {
  const { article } = await editorialDesk(userId, articleId);
  const { id, at } = stamp();
  const comment: CommentRecord = { id, article_id: article.id, user_id: userId, comment: text, created_at: at, article_author_id: article.author_id };
  const [person] = await Promise.all([peopleOf([userId]), store.putComment(comment)]);
  return toComment(comment, person);
}

/** DELETE /api/articles/{id}/comments/{commentId}: its writer, or an editor or the master (who may edit any article). */
export async function removeComment(userId: string, articleId: string, commentId: string): Promise<void> {
  const { reader } = await editorialDesk(userId, articleId);
  const comment = isEditorialId(commentId) ? await store.getComment(articleId, commentId) : undefined;
  if (!comment) throw notFound(EDITORIAL_MESSAGES.commentNotFound);
  if (comment.user_id !== userId && !can(reader.roles, 'article.edit-any')) throw forbidden(EDITORIAL_MESSAGES.commentDeleteForbidden);
  // Gone in the meantime (another click, another person): the same 404 as if it had never been there.
  if (!(await store.deleteComment(articleId, commentId))) throw notFound(EDITORIAL_MESSAGES.commentNotFound);
}
