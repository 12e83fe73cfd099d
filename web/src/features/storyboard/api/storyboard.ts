// The storyboard's calls (lambdas/storyboard): authors, editors and masters only; the server refuses anyone else.
import type { StaffMember, StoryIdea, StoryIdeaInput, StoryIdeaList, StoryStatus } from '../../../../../shared/storyboard';
import { api } from '../../../lib/api';

export type { StaffMember, StoryIdea, StoryIdeaInput, StoryIdeaList, StoryStatus };

export function listIdeas(status: StoryStatus | undefined, cursor: string | undefined, signal?: AbortSignal) {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return api.get<StoryIdeaList>(`/storyboard/ideas${query ? `?${query}` : ''}`, { signal });
}

export const createIdea = (input: StoryIdeaInput) => api.post<StoryIdea>('/storyboard/ideas', input);

/** The selector's status and/or a new assignee (null: nobody). */
export const updateIdea = (id: string, change: { status?: StoryStatus; assigned_to?: string | null }) =>
  api.patch<StoryIdea>(`/storyboard/ideas/${encodeURIComponent(id)}`, change);

/** Remembers the draft article written from the pauta. */
export const linkArticle = (id: string, articleId: string) => api.put<StoryIdea>(`/storyboard/ideas/${encodeURIComponent(id)}/article`, { article_id: articleId });

export const listStaff = (signal?: AbortSignal) => api.get<StaffMember[]>('/storyboard/staff', { signal });
