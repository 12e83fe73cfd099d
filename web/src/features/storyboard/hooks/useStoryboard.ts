// The board's server state: the pautas of a tab (pages newest first, with every tab's count), the
// staff a pauta may be given to, and the changes, each refreshing the board and its counts.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STORY_MESSAGES, type StoryboardTab, type StoryStatus } from '../../../../../shared/storyboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { requestMessage } from '../../articles/lib/errors';
import { createIdea, listIdeas, listStaff, updateIdea, type StoryIdeaInput } from '../api/storyboard';
import { storyboardKeys } from '../api/keys';

export function useStoryIdeas(tab: StoryboardTab) {
  return useInfiniteQuery({
    queryKey: storyboardKeys.ideas(tab),
    queryFn: ({ pageParam, signal }) => listIdeas(tab === 'all' ? undefined : tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** `enabled` once the caller is known to be staff (a reader's call would only be refused). */
export function useStaff(enabled: boolean) {
  return useQuery({ queryKey: storyboardKeys.staff(), queryFn: ({ signal }) => listStaff(signal), staleTime: 5 * 60_000, enabled });
}

export function useCreateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoryIdeaInput) => createIdea(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storyboardKeys.all() }),
  });
}

type Change = { id: string } & ({ status: StoryStatus } | { assigned_to: string | null });

/** A status or an assignee changed from a card, with the spec's toasts. */
export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: Change) => updateIdea(id, change),
    onSuccess: (_idea, change) => {
      notifySuccess('status' in change ? STORY_MESSAGES.statusUpdated : STORY_MESSAGES.assigned);
      void queryClient.invalidateQueries({ queryKey: storyboardKeys.all() });
    },
    onError: (error, change) => notifyError('Erro', requestMessage(error, 'status' in change ? STORY_MESSAGES.statusError : STORY_MESSAGES.assignError)),
  });
}
