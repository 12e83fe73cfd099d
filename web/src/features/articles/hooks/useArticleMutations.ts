// The article writes, each leaving the query cache as the API's answer says (see api/cache.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleCreateInput, ArticleUpdateInput } from '../../../../../shared/articles';
import { createArticle, deleteArticle, restoreVersion, updateArticle } from '../api/articles';
import { articleDeleted, articleStored } from '../api/cache';

export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleCreateInput) => createArticle(input),
    onSuccess: (created) => articleStored(queryClient, created, true),
  });
}

/** Save, publish and send to review: one PUT with the status it asks for. */
export function useSaveArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleUpdateInput) => updateArticle(id, input),
    onSuccess: (saved) => articleStored(queryClient, saved),
  });
}

export function useRestoreVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number }) => restoreVersion(id, version, baseVersion),
    onSuccess: (restored) => articleStored(queryClient, restored),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteArticle(id),
    onSuccess: (_result, id) => articleDeleted(queryClient, id),
  });
}
