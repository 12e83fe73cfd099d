// The calls of the editorial API (lambdas/editorial): an article's reviews and internal comments.
import type { ArticleReview, CommentCreateInput, InternalComment, ReviewCreateInput } from '../../../../../shared/editorial';
import { api } from '../../../lib/api';

const articlePath = (articleId: string) => `/articles/${encodeURIComponent(articleId)}`;

export const fetchReviews = (articleId: string, signal?: AbortSignal) =>
  api.get<ArticleReview[]>(`${articlePath(articleId)}/reviews`, { signal });

export const submitReview = (articleId: string, input: ReviewCreateInput) =>
  api.post<ArticleReview>(`${articlePath(articleId)}/reviews`, input);

export const fetchComments = (articleId: string, signal?: AbortSignal) =>
  api.get<InternalComment[]>(`${articlePath(articleId)}/comments`, { signal });

export const addComment = (articleId: string, input: CommentCreateInput) =>
  api.post<InternalComment>(`${articlePath(articleId)}/comments`, input);

export const deleteComment = (articleId: string, commentId: string) =>
  api.delete<void>(`${articlePath(articleId)}/comments/${encodeURIComponent(commentId)}`);
