// What a write, or a change pushed live, does to the cached lists: both are newest first, and an entry
// appears once whichever arrives first (the API's answer to one's own write, or its live echo).
import type { QueryClient } from '@tanstack/react-query';
import type { ArticleReview, InternalComment } from '../../../../../shared/editorial';
import { editorialKeys } from './keys';

const newestFirst = <T extends { id: string }>(at: (entry: T) => string) => (a: T, b: T) =>
  at(b).localeCompare(at(a)) || b.id.localeCompare(a.id);

/** The list with `comment` in it (replacing an entry with its id), newest first. */
export function mergeComment(list: readonly InternalComment[] | undefined, comment: InternalComment): InternalComment[] {
  return [comment, ...(list ?? []).filter((entry) => entry.id !== comment.id)].sort(newestFirst((entry) => entry.created_at));
}

/** The list without the comment of that id. */
export function withoutComment(list: readonly InternalComment[] | undefined, commentId: string): InternalComment[] {
  return (list ?? []).filter((entry) => entry.id !== commentId);
}

/** The list with `review` in it, newest first. */
export function mergeReview(list: readonly ArticleReview[] | undefined, review: ArticleReview): ArticleReview[] {
  return [review, ...(list ?? []).filter((entry) => entry.id !== review.id)].sort(newestFirst((entry) => entry.reviewed_at));
}

/**
 * A comment added (by this user's write, or pushed live): into the article's cached list. Nothing
 * happens while the list was never loaded; its first fetch will include the comment.
 */
export function commentAdded(queryClient: QueryClient, comment: InternalComment): void {
  queryClient.setQueryData<InternalComment[]>(editorialKeys.comments(comment.article_id), (list) => (list ? mergeComment(list, comment) : list));
}

/** A comment removed (by this user, or pushed live): out of the article's cached list. */
export function commentRemoved(queryClient: QueryClient, articleId: string, commentId: string): void {
  queryClient.setQueryData<InternalComment[]>(editorialKeys.comments(articleId), (list) => (list ? withoutComment(list, commentId) : list));
}

export function reviewAdded(queryClient: QueryClient, review: ArticleReview): void {
  queryClient.setQueryData<ArticleReview[]>(editorialKeys.reviews(review.article_id), (list) => (list ? mergeReview(list, review) : list));
}
