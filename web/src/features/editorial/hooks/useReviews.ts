// An article's reviews (newest first) and the editors' review submit, which adds the API's answer to the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreateInput } from '../../../../../shared/editorial';
import { reviewAdded } from '../api/cache';
import { fetchReviews, submitReview } from '../api/editorial';
import { editorialKeys } from '../api/keys';

export function useReviews(articleId: string) {
  return useQuery({
    queryKey: editorialKeys.reviews(articleId),
    queryFn: ({ signal }) => fetchReviews(articleId, signal),
  });
}

export function useSubmitReview(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewCreateInput) => submitReview(articleId, input),
    onSuccess: (review) => reviewAdded(queryClient, review),
  });
}
