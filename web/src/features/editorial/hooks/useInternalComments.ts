// An article's internal comments, newest first, and their writes. The list lives in the query cache
// under editorialKeys.comments(articleId): a live update (WebSocket) merges a pushed comment with
// useLiveComments (or commentAdded/commentRemoved of api/cache.ts, or queryClient.setQueryData).
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InternalComment } from '../../../../../shared/editorial';
import { commentAdded, commentRemoved } from '../api/cache';
import { addComment, deleteComment, fetchComments } from '../api/editorial';
import { editorialKeys } from '../api/keys';

export function useInternalComments(articleId: string) {
  return useQuery({
    queryKey: editorialKeys.comments(articleId),
    queryFn: ({ signal }) => fetchComments(articleId, signal),
  });
}

/** For live updates: put a pushed comment into the article's list, or take a deleted one out. */
export function useLiveComments(articleId: string) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      merge: (comment: InternalComment) => commentAdded(queryClient, comment),
      remove: (commentId: string) => commentRemoved(queryClient, articleId, commentId),
    }),
    [queryClient, articleId],
  );
}

export function useAddComment(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => addComment(articleId, { comment }),
    onSuccess: (comment) => commentAdded(queryClient, comment),
  });
}

export function useDeleteComment(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(articleId, commentId),
    onSuccess: (_result, commentId) => commentRemoved(queryClient, articleId, commentId),
  });
}
